/**
 * The `seamless-hub88` module's face (issue 30): Hub88's seamless wallet (Wallet API routes under
 * `/seamless/hub88/`), its game sessions, and Sabai's signed calls to Hub88. docs/adr/0046.
 */
export { registerSeamlessHub88Routes } from './routes.ts';
export { HUB88_SIGNATURE_HEADER, hub88Keys, isHub88SignatureValid, signHub88Body } from '../../adapters/partner/index.ts';
export { HUB88_PARTNER_ACCOUNT, HUB88_PARTNER_NAME } from './hub88-wallet-ledger.ts';
export { hub88UserOf, hub88UserOfMember } from './hub88-members.ts';
export { openHub88Session } from './hub88-sessions.ts';
export { launchHub88Game } from './launch-hub88-game.ts';
export { reconcileSeamlessHub88 } from './reconcile-seamless.ts';
export { findRecordedHub88Transactions, listRecordedHub88Transactions, type RecordedHub88Transaction } from './recorded-transactions.ts';
export { findHub88Member } from './hub88-members.ts';
export { registerSeamlessHub88AdminRoutes } from './admin-routes.ts';
