import path from 'node:path';
import pino from 'pino';
import { migrate, openDatabase } from '@sabai/db';
import { loadConfig } from './config.ts';
import { sandboxProvidersWarning } from './production-safety.ts';
import { createAppContext } from './create-context.ts';
import { startWorker } from './worker/start-worker.ts';

/**
 * The worker process (`npm run worker`, issue 10 §5): no HTTP; runs the outbox handlers and the
 * periodic jobs (worker/start-worker.ts) against `DATABASE_URL`. Any number of workers and API
 * processes share one PostgreSQL. Configured like the API (same secrets: production refuses to
 * start without them, config.ts). Stops gracefully on SIGINT / SIGTERM (jobs in flight finish).
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL === 'silent' ? 'silent' : config.LOG_LEVEL, name: 'worker' });
// A staging site runs production with sandbox providers (ALLOW_SANDBOX_PROVIDERS=true): say so at start.
const stagingWarning = sandboxProvidersWarning(config);
if (stagingWarning) log.warn(stagingWarning);
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrate(db);
const context = await createAppContext(config, { db });
const worker = await startWorker(context, log);
log.info({ database: db.driver, pid: process.pid }, 'worker ready');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void worker
      .stop()
      .then(() => context.postings.close())
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
