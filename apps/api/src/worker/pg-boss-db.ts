import type { Db, Queryable } from '@sabai/db';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's database interface (`executeSql(text, values)`) over our client (stack.md: "works on
 * PGlite through a small adapter"), so the jobs live in the same PostgreSQL — or PGlite — as the
 * money, and a job can be sent inside a money transaction (`send(…, { db: forTransaction(tx) })`).
 *
 * - A script of several statements without parameters (pg-boss's schema creation and migrations)
 *   runs as a simple query (`exec`): PGlite's extended protocol takes one statement at a time.
 * - int8 values come back as decimal strings, as `pg` gives them by default and pg-boss expects;
 *   our client parses them as bigint for money.
 */
export function pgBossDb(db: Db | Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && isScript(text)) {
        await runScript(db, text);
        return { rows: [] };
      }
      const result = await db.query(text, values ?? []);
      return { rows: result.rows.map(withBigintsAsText) };
    },
  };
}

/**
 * Runs one of pg-boss's scripts (they carry their own BEGIN … COMMIT). A script that fails half-way
 * must not leave its connection inside an aborted transaction: on PostgreSQL it runs on a
 * dedicated connection that is rolled back on error (our transaction; the script's own BEGIN and
 * COMMIT only warn); on PGlite (one connection) a failure is followed by a ROLLBACK.
 */
async function runScript(db: Db | Queryable, text: string): Promise<void> {
  if ('driver' in db && db.driver === 'pg') {
    await db.transaction((tx) => tx.exec(text));
    return;
  }
  try {
    await db.exec(text);
  } catch (error) {
    await db.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** More than one statement: a `;` followed by more SQL (pg-boss writes no `;` inside literals of one-statement commands). */
function isScript(text: string): boolean {
  const trimmed = text.trim().replace(/;\s*$/, '');
  return trimmed.includes(';');
}

function withBigintsAsText(row: unknown): unknown {
  if (row === null || typeof row !== 'object') return row;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    if (typeof value === 'bigint') {
      copy[key] = value.toString();
      changed = true;
    } else copy[key] = value;
  }
  return changed ? copy : row;
}
