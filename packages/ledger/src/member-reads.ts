import type { Queryable } from '@sabai/db';
import { MEMBER_WALLET_KINDS, type MemberWalletKind } from './house-accounts.ts';
import { openWalletAccounts } from './reads.ts';

/**
 * Member reads of the ledger (issue 16 §3, docs/adr/0023): every one reaches the member's
 * transfers through the member's own accounts (`ledger_accounts (member_id, kind)`, then
 * `ledger_transfers (credit_account_id, id)` / `(debit_account_id, id)` from migration 0024, packages/ledger/migrations), so
 * it costs what the member's own history costs, never what the whole ledger costs. The ledger
 * package owns these reads; no module outside it names a ledger_* table.
 */

/** The member wallets every member has: the ledger's one list (house-accounts.ts), under the name these reads use. */
export const MEMBER_ACCOUNT_KINDS = MEMBER_WALLET_KINDS;
export type MemberAccountKind = MemberWalletKind;

/** Opens the member's wallet accounts (every kind, totals 0) inside the caller's transaction; an existing one is kept. */
export async function openMemberAccounts(tx: Queryable, memberId: string): Promise<void> {
  await openWalletAccounts(tx, [memberId]);
}

/** One wallet's cached totals read for display, in satang. */
export interface MemberAccountBalance {
  /** credits posted − debits posted − debits pending: what the member can use now. */
  availableSatang: bigint;
  /** debits pending: reserved (a withdrawal or a transfer in flight). */
  pendingDebitsSatang: bigint;
}

/**
 * Every wallet of the member (the member's own accounts by `(member_id, kind)`; cached totals,
 * no entry is summed). A kind the member has no account for reads as 0.
 */
export async function readMemberAccountBalances(db: Queryable, memberId: string): Promise<Record<MemberAccountKind, MemberAccountBalance>> {
  const { rows } = await db.query<{ kind: MemberAccountKind; available: bigint; pending: bigint }>(
    `SELECT kind, credits_posted - debits_posted - debits_pending AS available, debits_pending AS pending
     FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
    { prepare: true }, // every member call that shows money reads it (refresh, balance)
  );
  return toBalances(rows);
}

/** A member wallet's account id and what it can spend now (readMemberWallets). */
export interface MemberWallet {
  accountId: bigint;
  /** credits posted − debits posted − debits pending (availableCreditBalance of readAccountBalance). */
  availableSatang: bigint;
}

/**
 * The member's wallet accounts by kind, each with its id and available balance, in one statement
 * (issue 29 §3: a game transfer's reservation read two account ids and a balance in three). Not
 * locked, as readAccountBalance: the posting locks its accounts and checks the balance itself.
 * Member accounts keep cached totals (a CHECK of migration 0002), so no entry is summed.
 * @throws Error when the member lacks one of `required`.
 */
export async function readMemberWallets(db: Queryable, memberId: string, required: readonly MemberAccountKind[]): Promise<Partial<Record<MemberAccountKind, MemberWallet>>> {
  const { rows } = await db.query<{ id: bigint; kind: MemberAccountKind; available: bigint }>(
    `SELECT id, kind, credits_posted - debits_posted - debits_pending AS available FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
    { prepare: true },
  );
  const wallets: Partial<Record<MemberAccountKind, MemberWallet>> = {};
  for (const row of rows) wallets[row.kind] = { accountId: row.id, availableSatang: row.available };
  for (const kind of required) if (!wallets[kind]) throw new Error(`member ${memberId} has no ${kind} account`);
  return wallets;
}

function toBalances(rows: ReadonlyArray<{ kind: MemberAccountKind | null; available: bigint | null; pending: bigint | null }>): Record<MemberAccountKind, MemberAccountBalance> {
  const balances = Object.fromEntries(MEMBER_ACCOUNT_KINDS.map((kind) => [kind, { availableSatang: 0n, pendingDebitsSatang: 0n }])) as Record<MemberAccountKind, MemberAccountBalance>;
  for (const row of rows) {
    if (row.kind === null) continue;
    balances[row.kind] = { availableSatang: row.available ?? 0n, pendingDebitsSatang: row.pending ?? 0n };
  }
  return balances;
}

/**
 * readMemberAccountBalances and the caller's own one-row read in one statement (issue 29 §1,
 * docs/adr/0053): `companion.sql` is a SELECT that yields exactly one row (e.g. sums and a LEFT
 * JOIN on `(SELECT 1)`), a fixed text of the caller's code (never built from input), with the
 * member's id as `$1` and its own parameters from `$2` (`companion.params`). Its columns must not
 * start with `ledger_`. Runs as a prepared statement.
 * @returns the balances (as readMemberAccountBalances), the wallets' account ids by kind (docs/adr/0069:
 *   a GAME_OUT reserved without reading them again) and the companion row's columns.
 * @throws Error when the companion yields no row or more than one.
 */
