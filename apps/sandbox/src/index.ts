/** @sabai/sandbox — simulated outside providers over real HTTP. */
export { buildSandboxApp, type SandboxConfig } from './app.ts';
