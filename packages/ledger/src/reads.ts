import type { Queryable } from '@sabai/db';
import { MEMBER_WALLET_KINDS, type MemberWalletKind } from './house-accounts.ts';
import type { TransferCode } from './transfers.ts';

/**
 * The ledger's reads for the rest of the code (issue 10: "no file outside packages/ledger names a
 * ledger_* table"). Features that need to compare their own records with the ledger pass the
 * SQL of their own side (a table, a column, an expression over their row) and the ledger adds the
 * ledger side. Those fragments are trusted code, never request input; values go as parameters.
 */

/**
 * An incremental reconcile window (docs/adr/0027): check only what links to a transfer with
 * id > `sinceTransferId` (the last sound checkpoint). A feature row's money changes are posted in
 * the same database transaction as the transfer the row links to, so every row that changed since
 * the checkpoint links to a transfer in the window. A row changed WITHOUT a new transfer (a bug, a
 * hand edit) or linked to an old one is found only by a full run (no window).
 */
export interface TransferWindow {
  sinceTransferId: bigint;
}

/** Posted and pending totals, satang. */
export interface EntryTotals {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

/**
 * The account's entries summed over transfers with id in (afterTransferId, throughTransferId]
 * (either bound optional), satang. With `afterTransferId` the sum walks the window's entries by
 * `ledger_entries (transfer_id, account_id)`, so it costs the window, not the account's history:
 * checkpointed totals plus this sum give a hot derived account's balance without summing all its
 * entries (docs/adr/0027). Works for cached and derived accounts alike.
 */
export async function sumAccountEntries(
  q: Queryable,
  accountId: bigint,
  range: { afterTransferId?: bigint; throughTransferId?: bigint } = {},
): Promise<EntryTotals> {
  const params: unknown[] = [accountId];
  const bounds: string[] = [];
  if (range.afterTransferId !== undefined) {
    params.push(range.afterTransferId);
    bounds.push(`e.transfer_id > $${params.length}`);
  }
  if (range.throughTransferId !== undefined) {
    params.push(range.throughTransferId);
    bounds.push(`e.transfer_id <= $${params.length}`);
  }
  const { rows } = await q.query<{ dp: bigint; cp: bigint; dpe: bigint; cpe: bigint }>(
    `SELECT coalesce(sum(e.debits_posted), 0)::int8 AS dp, coalesce(sum(e.credits_posted), 0)::int8 AS cp,
            coalesce(sum(e.debits_pending), 0)::int8 AS dpe, coalesce(sum(e.credits_pending), 0)::int8 AS cpe
     FROM ledger_entries e WHERE e.account_id = $1${bounds.map((bound) => ` AND ${bound}`).join('')}`,
    params,
  );
  const row = rows[0];
  return { debitsPosted: row?.dp ?? 0n, creditsPosted: row?.cp ?? 0n, debitsPending: row?.dpe ?? 0n, creditsPending: row?.cpe ?? 0n };
}

/** A transfer as stored (money in satang). */
export interface TransferView {
  id: bigint;
  idempotencyKey: string;
  code: TransferCode;
  phase: 'single' | 'pending' | 'post_pending' | 'void_pending';
  amountSatang: bigint;
  debitAccountId: bigint;
  creditAccountId: bigint;
  pendingTransferId: bigint | null;
  sourceType: string | null;
  sourceId: string | null;
}

interface TransferRow {
  id: bigint;
  idempotency_key: string;
  code: TransferCode;
  phase: TransferView['phase'];
  amount_satang: bigint;
  debit_account_id: bigint;
  credit_account_id: bigint;
  pending_transfer_id: bigint | null;
  source_type: string | null;
  source_id: string | null;
}

const TRANSFER_COLUMNS =
  'id, idempotency_key, code, phase, amount_satang, debit_account_id, credit_account_id, pending_transfer_id, source_type, source_id';

const toTransferView = (row: TransferRow): TransferView => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  code: row.code,
  phase: row.phase,
  amountSatang: row.amount_satang,
  debitAccountId: row.debit_account_id,
  creditAccountId: row.credit_account_id,
  pendingTransferId: row.pending_transfer_id,
  sourceType: row.source_type,
  sourceId: row.source_id,
});