export async function readMemberAccountBalancesWith<Companion extends Record<string, unknown>>(
  db: Queryable,
  memberId: string,
  companion: { sql: string; params: readonly unknown[] },
): Promise<{ balances: Record<MemberAccountKind, MemberAccountBalance>; accountIds: Partial<Record<MemberAccountKind, bigint>>; companion: Companion }> {
  const { rows } = await db.query<Companion & { ledger_kind: MemberAccountKind | null; ledger_account_id: bigint | null; ledger_available: bigint | null; ledger_pending: bigint | null }>(
    `WITH companion AS (${companion.sql})
     SELECT a.kind AS ledger_kind, a.id AS ledger_account_id, a.credits_posted - a.debits_posted - a.debits_pending AS ledger_available,
            a.debits_pending AS ledger_pending, companion.*
       FROM companion LEFT JOIN ledger_accounts a ON a.member_id = $1`,
    [memberId, ...companion.params],
    { prepare: true },
  );
  const first = rows[0];
  if (!first) throw new Error('readMemberAccountBalancesWith: the companion read yielded no row');
  const kinds = rows.map((row) => row.ledger_kind).filter((kind) => kind !== null);
  if (new Set(kinds).size !== kinds.length) throw new Error('readMemberAccountBalancesWith: the companion read yielded more than one row');
  const { ledger_kind: _kind, ledger_account_id: _accountId, ledger_available: _available, ledger_pending: _pending, ...rest } = first;
  const accountIds: Partial<Record<MemberAccountKind, bigint>> = {};
  for (const row of rows) if (row.ledger_kind !== null && row.ledger_account_id !== null) accountIds[row.ledger_kind] = row.ledger_account_id;
  return {
    balances: toBalances(rows.map((row) => ({ kind: row.ledger_kind, available: row.ledger_available, pending: row.ledger_pending }))),
    accountIds,
    companion: rest as unknown as Companion,
  };
}

/**
 * The member's wallets as one row's columns (`ledger_<kind>_available`, `ledger_<kind>_pending`),
 * read by a LATERAL aggregate over the member's own accounts: one row whatever the number of
 * accounts (null where the member has no account of a kind). Kinds are the ledger's fixed list.
 */
const WALLET_COLUMNS_SQL = MEMBER_ACCOUNT_KINDS.map((kind) => {
  if (!/^[a-z_]+$/.test(kind)) throw new Error(`unexpected wallet kind ${kind}`);
  return `max(a.credits_posted - a.debits_posted - a.debits_pending) FILTER (WHERE a.kind = '${kind}') AS ledger_${kind}_available,
          max(a.debits_pending) FILTER (WHERE a.kind = '${kind}') AS ledger_${kind}_pending`;
}).join(',\n          ');

/**
 * readMemberAccountBalancesWith for a member the caller's read finds (issue 29 §3, docs/adr/0053
 * addendum of branch h5): `companion.sql` yields at most one row, naming the member in its
 * `member_id` column (e.g. the member of an active session token), so the member's id need not be
 * known before the statement. The same fixed-text rules: written in the caller's code, never built
 * from input, parameters from `$1` (`companion.params`), no column starting with `ledger_`. One
 * prepared statement answering one row: the wallets are aggregated per kind into columns (the
 * member's accounts by `(member_id, kind)`, as readMemberAccountBalances), so the companion's
 * columns are not repeated per account.
 * @returns undefined when the companion yields no row; else the balances (a kind without an
 *   account reads 0) and the companion row's columns.
 * @throws Error when the companion yields more than one row.
 */
