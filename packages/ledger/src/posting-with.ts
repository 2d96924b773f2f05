import type { Queryable } from '@sabai/db';
import type { MemberWalletKind } from './house-accounts.ts';
import { newTransferCall, readTransferOutcome, resolutionCall, type NewTransfer, type ResolvePendingInput, type TransferCall, type TransferOutcome } from './transfers.ts';

/**
 * One round trip for a whole money call (issue 29 §1, issue 30 §5, docs/adr/0054): the ledger's
 * two primitives that let a caller do in one statement what took several.
 *
 * - lockMemberWallet: find a member by the caller's own predicate, lock their wallet account the
 *   way every posting locks it (FOR NO KEY UPDATE), and read its spendable balance under the lock.
 * - postTransferWith: one posting (ledger_create_transfer, exactly as postTransfer) and the
 *   caller's own writes in data-modifying CTEs of the same statement, which may use the posting's
 *   id (`posting.transfer_id`). reserveTransferWith: the same for a reservation (pending phase).
 *
 * Both take fixed SQL texts from the caller (constants in its code, never built from input) and
 * run them as prepared statements.
 */

/** A member's wallet account locked by lockMemberWallet, with the caller's member columns. */
export type LockedMemberWallet<Member> = Member & {
  /** The wallet account's id. */
  accountId: bigint;
  /** Spendable under the lock: posted credits − posted debits − pending debits, satang (availableCreditBalance). */
  availableSatang: bigint;
};

/**
 * Locks the `kind` wallet of the member that `memberWhere` selects (an SQL condition on `members m`,
 * with parameters `$2…`, e.g. `m.affiliate_key = $2`) and returns `memberColumns` of that member
 * (an SQL select list on `m`, e.g. `m.id, m.status`) with the account id and its spendable balance,
 * or undefined when no member matches. One statement in place of member lookup, account id, lock
 * and balance read. Must run inside the caller's transaction; the lock lasts until it ends.
 * Optional: `memberJoins` (the caller's LEFT JOINs on `m`, fixed text, parameters from `$2` as
 * `params`; each must yield at most one row per member, e.g. a unique key) whose columns
 * `memberColumns` may name; `lockMember: 'share'` also takes `FOR SHARE` on the member's row in
 * the same statement (its columns cannot change until the transaction ends).
 * @throws Error when `memberWhere` matches more than one member (it must name a unique key).
 */
export async function lockMemberWallet<Member extends Record<string, unknown>>(
  tx: Queryable,
  input: { kind: MemberWalletKind; memberColumns: string; memberWhere: string; params: readonly unknown[]; memberJoins?: string; lockMember?: 'share' },
): Promise<LockedMemberWallet<Member> | undefined> {
  const { rows } = await tx.query<Member & { ledger_account_id: bigint; ledger_available_satang: bigint }>(
    `SELECT ${input.memberColumns}, a.id AS ledger_account_id,
            a.credits_posted - a.debits_posted - a.debits_pending AS ledger_available_satang
       FROM members m JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = $1${input.memberJoins ? ` ${input.memberJoins}` : ''}
      WHERE ${input.memberWhere}
        FOR NO KEY UPDATE OF a${input.lockMember === 'share' ? ' FOR SHARE OF m' : ''}`,
    [input.kind, ...input.params],
    { prepare: true },
  );
  if (rows.length > 1) throw new Error(`lockMemberWallet: ${rows.length} members match ${input.memberWhere}`);
  const row = rows[0];
  if (!row) return undefined;
  const { ledger_account_id: accountId, ledger_available_satang: availableSatang, ...member } = row;
  return { ...(member as unknown as Member), accountId, availableSatang };
}

/** The number of parameters postTransferWith uses itself: the caller's start at `$11`. */
export const POSTING_WITH_FIRST_PARAM = 11;