/** The transfer with this id, or undefined. */
export async function readTransfer(q: Queryable, id: bigint): Promise<TransferView | undefined> {
  const { rows } = await q.query<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`, [id]);
  return rows[0] && toTransferView(rows[0]);
}

/** The transfers with these idempotency keys (each key at most once), in id order. */
export async function findTransfersByKeys(q: Queryable, idempotencyKeys: readonly string[]): Promise<TransferView[]> {
  if (idempotencyKeys.length === 0) return [];
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE idempotency_key = ANY($1::text[]) ORDER BY id`,
    [[...idempotencyKeys]],
  );
  return rows.map(toTransferView);
}

/** The transfer with this idempotency key, or undefined. */
export async function findTransferByKey(q: Queryable, idempotencyKey: string): Promise<TransferView | undefined> {
  return (await findTransfersByKeys(q, [idempotencyKey]))[0];
}

/**
 * The transfers a source caused (`source_id`, optionally of one `source_type`), in id order.
 * For tests and investigations: no index serves it (migration 0061 dropped
 * `ledger_transfers_source_idx`, which every posting wrote and no module read), so it scans
 * ledger_transfers. A module that needs its transfers keeps their ids on its own rows.
 */
export async function listTransfersOfSource(q: Queryable, source: { id: string; type?: string }): Promise<TransferView[]> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE source_id = $1 AND ($2::text IS NULL OR source_type = $2) ORDER BY id`,
    [source.id, source.type ?? null],
  );
  return rows.map(toTransferView);
}

/** How many transfers and entries the ledger holds (the reconcile report's summary). */
export async function countLedgerRows(q: Queryable): Promise<{ transfers: bigint; entries: bigint }> {
  const { rows } = await q.query<{ transfers: bigint; entries: bigint }>(
    'SELECT (SELECT count(*) FROM ledger_transfers)::int8 AS transfers, (SELECT count(*) FROM ledger_entries)::int8 AS entries',
  );
  return rows[0] ?? { transfers: 0n, entries: 0n };
}

/**
 * Opens wallet accounts (`member:<id>:<kind>`, balances 0) for each member, inside the caller's
 * transaction; an existing one is kept. @returns the accounts of those members and kinds, in
 * member id then kind order.
 */
export async function openWalletAccounts(
  q: Queryable,
  memberIds: readonly string[],
  kinds: readonly MemberWalletKind[] = MEMBER_WALLET_KINDS,
): Promise<Array<{ memberId: string; kind: MemberWalletKind; accountId: bigint }>> {
  if (memberIds.length === 0) return [];
  await q.query(
    `INSERT INTO ledger_accounts (code, member_id, kind)
     SELECT 'member:' || m || ':' || k, m, k FROM unnest($1::text[]) AS ms(m) CROSS JOIN unnest($2::text[]) AS ks(k)
     ON CONFLICT DO NOTHING`,
    [[...memberIds], [...kinds]],
  );
  return listMemberAccounts(q, memberIds, kinds);
}

/** The wallet accounts of these members (only the given kinds), in member id then kind order. */
export async function listMemberAccounts(
  q: Queryable,
  memberIds: readonly string[],
  kinds: readonly MemberWalletKind[] = MEMBER_WALLET_KINDS,
): Promise<Array<{ memberId: string; kind: MemberWalletKind; accountId: bigint }>> {
  const { rows } = await q.query<{ member_id: string; kind: MemberWalletKind; id: bigint }>(
    `SELECT member_id, kind, id FROM ledger_accounts WHERE member_id = ANY($1::text[]) AND kind = ANY($2::text[]) ORDER BY member_id, kind`,
    [[...memberIds], [...kinds]],
  );
  return rows.map((row) => ({ memberId: row.member_id, kind: row.kind, accountId: row.id }));
}

/**
 * Takes the posting row lock (FOR NO KEY UPDATE) on several member accounts, in id order (the
 * order postings lock in), until the transaction ends. See `lockAccount`.
 */
export async function lockAccounts(q: Queryable, accountIds: readonly bigint[]): Promise<void> {
  const { rows } = await q.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::int8[]) ORDER BY id FOR NO KEY UPDATE', [[...accountIds]]);
  if (rows.length !== new Set(accountIds).size) throw new Error(`ledger accounts ${accountIds.join(', ')}: some do not exist`);
}

/**
 * Posted totals of an account summed from its entries (optionally only the entries of transfers
 * with `transferCode`), satang. Works for cached and derived accounts alike.
 */
export async function readPostedTotals(
  q: Queryable,
  accountCode: string,
  options: { transferCode?: TransferCode } = {},
): Promise<{ debitsPosted: bigint; creditsPosted: bigint }> {
  const { rows } = await q.query<{ debits: bigint; credits: bigint }>(
    `SELECT coalesce(sum(e.debits_posted), 0)::int8 AS debits, coalesce(sum(e.credits_posted), 0)::int8 AS credits
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.code = $1 AND ($2::text IS NULL OR t.code = $2)`,
    [accountCode, options.transferCode ?? null],
  );
  return { debitsPosted: rows[0]?.debits ?? 0n, creditsPosted: rows[0]?.credits ?? 0n };
}

/**
 * Net posted (credits − debits, satang) on members' wallets of `kind` by transfers of
 * `transferCode` (and `sourceType` when given), per member; only members with such entries,
 * or only `memberId` when given. With `window`: only the members whose wallet of `kind` a
 * transfer of the window touched (any code), each with the net of their whole history (0 when
 * none), found by `ledger_entries (transfer_id, account_id)` then the wallet's own entries.
 */
export async function sumMemberWalletPostings(
  q: Queryable,
  filter: { kind: MemberWalletKind; transferCode: TransferCode; sourceType?: string; memberId?: string },
  window?: TransferWindow,
): Promise<Map<string, bigint>> {
  if (window) {
    const { rows } = await q.query<{ member_id: string; net: bigint }>(
      `WITH touched AS (SELECT DISTINCT a.id, a.member_id FROM ledger_entries w JOIN ledger_accounts a ON a.id = w.account_id
                        WHERE w.transfer_id > $5 AND a.kind = $1 AND ($4::text IS NULL OR a.member_id = $4))
       SELECT touched.member_id,
              coalesce(sum(e.credits_posted - e.debits_posted) FILTER (WHERE t.code = $2 AND ($3::text IS NULL OR t.source_type = $3)), 0)::int8 AS net
       FROM touched LEFT JOIN ledger_entries e ON e.account_id = touched.id LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
       GROUP BY touched.member_id`,
      [filter.kind, filter.transferCode, filter.sourceType ?? null, filter.memberId ?? null, window.sinceTransferId],
    );
    return new Map(rows.map((row) => [row.member_id, row.net]));
  }
  const { rows } = await q.query<{ member_id: string; net: bigint }>(
    `SELECT a.member_id, sum(e.credits_posted - e.debits_posted)::int8 AS net
     FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = $1 AND t.code = $2 AND ($3::text IS NULL OR t.source_type = $3) AND ($4::text IS NULL OR a.member_id = $4)
     GROUP BY a.member_id`,
    [filter.kind, filter.transferCode, filter.sourceType ?? null, filter.memberId ?? null],
  );
  return new Map(rows.map((row) => [row.member_id, row.net]));
}

/**
 * Members' wallets of `kind` touched by a transfer whose code is not in `allowedCodes` (distinct
 * pairs, at most `limit`); with `window`, only by the window's transfers.
 */
export async function findWalletPostingsOutside(
  q: Queryable,
  filter: { kind: MemberWalletKind; allowedCodes: readonly TransferCode[]; limit: number },
  window?: TransferWindow,
): Promise<Array<{ memberId: string; code: TransferCode }>> {
  const { rows } = await q.query<{ member_id: string; code: TransferCode }>(
    `SELECT DISTINCT a.member_id, t.code FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = $1 AND NOT (t.code = ANY($2::text[]))${window ? ' AND e.transfer_id > $4' : ''} LIMIT $3`,
    window ? [filter.kind, [...filter.allowedCodes], filter.limit, window.sinceTransferId] : [filter.kind, [...filter.allowedCodes], filter.limit],
  );
  return rows.map((row) => ({ memberId: row.member_id, code: row.code }));
}

/** A literal value (sent as a parameter) or SQL over the feature's row (trusted code). */
export type Expected = string | { sql: string };

/** What one side of a transfer should be: a house account, or a member's wallet of a kind. */
export interface ExpectedSide {
  houseCode?: Expected;
  memberId?: Expected;
  kind?: Expected;
}

/**
 * A feature's rows that point at a ledger transfer and what that transfer must be. The feature
 * side is SQL: `from` (its table(s) with an alias), `transferColumn` (the transfer id column),
 * `detail` (what identifies a bad row, text), optional `where`.
 */
export interface TransferLinkCheck {
  from: string;
  transferColumn: string;
  detail: string;
  where?: string;
  /**
   * With a window: the row's transfer id columns, one of which a change of the row sets to a new
   * transfer (default `transferColumn`); each should be indexed.
   */
  changedWith?: readonly string[];
  expect: {
    code: TransferCode;
    /** Allowed phases. */
    phases: ReadonlyArray<TransferView['phase']> | { sql: string };
    amountSatang?: { sql: string };
    pendingTransferId?: { sql: string };
    debit?: ExpectedSide;
    credit?: ExpectedSide;
  };
}

/**
 * The feature rows whose linked transfer is not what `check.expect` says (code, phase, amount,
 * resolved reservation, each side's house code or member and kind); with `window`, only rows
 * whose `changedWith` columns point past the window's start. @returns their `detail`, at most
 * `limit`.
 */
export async function findTransferLinkMismatches(q: Queryable, check: TransferLinkCheck, limit = 20, window?: TransferWindow): Promise<string[]> {
  const params: unknown[] = [];
  const value = (expected: Expected): string => {
    if (typeof expected === 'string') {
      params.push(expected);
      return `$${params.length}::text`;
    }
    return `(${expected.sql})`;
  };
  const differs: string[] = [`t.code <> ${value(check.expect.code)}`];
  const phases = check.expect.phases;
  if ('sql' in phases) differs.push(`t.phase IS DISTINCT FROM (${phases.sql})`);
  else {
    params.push([...phases]);
    differs.push(`NOT (t.phase = ANY($${params.length}::text[]))`);
  }
  if (check.expect.amountSatang) differs.push(`t.amount_satang <> (${check.expect.amountSatang.sql})`);
  if (check.expect.pendingTransferId) differs.push(`t.pending_transfer_id IS DISTINCT FROM (${check.expect.pendingTransferId.sql})`);
  for (const [alias, side] of [['debit', check.expect.debit], ['credit', check.expect.credit]] as const) {
    if (!side) continue;
    if (side.houseCode !== undefined) differs.push(`${alias}.code IS DISTINCT FROM ${value(side.houseCode)}`);
    if (side.memberId !== undefined) differs.push(`${alias}.member_id IS DISTINCT FROM ${value(side.memberId)}`);
    if (side.kind !== undefined) differs.push(`${alias}.kind IS DISTINCT FROM ${value(side.kind)}`);
  }
  let changed = 'true';
  if (window) {
    params.push(window.sinceTransferId);
    changed = (check.changedWith ?? [check.transferColumn]).map((column) => `${column} > $${params.length}`).join(' OR ');
  }
  params.push(limit);
  const { rows } = await q.query<{ detail: string }>(
    `SELECT (${check.detail})::text AS detail
     FROM ${check.from} JOIN ledger_transfers t ON t.id = ${check.transferColumn}
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE (${check.where ?? 'true'}) AND (${changed}) AND (${differs.join(' OR ')})
     LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => row.detail);
}

