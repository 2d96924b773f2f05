/**
 * @sabai/contracts — the wire contract of the member API (spec §7): zod schemas for requests and
 * responses, the closed error-code list with Thai messages, the bank table and field validators.
 * Shared by apps/api (validation + OpenAPI), apps/web and the tests.
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
export * from './responsible-gaming.ts';
