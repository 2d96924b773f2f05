/** @sabai/api — the member API. `buildApp` for tests and scripts; `server.ts` is the process. */
export { buildApp, type BuildAppOptions } from './app.ts';
export { loadConfig, type AppConfig } from './config.ts';
export type { AppContext } from './context.ts';
export { seedDemoSite } from './modules/demo/index.ts';
export { createStaffAccount, currentTotp } from './modules/staff/index.ts';
export { verifyAuditChain } from './lib/audit.ts';