/**
 * Transfers (of `filter.code` or `filter.sourceType`) that no feature row claims: `claimedBy` is
 * an EXISTS subquery of the feature where `{transferId}` and `{sourceId}` stand for the transfer's
 * id and source id; with `window`, only the window's transfers (by the primary key). @returns the
 * transfer ids, at most `limit`.
 */
export async function findUnclaimedTransfers(
  q: Queryable,
  filter: { code?: TransferCode; sourceType?: string; claimedBy: string },
  limit = 20,
  window?: TransferWindow,
): Promise<bigint[]> {
  const claimed = filter.claimedBy.replaceAll('{transferId}', 't.id').replaceAll('{sourceId}', 't.source_id');
  const { rows } = await q.query<{ id: bigint }>(
    `SELECT t.id FROM ledger_transfers t
     WHERE ($1::text IS NULL OR t.code = $1) AND ($2::text IS NULL OR t.source_type = $2) AND NOT EXISTS (${claimed})${window ? ' AND t.id > $4' : ''}
     LIMIT $3`,
    window ? [filter.code ?? null, filter.sourceType ?? null, limit, window.sinceTransferId] : [filter.code ?? null, filter.sourceType ?? null, limit],
  );
  return rows.map((row) => row.id);
}

/**
 * Feature rows holding a reservation (`pendingColumn`) whose resolution is not the expected one:
 * `expectedResolution` is SQL over the feature row giving `post_pending`, `void_pending` or NULL
 * (not resolved yet). With `window`: only rows whose reservation is one of the window's pending
 * transfers or was resolved by one of the window's transfers (the feature's `pendingColumn` must
 * be indexed). @returns each bad row's `detail` and the resolution found (null: none).
 */
