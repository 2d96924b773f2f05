import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '@sabai/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { sandboxProvidersWarning } from './production-safety.ts';

/**
 * The API process (`npm run api`, production entry): HTTP only, no jobs — the worker process
 * (`npm run worker`, worker-main.ts) runs those; any number of each share one PostgreSQL.
 * Config from the environment, migrations, listen, and a graceful close on SIGINT / SIGTERM
 * (stop accepting, finish requests in flight, close the pool).
 */
const config = loadConfig();
const webDistDir = config.WEB_DIST_DIR ?? path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrate(db);
const adminDistDir = config.ADMIN_DIST_DIR ?? path.resolve(fileURLToPath(new URL('../../admin/dist', import.meta.url)));
const { app } = await buildApp({ ...config, WEB_DIST_DIR: webDistDir, ADMIN_DIST_DIR: adminDistDir }, { db });
app.addHook('onClose', async () => db.close());
// A staging site runs production with sandbox providers (ALLOW_SANDBOX_PROVIDERS=true): say so at start.
const stagingWarning = sandboxProvidersWarning(config);
if (stagingWarning) app.log.warn(stagingWarning);
await app.listen({ host: config.HOST, port: config.PORT });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void app.close().then(() => process.exit(0));
  });
}