/**
 * Posts `transfer` (single phase, exactly as postTransfer: same key, digest, rules, outcome) and
 * runs `ctes` (the caller's `name AS (INSERT …), name AS (UPDATE …)` list, parameters from `$11`,
 * may read `posting.transfer_id` / `posting.outcome`; '' for none) in the same statement. Data-modifying CTEs
 * always run, whatever the posting's outcome: a caller whose writes must not survive a refusal
 * either selects `FROM posting WHERE posting.outcome IN ('created', 'exists')` or throws on the
 * outcome so its transaction rolls back. A plain SELECT CTE runs only if another CTE reads it.
 * `select` (optional) is a select list of the caller's evaluated once with the answer (e.g. outbox
 * notifications: apps/api's `outboxEventCtes().select`); its names must not be `outcome`,
 * `transfer_id` or `detail`.
 * @returns the posting's outcome (the caller decides what a refusal means).
 */
export async function postTransferWith(tx: Queryable, transfer: NewTransfer, ctes: string, params: readonly unknown[], select = ''): Promise<TransferOutcome> {
  return (await runTransferWith(newTransferCall('single', transfer), tx, ctes, params, select)).outcome;
}

/** The number of parameters resolveAndPostTransferWith uses itself: the caller's start at `$21`. */
export const RESOLVE_AND_POST_FIRST_PARAM = 21;

/**
 * Resolves a pending transfer (exactly as resolvePendingTransfer: same key, digest, outcome) and
 * then, only when the resolution is accepted (`created` or `exists`), posts `transfer` (exactly as
 * postTransfer), with the caller's `ctes` and `select` (as postTransferWith), all in one statement
 * (issue 29 §1, docs/adr/0053 addendum: a withdrawal's reservation posted and the money paid out).
 * The two postings run in that order (the posting reads the resolution's row), each locking its
 * accounts as it would alone. The caller's CTEs may read `resolution.transfer_id` /
 * `resolution.outcome` and `posting.transfer_id` / `posting.outcome` (parameters from `$21`);
 * data-modifying CTEs always run: filter them on the outcomes or throw on them.
 * @returns both outcomes; `posting` is undefined when the resolution was not accepted (nothing was posted).
 */
export async function resolveAndPostTransferWith(
  tx: Queryable,
  resolution: ResolvePendingInput,
  transfer: NewTransfer,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ resolution: TransferOutcome; posting: TransferOutcome | undefined }> {
  const outcomes = await runTwoWith(tx, resolutionCall(resolution), newTransferCall('single', transfer), 'resolution', ctes, params, select);
  return { resolution: outcomes.first, posting: outcomes.second };
}

/**
 * Two single-phase postings (each exactly as postTransfer: same key, digest, rules, outcome) in
 * order, the second only when the first is accepted (`created` or `exists`), with the caller's
 * `ctes` and `select` (as postTransferWith), in one statement (issue 29 §1: a bank-feed deposit
 * received into unallocated and credited to the member, with the deposit's row). Each locks its
 * accounts as it would alone, in that order. The caller's CTEs may read `first_posting.*` and
 * `posting.*` (`outcome`, `transfer_id`; parameters from `$21`, RESOLVE_AND_POST_FIRST_PARAM);
 * data-modifying CTEs always run: filter them on the outcomes or throw on them.
 * @returns both outcomes; `second` is undefined when the first was not accepted (nothing more was posted).
 */
export async function postTwoTransfersWith(
  tx: Queryable,
  first: NewTransfer,
  second: NewTransfer,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ first: TransferOutcome; second: TransferOutcome | undefined }> {
  return runTwoWith(tx, newTransferCall('single', first), newTransferCall('single', second), 'first_posting', ctes, params, select);
}

/**
 * resolveAndPostTransferWith, run only when the caller's `guard` finds its row (issue 29 §1,
 * docs/adr/0069: a settlement's row lock and its postings in one autocommitted statement in place
 * of BEGIN, a locking read, the postings and COMMIT). `guard` is a SELECT of the caller's (fixed
 * text, parameters from `$21`) that locks the row the resolution belongs to (`FOR UPDATE`, with the
 * row's state in its WHERE: under READ COMMITTED a row changed by a concurrent settler is read
 * again and drops out) and yields at most one row with `pending_transfer_id`. The resolution runs
 * per guard row (a LATERAL call on that column, which must equal `resolution.pendingTransferId`:
 * the request digest is made from it) and is never called when the guard yields nothing.
 * @returns undefined when the guard found nothing (nothing was written by the postings), else as
 *   resolveAndPostTransferWith.
 */
