import { createHash } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The database client: one small interface with two drivers that run the same SQL.
 *
 * - `pg` against a real PostgreSQL (production, CI): a pool; each transaction holds one connection.
 * - PGlite (embedded PostgreSQL in WASM) for the quick start and tests without a server: one
 *   connection, so transactions are serialized by PGlite itself and `FOR UPDATE` never blocks.
 *
 * On both, int8 (OID 20) is parsed as `bigint` (int8 arrays are not used) (money is satang in int8 columns) and timestamptz as
 * `Date`. Parameters use `$1…$n`. bigint parameters are sent as their decimal text.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** How one statement is sent. */
export interface QueryOptions {
  /**
   * Prepare the statement once per connection and run it again by name (a PostgreSQL named
   * prepared statement, named after a hash of `sql`): the server keeps its parse and, after five
   * runs, a generic plan when that costs no more than the custom ones (plan_cache_mode auto)
   * instead of planning on every call. Planning the member card took 0.26–0.55 ms against
   * 0.1–0.24 ms to run it (1M members; bench/README.md). For fixed SQL texts that run on every
   * member navigation only: a text built per call would fill each connection with statements.
   * PGlite runs the statement as usual.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** Runs one statement with positional parameters `$1…$n`. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly driver: 'pg' | 'pglite';
  /**
   * Runs `work` inside one transaction (BEGIN … COMMIT, ROLLBACK on throw). The `tx` it receives
   * must be used for every statement of the transaction. Nested calls are not supported.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to PostgreSQL notifications on `channel` (LISTEN). Notifications sent with
   * `pg_notify` inside a transaction arrive only if it commits. Returns the unsubscribe function.
   * `channel` must be a plain identifier. On PostgreSQL a lost LISTEN connection is opened again
   * (backoff up to 5 s); notifications sent while it was down are lost, so `onReconnect` lets the
   * caller catch up (tell its clients to refetch).
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: { onReconnect?: () => void }): Promise<() => Promise<void>>;
  /**
   * The connection pool's use right now (for /metrics, docs/adr/0037): connections open, idle and
   * the most it may open, and queries waiting for a connection. PGlite has one connection and no
   * queue: `null`. LISTEN connections are outside the pool and not counted.
   */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface PoolUse {
  totalConnections: number;
  idleConnections: number;
  maxConnections: number;
  waitingRequests: number;
}

const assertChannelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notification channel ${channel}`);
};

const INT8_OID = 20;

/** Most distinct SQL texts given `prepare`: they are fixed texts in the code, so more means a text built per call. */
const MAX_PREPARED_STATEMENTS = 200;
const preparedNames = new Map<string, string>();

/**
 * The prepared statement name of `sql`: `sabai_` + the first 16 hex digits of its SHA-256 (the
 * same on every connection and process). A rename of the text is a new statement.
 * @throws Error past MAX_PREPARED_STATEMENTS distinct texts.
 */
export function preparedStatementName(sql: string): string {
  let name = preparedNames.get(sql);
  if (name === undefined) {
    if (preparedNames.size >= MAX_PREPARED_STATEMENTS) throw new Error(`more than ${MAX_PREPARED_STATEMENTS} distinct SQL texts asked to be prepared: prepare fixed texts only`);
    name = `sabai_${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

const scopes = new WeakMap<Queryable, object>();

/**
 * The same object for a database handle and every transaction's `tx` opened on it (a new object
 * per `createPgDb` / `createPgliteDb`), or undefined for a Queryable this package did not make
 * (and that no wrapper passed it on to, `shareDatabaseScope`). A key for per-database caches
 * (WeakMap) of what never changes once written, e.g. @sabai/ledger's house account ids: two test
 * databases in one process never share an entry.
 */
export function databaseScope(q: Queryable): object | undefined {
  return scopes.get(q);
}

/**
 * Gives `wrapper` (a Queryable that forwards to `target`, e.g. a statement counter) the database
 * scope of `target`, so per-database caches keep working through it. Returns `wrapper`.
 */
export function shareDatabaseScope<Q extends Queryable>(target: Queryable, wrapper: Q): Q {
  const scope = scopes.get(target);
  if (scope !== undefined) scopes.set(wrapper, scope);
  return wrapper;
}

const inScope = <Q extends Queryable>(scope: object, q: Q): Q => {
  scopes.set(q, scope);
  return q;
};

const toParams = (params: readonly unknown[] = []) =>
  params.map((value) => (typeof value === 'bigint' ? value.toString() : value));

/** Opens a pool on a real PostgreSQL. `maxConnections` bounds the pool (default 10). */
export function createPgDb(connectionString: string, options: { maxConnections?: number } = {}): Db {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID) return (text: string) => BigInt(text);
      return pg.types.getTypeParser(oid, format ?? 'text');
    },
  };
  const maxConnections = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    types: typeParsers as pg.CustomTypesConfig,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 10_000,
  });
  const listeners = new Set<pg.Client>();
  let closed = false;
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their errors.
  });
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    const result = options?.prepare
      ? await client.query({ name: preparedStatementName(sql), text: sql, values: toParams(params) })
      : await client.query(sql, toParams(params));
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  };
  const scope = {};
  return inScope<Db>(scope, {
    driver: 'pg',
    query: (sql, params, options) => run(pool, sql, params, options),
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(inScope<Queryable>(scope, {
          query: (sql, params, options) => run(client, sql, params, options),
          exec: async (sql) => {
            await client.query(sql);
          },
        }));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload, options = {}) {
      assertChannelName(channel);
      let stopped = false;
      let current: pg.Client | undefined;
      // A dedicated connection outside the pool: LISTEN belongs to a session. If it is lost (a
      // PostgreSQL restart, a network cut), it is opened again and the caller is told to catch up.
      const connect = async (): Promise<pg.Client> => {
        const client = new pg.Client({ connectionString });
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        let lost = false;
        const onLost = () => {
          if (lost) return;
          lost = true;
          listeners.delete(client);
          client.end().catch(() => undefined);
          if (!stopped && !closed) void reconnect();
        };
        client.on('error', onLost);
        client.on('end', onLost);
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        listeners.add(client);
        current = client;
        return client;
      };
      const reconnect = async () => {
        for (let attempt = 1; !stopped && !closed; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
          if (stopped || closed) return;
          try {
            await connect();
            options.onReconnect?.();
            return;
          } catch {
            // Still down: try again after a longer pause.
          }
        }
      };
      await connect();
      return async () => {
        stopped = true;
        if (current) {
          listeners.delete(current);
          await current.end().catch(() => undefined);
        }
      };
    },
    poolUse: () => ({ totalConnections: pool.totalCount, idleConnections: pool.idleCount, maxConnections, waitingRequests: pool.waitingCount }),
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  });
}

