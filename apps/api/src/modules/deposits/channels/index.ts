/**
 * `deposits/channels/` (part of the deposits module, issue 28 §1; issue 11 "Settings"): the house's deposit channels and
 * their bank-feed sources, managed by staff (rotation and health: deposits/feed-sources).
 */
export { registerDepositChannelRoutes } from './routes.ts';
export { listStaffDepositChannels } from './manage-deposit-channels.ts';
