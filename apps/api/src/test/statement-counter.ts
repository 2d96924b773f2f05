import { shareDatabaseScope, type Db, type Queryable, type QueryOptions } from '@sabai/db';

/**
 * Counts the SQL statements and round trips one API call makes (issue 29 §1), by wrapping the
 * app's database client in place: every `query` is one statement and one round trip; a
 * transaction adds its BEGIN and its COMMIT (or ROLLBACK), one statement and one round trip each.
 * Neither driver pipelines today, so round trips equal statements; a path that sends several
 * statements in one message (a CTE is one statement; `exec` of a script is one round trip)
 * shows fewer round trips than it would as separate calls.
 *
 * Counting is on only between `start()` and `stop()`; `pause()` / `resume()` leave out work that
 * is not the call's own (the test app's inline outbox run, test-app.ts `outboxInline`).
 */
export interface StatementCounter {
  start(): void;
  stop(): { statements: number; roundTrips: number; texts: string[] };
  pause(): void;
  resume(): void;
}

export function countStatements(db: Db): StatementCounter {
  let isOn = false;
  let isPaused = false;
  let statements = 0;
  let roundTrips = 0;
  let texts: string[] = [];
  const counting = () => isOn && !isPaused;
  const note = (text: string) => {
    if (!counting()) return;
    statements += 1;
    roundTrips += 1;
    texts.push(text.replace(/\s+/g, ' ').trim().slice(0, 100));
  };
  const wrapQueryable = (target: Queryable): Queryable => ({
    query: ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      note(sql);
      return target.query(sql, params, options);
    }) as Queryable['query'],
    exec: (sql: string) => {
      if (counting()) {
        // A script is one message: one round trip, as many statements as it has.
        const count = sql.split(';').filter((part) => part.trim() !== '').length;
        statements += count;
        roundTrips += 1;
        texts.push(`exec: ${sql.replace(/\s+/g, ' ').trim().slice(0, 90)}`);
      }
      return target.exec(sql);
    },
  });
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  const transaction = db.transaction.bind(db);
  const plain = wrapQueryable({ query, exec });
  db.query = plain.query;
  db.exec = plain.exec;
  db.transaction = (async (work: (tx: Queryable) => Promise<unknown>) => {
    note('BEGIN');
    let isCommitted = false;
    try {
      const result = await transaction((tx) => work(shareDatabaseScope(tx, wrapQueryable(tx))));
      isCommitted = true;
      return result;
    } finally {
      note(isCommitted ? 'COMMIT' : 'ROLLBACK');
    }
  }) as Db['transaction'];
  return {
    start() {
      statements = 0;
      roundTrips = 0;
      texts = [];
      isOn = true;
      isPaused = false;
    },
    stop() {
      isOn = false;
      return { statements, roundTrips, texts };
    },
    pause() {
      isPaused = true;
    },
    resume() {
      isPaused = false;
    },
  };
}