export async function readMemberAccountBalancesOf<Companion extends { member_id: string }>(
  db: Queryable,
  companion: { sql: string; params: readonly unknown[] },
): Promise<{ balances: Record<MemberAccountKind, MemberAccountBalance>; companion: Companion } | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH companion AS (${companion.sql})
     SELECT companion.*, wallets.*
       FROM companion LEFT JOIN LATERAL (
         SELECT ${WALLET_COLUMNS_SQL}
           FROM ledger_accounts a WHERE a.member_id = companion.member_id) AS wallets ON true`,
    [...companion.params],
    { prepare: true },
  );
  const row = rows[0];
  if (!row) return undefined;
  if (rows.length > 1) throw new Error('readMemberAccountBalancesOf: the companion read yielded more than one row');
  return walletColumnsRead<Companion>(row);
}

/** Splits a row of WALLET_COLUMNS_SQL's columns and a caller's into the balances and the caller's columns. */
function walletColumnsRead<Companion>(row: Record<string, unknown>): { balances: Record<MemberAccountKind, MemberAccountBalance>; companion: Companion } {
  const balances = {} as Record<MemberAccountKind, MemberAccountBalance>;
  const rest: Record<string, unknown> = { ...row };
  for (const kind of MEMBER_ACCOUNT_KINDS) {
    const available = row[`ledger_${kind}_available`] as bigint | null;
    const pending = row[`ledger_${kind}_pending`] as bigint | null;
    balances[kind] = { availableSatang: available ?? 0n, pendingDebitsSatang: pending ?? 0n };
    delete rest[`ledger_${kind}_available`];
    delete rest[`ledger_${kind}_pending`];
  }
  return { balances, companion: rest as Companion };
}

/**
 * readMemberAccountBalancesWith for a caller that decides from the wallets in the same statement
 * (issue 29 §1, docs/adr/0053 third addendum of branch h1: a deposit's bonus basis, the played-out
 * end of wagering requirements and the grant's lock in one statement). The member's wallets are a
 * one-row CTE, `ledger_wallets`, with columns `ledger_<kind>_available` and `ledger_<kind>_pending`
 * (satang; null where the member has no account of the kind; posted = available + pending), which
 * the caller's CTEs (`ctes`: may write, e.g. an UPDATE made only when the wallets say so) and its
 * SELECT (`select`, exactly one row, read as `LATERAL` after the wallets) may read. The same
 * fixed-text rules as readMemberAccountBalancesWith: written in the caller's code, never built from
 * input, the member's id as `$1`, the caller's parameters from `$2`, no caller column starting with
 * `ledger_`. One statement, one snapshot for all of it (a locking clause in `select` may wait after
 * the snapshot was taken, as a statement after this read would have waited after this read's).
 * Prepared.
 * @returns the balances (as readMemberAccountBalances) and the select's columns.
 * @throws Error when `select` yields no row or more than one.
 */
export async function readMemberAccountBalancesDeciding<Companion extends Record<string, unknown>>(
  db: Queryable,
  memberId: string,
  caller: { ctes?: string; select: string; params: readonly unknown[] },
): Promise<{ balances: Record<MemberAccountKind, MemberAccountBalance>; companion: Companion }> {
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH ledger_wallets AS MATERIALIZED (
       SELECT ${WALLET_COLUMNS_SQL}
         FROM ledger_accounts a WHERE a.member_id = $1)${caller.ctes ? `,
     ${caller.ctes}` : ''}
     SELECT ledger_wallets.*, companion.* FROM ledger_wallets CROSS JOIN LATERAL (${caller.select}) AS companion`,
    [memberId, ...caller.params],
    { prepare: true },
  );
  const row = rows[0];
  if (!row) throw new Error('readMemberAccountBalancesDeciding: the caller\'s select yielded no row');
  if (rows.length > 1) throw new Error('readMemberAccountBalancesDeciding: the caller\'s select yielded more than one row');
  return walletColumnsRead<Companion>(row);
}

/** A transfer as a member's history shows it. */
export interface MemberTransferRow {
  transferId: bigint;
  idempotencyKey: string;
  code: string;
  phase: string;
  amountSatang: bigint;
  createdAt: Date;
}

/** Which of the member's transfers: into (`credit`) or out of (`debit`) one wallet, of some codes and phases. */
export interface MemberTransferFilter {
  memberId: string;
  accountKind: MemberAccountKind;
  side: 'credit' | 'debit';
  codes: readonly string[];
  phases: readonly string[];
}

/** Most rows one page may ask for (style.md: bounded). */
export const MAX_MEMBER_TRANSFER_PAGE = 100;

function transferFilterSql(filter: MemberTransferFilter): { where: string; params: unknown[] } {
  const column = filter.side === 'credit' ? 't.credit_account_id' : 't.debit_account_id';
  return {
    // The account id first (one row by the unique (member_id, kind)), then the member's own
    // transfers by the (account, id) index: never a scan of the ledger.
    where: `${column} = (SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = $2)
            AND t.code = ANY($3::text[]) AND t.phase = ANY($4::text[])`,
    params: [filter.memberId, filter.accountKind, [...filter.codes], [...filter.phases]],
  };
}

/**
 * One page of the member's transfers, newest first (by transfer id), with the number of matching
 * transfers, in one statement. Bounded paging: `offset` skips the member's own index entries only,
 * and the count is the member's own too, so an empty page (past the end) costs the member's
 * history, never a scan. `beforeTransferId` (keyset) starts the page below that id instead of an
 * offset (the total ignores it).
 * @throws RangeError when limit is outside 1..MAX_MEMBER_TRANSFER_PAGE or offset is negative.
 */
export async function listMemberTransfers(
  db: Queryable,
  filter: MemberTransferFilter,
  page: { limit: number; offset?: number; beforeTransferId?: bigint },
): Promise<{ rows: MemberTransferRow[]; total: number }> {
  const { rows, total } = await listMemberTransfersWith(db, filter, page, { columns: '', joins: '', params: [] });
  return { rows: rows.map(({ companion: _companion, ...row }) => row), total };
}

