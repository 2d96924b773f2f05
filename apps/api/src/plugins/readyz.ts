import type { FastifyInstance } from 'fastify';
import { listMigrations, type Db } from '@sabai/db';

/**
 * `GET /readyz` (issue 24 §3, docs/operations/monitoring.md): 200 `{ status: 'ready' }` only when
 * the database answers and every migration this build ships (`listMigrations()`, read once at
 * start: the files do not change under a running process) is recorded in `schema_migrations`.
 * Otherwise 503 with why: `{ status: 'unavailable', reason: 'database' }` or
 * `{ status: 'unavailable', reason: 'migrations', missingMigrations: [...] }` (a process of a newer
 * build started before `npm run db:migrate`). `/healthz` stays the liveness answer (the process and
 * its database); a load balancer sends traffic by `/readyz`. Open to every client, like `/healthz`:
 * migration file names are no secret.
 */
export async function registerReadyz(app: FastifyInstance, db: Db): Promise<void> {
  const expected = (await listMigrations()).map((migration) => migration.name);
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    let applied: Set<string>;
    try {
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      applied = new Set(rows.map((row) => row.name));
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
    const missingMigrations = expected.filter((name) => !applied.has(name));
    if (missingMigrations.length > 0) return reply.code(503).send({ status: 'unavailable', reason: 'migrations', missingMigrations });
    return { status: 'ready' };
  });
}
