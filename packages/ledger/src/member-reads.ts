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
  const balances = Object.fromEntries(MEMBER_ACCOUNT_KINDS.map((kind) => [kind, { availableSatang: 0n, pendingDebitsSatang: 0n }])) as Record<MemberAccountKind, MemberAccountBalance>;
  for (const row of rows) balances[row.kind] = { availableSatang: row.available, pendingDebitsSatang: row.pending };
  return balances;
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
 * transfers. Bounded paging: `offset` skips the member's own index entries only, and the count is
 * the member's own too, so an empty page (past the end) costs the member's history, never a scan.
 * `beforeTransferId` (keyset) starts the page below that id instead of an offset.
 * @throws RangeError when limit is outside 1..MAX_MEMBER_TRANSFER_PAGE or offset is negative.
 */
export async function listMemberTransfers(
  db: Queryable,
  filter: MemberTransferFilter,
  page: { limit: number; offset?: number; beforeTransferId?: bigint },
): Promise<{ rows: MemberTransferRow[]; total: number }> {
  const offset = page.offset ?? 0;
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_MEMBER_TRANSFER_PAGE) throw new RangeError(`limit ${page.limit} outside 1..${MAX_MEMBER_TRANSFER_PAGE}`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset ${offset} is negative`);
  const { where, params } = transferFilterSql(filter);
  const { rows } = await db.query<{ id: bigint; idempotency_key: string; code: string; phase: string; amount_satang: bigint; created_at: Date }>(
    `SELECT t.id, t.idempotency_key, t.code, t.phase, t.amount_satang, t.created_at FROM ledger_transfers t
     WHERE ${where} AND ($7::int8 IS NULL OR t.id < $7::int8)
     ORDER BY t.id DESC LIMIT $5 OFFSET $6`,
    [...params, page.limit, offset, page.beforeTransferId ?? null],
    // Two texts (credit / debit side); the generic plan is the custom one: the account's own index
    // (docs/adr/0033, checked with plan_cache_mode = force_generic_plan on 1M members).
    { prepare: true },
  );
  const total = await countMemberTransfers(db, filter);
  return {
    rows: rows.map((row) => ({ transferId: row.id, idempotencyKey: row.idempotency_key, code: row.code, phase: row.phase, amountSatang: row.amount_satang, createdAt: row.created_at })),
    total,
  };
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