/** The first parameter number a listMemberTransfersWith companion may use (`$8`). */
export const MEMBER_TRANSFERS_WITH_FIRST_PARAM = 8;

/**
 * listMemberTransfers and the caller's own read of each row in the same statement (issue 29 §1,
 * docs/adr/0053): `companion.joins` (LEFT JOINs / LEFT JOIN LATERALs on the page row `t`, whose
 * columns are `id`, `idempotency_key`, `code`, `phase`, `amount_satang`, `created_at`) and
 * `companion.columns` (a select list over them, names not starting with `ledger_`), fixed texts of
 * the caller's code (never built from input), parameters from `$8` (`companion.params`). A join
 * must yield at most one row per transfer (a LATERAL … LIMIT 1 where the key is not unique).
 * Runs as a prepared statement.
 * @throws RangeError when limit is outside 1..MAX_MEMBER_TRANSFER_PAGE or offset is negative.
 */
export async function listMemberTransfersWith<Companion extends Record<string, unknown>>(
  db: Queryable,
  filter: MemberTransferFilter,
  page: { limit: number; offset?: number; beforeTransferId?: bigint },
  companion: { columns: string; joins: string; params: readonly unknown[] },
): Promise<{ rows: Array<MemberTransferRow & { companion: Companion }>; total: number }> {
  const offset = page.offset ?? 0;
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_MEMBER_TRANSFER_PAGE) throw new RangeError(`limit ${page.limit} outside 1..${MAX_MEMBER_TRANSFER_PAGE}`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset ${offset} is negative`);
  const { where, params } = transferFilterSql(filter);
  // The page and the count as two CTEs joined on one row (the count's), so a page past the end
  // still answers its total. Both read the member's own index entries only; the page's generic
  // plan is the custom one: the account's own index (docs/adr/0033, checked with
  // plan_cache_mode = force_generic_plan on 1M members).
  const { rows } = await db.query<Companion & {
    ledger_total: bigint; ledger_id: bigint | null; ledger_idempotency_key: string; ledger_code: string; ledger_phase: string; ledger_amount_satang: bigint; ledger_created_at: Date;
  }>(
    `WITH page AS (
       SELECT t.id, t.idempotency_key, t.code, t.phase, t.amount_satang, t.created_at FROM ledger_transfers t
        WHERE ${where} AND ($7::int8 IS NULL OR t.id < $7::int8)
        ORDER BY t.id DESC LIMIT $5 OFFSET $6
     ), counted AS (
       SELECT count(*) AS total FROM ledger_transfers t WHERE ${where}
     )
     SELECT counted.total AS ledger_total, t.id AS ledger_id, t.idempotency_key AS ledger_idempotency_key, t.code AS ledger_code,
            t.phase AS ledger_phase, t.amount_satang AS ledger_amount_satang, t.created_at AS ledger_created_at${companion.columns === '' ? '' : `, ${companion.columns}`}
       FROM counted LEFT JOIN page t ON true ${companion.joins}
      ORDER BY t.id DESC`,
    [...params, page.limit, offset, page.beforeTransferId ?? null, ...companion.params],
    { prepare: true },
  );
  const transfers: Array<MemberTransferRow & { companion: Companion }> = [];
  for (const row of rows) {
    const { ledger_total: _total, ledger_id: id, ledger_idempotency_key: idempotencyKey, ledger_code: code, ledger_phase: phase, ledger_amount_satang: amountSatang, ledger_created_at: createdAt, ...rest } = row;
    if (id === null) continue; // the count's row when the page is empty
    transfers.push({ transferId: id, idempotencyKey, code, phase, amountSatang, createdAt, companion: rest as unknown as Companion });
  }
  return { rows: transfers, total: Number(rows[0]?.ledger_total ?? 0n) };
}

/** The number of the member's transfers matching the filter (the member's own index entries only). */
export async function countMemberTransfers(db: Queryable, filter: MemberTransferFilter): Promise<number> {
  const { where, params } = transferFilterSql(filter);
  const { rows } = await db.query<{ total: bigint }>(`SELECT count(*) AS total FROM ledger_transfers t WHERE ${where}`, params, { prepare: true });
  return Number(rows[0]?.total ?? 0n);
}

/**
 * When each transfer was written (`created_at`), by id; ids not found are absent. For a record
 * that names its transfer (a reservation) and is shown on the ledger's clock.
 */
export async function readTransferTimes(db: Queryable, transferIds: readonly bigint[]): Promise<Map<bigint, Date>> {
  if (transferIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: bigint; created_at: Date }>('SELECT id, created_at FROM ledger_transfers WHERE id = ANY($1::int8[])', [transferIds.map(String)]);
  return new Map(rows.map((row) => [BigInt(row.id), row.created_at]));
}
