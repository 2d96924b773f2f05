/**
 * The `deposits` module: deposit intake: feed deliveries and SMS gateway webhooks, matching to members,
 * crediting, PromptPay requests, transfer slips (channels/slip), held deposits and their refunds.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { registerFeedRoutes } from './feed-routes.ts';
export { processPendingFeedEvents } from './process-feed-event.ts';
export { signSmsGatewayBody } from './receive-sms-gateway-delivery.ts';
export { recoverDepositRefunds, refundHeldDeposit } from './refund-held-deposit.ts';
export { requestHeldDepositCredit } from './request-held-deposit-credit.ts';
export { checkHeldDepositRefund, requestHeldDepositRefund, type RefundNameCheck } from './request-held-deposit-refund.ts';
export { registerDepositRoutes } from './routes.ts';
export { activeFeedSourcesSql, isCreditableChannelSql } from './list-member-deposit-channels.ts';
export { registerSlipDepositRoutes } from './channels/slip/slip-routes.ts';
