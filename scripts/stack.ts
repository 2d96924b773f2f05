import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase, type Db } from '@sabai/db';
import { buildApp, loadConfig, seedDemoSite } from '@sabai/api';
import { buildSandboxApp, DEMO_HUB88_OPERATOR_ID, DEMO_HUB88_OPERATOR_PRIVATE_KEY, SANDBOX_HUB88_PUBLIC_KEY } from '@sabai/sandbox';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
export const ADMIN_DIST_DIR = path.join(REPO_ROOT, 'apps/admin/dist');

export interface StackOptions {
  host?: string;
  apiPort: number;
  sandboxPort: number;
  /** PostgreSQL; unset = PGlite under `dataDir` (in memory when `dataDir` is unset too). */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  logLevel?: string;
  /** Extra environment for the API config (e.g. RATE_LIMIT_SCALE for tests). */
  env?: Record<string, string>;
}

export interface RunningStack {
  apiUrl: string;
  sandboxUrl: string;
  /** The game partner agent credentials the API and the sandbox share (for signed sandbox test tools). */
  partnerAgent: { agentId: string; agentSecret: string };
  db: Db;
  close(): Promise<void>;
}

/**
 * With GAME_PARTNER_PROVIDER=hub88 (the sandbox Hub88's seamless wallet, docs/adr/0047), the demo
 * keys and operator id the sandbox uses, unless set: the quick start needs no key setup.
 */
export function hub88DemoEnv(env: Record<string, string | undefined>): Record<string, string> {
  if (env.GAME_PARTNER_PROVIDER !== 'hub88') return {};
  return {
    ...(env.HUB88_PUBLIC_KEY ? {} : { HUB88_PUBLIC_KEY: SANDBOX_HUB88_PUBLIC_KEY }),
    ...(env.HUB88_PRIVATE_KEY ? {} : { HUB88_PRIVATE_KEY: DEMO_HUB88_OPERATOR_PRIVATE_KEY }),
    ...(env.HUB88_OPERATOR_ID ? {} : { HUB88_OPERATOR_ID: String(DEMO_HUB88_OPERATOR_ID) }),
  };
}

/**
 * The whole product in one process, as the quick start and the end-to-end journeys run it:
 * database (migrated, demo site seeded), the sandbox providers, and the API serving the built site
 * with the worker running in the same process.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir && path.join(options.dataDir, 'pglite') });
  const applied = await migrate(db);
  const baseConfig = loadConfig({ ...process.env, ...options.env });
  // The quick start and its demo data (published secrets, a demo member) are never production.
  if (baseConfig.NODE_ENV === 'production') throw new Error('the quick start seeds a demo site and never runs with NODE_ENV=production: run the API, worker and real providers instead');
  const seeded = await seedDemoSite(db, { feedSecret: baseConfig.SANDBOX_FEED_SECRET });

  const sandbox = await buildSandboxApp({
    apiKey: baseConfig.SANDBOX_API_KEY,
    feedSecret: baseConfig.SANDBOX_FEED_SECRET,
    partnerAgentId: baseConfig.GAME_PARTNER_AGENT_ID,
    partnerAgentSecret: baseConfig.GAME_PARTNER_AGENT_SECRET,
    smsSigningKey: baseConfig.SMS_GATEWAY_SIGNING_KEY,
    // The partner keeps balances next to the database so a restart keeps both books in step.
    ...(options.dataDir ? { partnerDataFile: path.join(options.dataDir, 'sandbox-partner.json') } : {}),
  });
  await sandbox.listen({ host, port: options.sandboxPort });
  const sandboxUrl = `http://${host}:${(sandbox.server.address() as { port: number }).port}`;

  const config = loadConfig({
    ...hub88DemoEnv({ ...process.env, ...options.env }),
    ...process.env,
    HOST: host,
    PORT: String(options.apiPort),
    SANDBOX_URL: sandboxUrl,
    WEB_DIST_DIR: WEB_DIST_DIR,
    ADMIN_DIST_DIR: ADMIN_DIST_DIR,
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    ...options.env,
  });
  // One process: the API and the worker (outbox handlers, periodic jobs) together.
  const { app } = await buildApp(config, { db, runJobs: true });
  await app.listen({ host, port: options.apiPort });
  const apiUrl = `http://${host}:${(app.server.address() as { port: number }).port}`;
  sandbox.setApiBaseUrl(apiUrl);
  app.log.info({ migrationsApplied: applied, ...seeded, sandboxUrl }, 'stack ready');

  return {
    apiUrl,
    sandboxUrl,
    partnerAgent: { agentId: baseConfig.GAME_PARTNER_AGENT_ID, agentSecret: baseConfig.GAME_PARTNER_AGENT_SECRET },
    db,
    async close() {
      await app.close();
      await sandbox.close();
      await db.close();
    },
  };
}
