/**
 * The `deposit-channels` module's face (issue 11 "Settings"): the house's deposit channels and
 * their bank-feed sources, managed by staff (rotation and health: modules/feed-sources).
 */
export { registerDepositChannelRoutes } from './routes.ts';
export { listStaffDepositChannels } from './manage-deposit-channels.ts';
