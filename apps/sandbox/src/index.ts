/** @sabai/sandbox — simulated outside providers over real HTTP. */
export { buildSandboxApp, type SandboxApp, type SandboxConfig } from './app.ts';
export { HOUSE_ACCOUNTS, type HouseAccount } from './bank/house-accounts.ts';
export { isValidFeedSignature, signFeedBody } from './bank/feed-client.ts';
export { signPartnerRequest } from './partner/index.ts';