export async function findPendingResolutionMismatches(
  q: Queryable,
  check: { from: string; pendingColumn: string; detail: string; expectedResolution: string; where?: string },
  limit = 20,
  window?: TransferWindow,
): Promise<Array<{ detail: string; resolution: string | null }>> {
  const inWindow = window
    ? ` AND ${check.pendingColumn} IN (SELECT w.id FROM ledger_transfers w WHERE w.id > $2 AND w.phase = 'pending'
                                      UNION SELECT w.pending_transfer_id FROM ledger_transfers w WHERE w.id > $2 AND w.pending_transfer_id IS NOT NULL)`
    : '';
  const { rows } = await q.query<{ detail: string; resolution: string | null }>(
    `SELECT (${check.detail})::text AS detail, r.phase AS resolution
     FROM ${check.from} LEFT JOIN ledger_transfers r ON r.pending_transfer_id = ${check.pendingColumn}
     WHERE (${check.where ?? 'true'}) AND r.phase IS DISTINCT FROM (${check.expectedResolution})${inWindow}
     LIMIT $1`,
    window ? [limit, window.sinceTransferId] : [limit],
  );
  return rows;
}

/**
 * Members whose wallet of `kind` has a cached total different from what the feature expects:
 * `expectedSql` is SQL giving satang where `{memberId}` stands for the wallet's member. With
 * `window`: only wallets a transfer of the window touched (a wallet's totals change only by
 * postings) and those of `openMembersSql` (SQL giving member ids: the feature's open rows, few).
 * @returns the member ids, at most `limit`.
 */