export async function resolveAndPostTransferGuardedWith(
  tx: Queryable,
  resolution: ResolvePendingInput,
  transfer: NewTransfer,
  guard: string,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ resolution: TransferOutcome; posting: TransferOutcome | undefined } | undefined> {
  const outcomes = await runTwoWith(tx, resolutionCall(resolution), newTransferCall('single', transfer), 'resolution', ctes, params, select, guard);
  return outcomes && { resolution: outcomes.first, posting: outcomes.second };
}

/**
 * resolvePendingTransferWith, run only when the caller's `guard` finds its row: as
 * resolveAndPostTransferGuardedWith with one posting (the caller's parameters, `guard`'s included,
 * from `$11`). Issue 29 §1 (docs/adr/0069): a game transfer's settlement in one statement.
 * @returns undefined when the guard found nothing, else the resolution's outcome and `row`.
 */
export async function resolvePendingTransferGuardedWith<Row extends Record<string, unknown> = Record<string, never>>(
  tx: Queryable,
  resolution: ResolvePendingInput,
  guard: string,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ outcome: TransferOutcome; row: Row } | undefined> {
  const call = resolutionCall(resolution);
  const { rows } = await tx.query<Row & { outcome: string; transfer_id: bigint | null; detail: string | null }>(
    `WITH guard AS (${guard}), posting AS (
       SELECT r.outcome, r.transfer_id, r.detail
         FROM guard g CROSS JOIN LATERAL ledger_create_transfer($1, $2, $3, $4, $5, $6, g.pending_transfer_id, $8, $9, $10) r
        WHERE g.pending_transfer_id = $7::int8
     ), ${ctes}
     SELECT outcome, transfer_id, detail${select === '' ? '' : `, ${select}`} FROM posting`,
    [...callParams(call), ...params],
    { prepare: true },
  );
  const first = rows[0];
  if (!first) return undefined;
  const { outcome, transfer_id, detail, ...row } = first;
  return { outcome: readTransferOutcome({ outcome, transfer_id, detail }), row: row as unknown as Row };
}

async function runTwoWith(
  tx: Queryable,
  first: TransferCall,
  second: TransferCall,
  firstName: 'resolution' | 'first_posting',
  ctes: string,
  params: readonly unknown[],
  select: string,
): Promise<{ first: TransferOutcome; second: TransferOutcome | undefined }>;
async function runTwoWith(
  tx: Queryable,
  first: TransferCall,
  second: TransferCall,
  firstName: 'resolution' | 'first_posting',
  ctes: string,
  params: readonly unknown[],
  select: string,
  guard: string,
): Promise<{ first: TransferOutcome; second: TransferOutcome | undefined } | undefined>;
async function runTwoWith(
  tx: Queryable,
  first: TransferCall,
  second: TransferCall,
  firstName: 'resolution' | 'first_posting',
  ctes: string,
  params: readonly unknown[],
  select: string,
  guard?: string,
): Promise<{ first: TransferOutcome; second: TransferOutcome | undefined } | undefined> {
  // Guarded: the first posting runs once per row of the caller's locking read (a LATERAL call on its
  // pending_transfer_id), so never when that read finds nothing.
  const firstCall = guard === undefined
    ? `${firstName} AS (
       SELECT outcome, transfer_id, detail FROM ledger_create_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     )`
    : `guard AS (${guard}), ${firstName} AS (
       SELECT r.outcome, r.transfer_id, r.detail
         FROM guard g CROSS JOIN LATERAL ledger_create_transfer($1, $2, $3, $4, $5, $6, g.pending_transfer_id, $8, $9, $10) r
        WHERE g.pending_transfer_id = $7::int8
     )`;
  const { rows } = await tx.query<{
    first_outcome: string;
    first_transfer_id: bigint | null;
    first_detail: string | null;
    outcome: string | null;
    transfer_id: bigint | null;
    detail: string | null;
  }>(
    `WITH ${firstCall}, posting AS (
       SELECT p.outcome, p.transfer_id, p.detail
         FROM ${firstName} f CROSS JOIN LATERAL ledger_create_transfer($11, $12, $13, $14, $15, $16, $17, $18, $19, $20) p
        WHERE f.outcome IN ('created', 'exists')
     )${ctes === '' ? '' : `, ${ctes}`}
     SELECT f.outcome AS first_outcome, f.transfer_id AS first_transfer_id, f.detail AS first_detail,
            p.outcome, p.transfer_id, p.detail${select === '' ? '' : `, ${select}`}
       FROM ${firstName} f LEFT JOIN posting p ON true`,
    [...callParams(first), ...callParams(second), ...params],
    { prepare: true },
  );
  const row = rows[0];
  if (!row && guard !== undefined) return undefined;
  if (!row) throw new Error('ledger_create_transfer returned no row');
  return {
    first: readTransferOutcome({ outcome: row.first_outcome, transfer_id: row.first_transfer_id, detail: row.first_detail }),
    second: row.outcome === null ? undefined : readTransferOutcome({ outcome: row.outcome, transfer_id: row.transfer_id, detail: row.detail }),
  };
}

