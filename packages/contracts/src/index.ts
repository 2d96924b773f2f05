/**
 * @sabai/contracts — every wire schema (issue 10): the member API (spec §7), the back office
 * (`admin/`), the bank feed and SMS Gateway (`bank-feed.ts`), the game partner (`partner.ts`), the
 * bank's payout and name-inquiry replies (`payout.ts`, `name-inquiry.ts`) and LINE's webhook (`line.ts`):
 * zod schemas for requests and responses, the closed error-code list with Thai messages, the bank
 * table and field validators. Shared by apps/api (validation + OpenAPI), apps/web, apps/admin,
 * the sandbox and the tests.
 */
export * from './errors.ts';
export * from './envelope.ts';
export * from './validators.ts';
export * from './banks.ts';
export * from './site.ts';
export * from './auth.ts';
export * from './wallet.ts';
export * from './promotions.ts';
export * from './rewards.ts';
export * from './play.ts';
export * from './admin/index.ts';
export * from './deposit-kinds.ts';
export * from './masked-account.ts';
export * from './bank-feed.ts';
export * from './partner.ts';
export * from './payout.ts';
export * from './name-inquiry.ts';
export * from './headers.ts';
export * from './line.ts';
export * from './responsible-gaming.ts';
export * from './sms.ts';
