/**
 * The `deposits` module: all deposit intake (issue 28 §1): feed deliveries and SMS gateway webhooks,
 * the feed sources that send them (feed-sources/: secrets, contact health, silence alarms), the banks'
 * notification parsers and masked accounts (bank-feed/), the house's deposit channels managed by staff
 * (channels/), PromptPay QR payloads (promptpay/), matching to members, crediting, transfer slips
 * (channels/slip), held deposits and their refunds.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { registerFeedRoutes } from './feed-routes.ts';
export { processPendingFeedEvents } from './process-feed-event.ts';
export { signSmsGatewayBody } from './receive-sms-gateway-delivery.ts';
export { recoverDepositRefunds, refundHeldDeposit } from './refund-held-deposit.ts';
export { registerDepositRoutes } from './routes.ts';
export { activeFeedSourcesSql, isCreditableChannelSql } from './list-member-deposit-channels.ts';
export { registerSlipDepositRoutes } from './channels/slip/slip-routes.ts';
export { registerDepositChannelRoutes } from './channels/index.ts';
export { registerFeedSourceRoutes, startSilenceAlarms } from './feed-sources/index.ts';
export { registerDepositAdminRoutes } from './admin-routes.ts';
/** The bank credit's candidate read, for bench/bank-candidates.ts (docs/adr/0076). */
export { loadBankCandidates } from './channels/bank.ts';
export type { IncomingCredit } from './matching/match-types.ts';