/**
 * Opens an embedded PGlite database. `dataDir` keeps it on disk between runs (the quick start uses
 * `.data/pglite`); without it the database lives in memory (tests).
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const parsers = {
    [INT8_OID]: (text: string) => BigInt(text),
  };
  // pg_trgm: the members' sender-lookup index (migration 0066) needs it, as on a PostgreSQL server.
  const options = { parsers, extensions: { pg_trgm } };
  const lite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await lite.waitReady;
  const run = async <Row>(
    target: { query: PGlite['query'] },
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> => {
    const result = await target.query<Row>(sql, toParams(params) as unknown[]);
    return { rows: result.rows, rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
  };
  const scope = {};
  return inScope<Db>(scope, {
    driver: 'pglite',
    query: (sql, params) => run(lite, sql, params),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (work) =>
      lite.transaction((tx) =>
        work(inScope<Queryable>(scope, {
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        })),
      ),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      const unsubscribe = await lite.listen(channel, onPayload);
      return async () => {
        await unsubscribe();
      };
    },
    poolUse: () => null,
    close: () => lite.close(),
  });
}

/**
 * Opens the configured database: PostgreSQL when `databaseUrl` is set, otherwise PGlite (on disk
 * under `dataDir` when given, in memory otherwise).
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Db> {
  if (options.databaseUrl) return createPgDb(options.databaseUrl);
  return createPgliteDb(options.dataDir);
}

/** PostgreSQL error code of a failed statement (`23505` unique violation…), or undefined. */
export function postgresErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Name of the constraint a failed statement violated, when the driver reports it. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