export async function findMemberWalletTotalMismatches(
  q: Queryable,
  check: { kind: MemberWalletKind; total: 'debitsPending' | 'creditsPending'; expectedSql: string; openMembersSql?: string },
  limit = 20,
  window?: TransferWindow,
): Promise<string[]> {
  const column = check.total === 'debitsPending' ? 'a.debits_pending' : 'a.credits_pending';
  const open = check.openMembersSql ? ` UNION SELECT o.id FROM ledger_accounts o WHERE o.kind = $1 AND o.member_id IN (${check.openMembersSql})` : '';
  const { rows } = await q.query<{ member_id: string }>(
    `SELECT a.member_id FROM ledger_accounts a
     WHERE a.kind = $1 AND ${column} <> coalesce((${check.expectedSql.replaceAll('{memberId}', 'a.member_id')}), 0)
       ${window ? `AND a.id IN (SELECT w.account_id FROM ledger_entries w WHERE w.transfer_id > $3${open})` : ''}
     LIMIT $2`,
    window ? [check.kind, limit, window.sinceTransferId] : [check.kind, limit],
  );
  return rows.map((row) => row.member_id);
}

/**
 * The available balance (credits posted − debits posted − debits pending, satang) of a member's
 * wallet of `kind`; 0 when the member has no such wallet.
 */
export async function readMemberWalletAvailable(q: Queryable, memberId: string, kind: MemberWalletKind): Promise<bigint> {
  const { rows } = await q.query<{ available: bigint }>(
    'SELECT credits_posted - debits_posted - debits_pending AS available FROM ledger_accounts WHERE member_id = $1 AND kind = $2',
    [memberId, kind],
  );
  return rows[0]?.available ?? 0n;
}