/** The ten arguments of ledger_create_transfer for `call`, in order. */
const callParams = (call: TransferCall): unknown[] => [
  call.idempotencyKey, call.code, call.phase, call.debitAccountId, call.creditAccountId, call.amountSatang, call.pendingTransferId,
  call.source?.type ?? null, call.source?.id ?? null, call.requestDigest,
];

/**
 * reserveTransfer (a pending transfer: the debit reserved, exactly as reserveTransfer: same key,
 * digest, rules, outcome) and the caller's `ctes` in one statement, as postTransferWith (parameters
 * from `$11`, `posting.transfer_id` / `posting.outcome` readable, data-modifying CTEs always run:
 * filter them on the outcome or throw on it). `select` (optional, e.g. `(SELECT created_at FROM
 * recorded) AS created_at`) is a select list of the caller's over its CTEs' RETURNING rows,
 * answered as `row`; its names must not be `outcome`, `transfer_id` or `detail`.
 * @returns the reservation's outcome and the caller's selected columns.
 */
export async function reserveTransferWith<Row extends Record<string, unknown> = Record<string, never>>(
  tx: Queryable,
  transfer: NewTransfer,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ outcome: TransferOutcome; row: Row }> {
  return runTransferWith<Row>(newTransferCall('pending', transfer), tx, ctes, params, select);
}

/**
 * resolvePendingTransfer (post or void a pending transfer, exactly as resolvePendingTransfer: same
 * key, digest, rules, outcome) and the caller's `ctes` in one statement, as reserveTransferWith
 * (parameters from `$11`, `posting.transfer_id` / `posting.outcome` readable, data-modifying CTEs
 * always run: filter them on the outcome or throw on it; `select` answered as `row`). Issue 29 §3:
 * a game transfer's resolution with its row's update and outbox event.
 * @returns the resolution's outcome and the caller's selected columns.
 */
export async function resolvePendingTransferWith<Row extends Record<string, unknown> = Record<string, never>>(
  tx: Queryable,
  resolution: ResolvePendingInput,
  ctes: string,
  params: readonly unknown[],
  select = '',
): Promise<{ outcome: TransferOutcome; row: Row }> {
  return runTransferWith<Row>(resolutionCall(resolution), tx, ctes, params, select);
}

async function runTransferWith<Row extends Record<string, unknown>>(
  call: TransferCall,
  tx: Queryable,
  ctes: string,
  params: readonly unknown[],
  select: string,
): Promise<{ outcome: TransferOutcome; row: Row }> {
  const { rows } = await tx.query<Row & { outcome: string; transfer_id: bigint | null; detail: string | null }>(
    `WITH posting AS (
       SELECT outcome, transfer_id, detail FROM ledger_create_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     )${ctes === '' ? '' : `, ${ctes}`}
     SELECT outcome, transfer_id, detail${select === '' ? '' : `, ${select}`} FROM posting`,
    [
      call.idempotencyKey, call.code, call.phase, call.debitAccountId, call.creditAccountId, call.amountSatang, call.pendingTransferId,
      call.source?.type ?? null, call.source?.id ?? null, call.requestDigest, ...params,
    ],
    { prepare: true },
  );
  const first = rows[0];
  if (!first) throw new Error('ledger_create_transfer returned no row');
  const { outcome, transfer_id, detail, ...row } = first;
  return { outcome: readTransferOutcome({ outcome, transfer_id, detail }), row: row as unknown as Row };
}
