import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';

/**
 * Posting transfers (money.md "Transfers"). Every movement of money is one call here, inside the
 * caller's database transaction, and one round trip: the SQL function ledger_create_transfer
 * (packages/ledger/migrations/0002-ledger.sql) locks, checks, writes and updates totals.
 *
 * Never call an outside provider inside the transaction that posts (money.md): persist intent,
 * commit, call, then post or void in a new transaction.
 */

/** Why money moved (money.md "Transfers"). Closed list, also a CHECK in the database. */
export const TRANSFER_CODES = [
  'DEPOSIT_RECEIVED',
  'DEPOSIT',
  'DEPOSIT_REFUND',
  'WITHDRAW',
  'GAME_IN',
  'GAME_OUT',
  'GAME_RESULT',
  'BONUS',
  'CASHBACK',
  'AFFILIATE',
  'WHEEL',
  'ITEM_CODE',
  'ADJUSTMENT',
  'REVERSAL',
  /** A bonus and its winnings taken back when the grant ends under a cap or is cancelled (docs/adr/0043). */
  'BONUS_FORFEIT',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

export type RefusalReason =
  | 'insufficient_funds'
  | 'pending_not_found'
  | 'pending_already_posted'
  | 'pending_already_voided'
  | 'account_not_found'
  | 'same_account';

export type TransferOutcome =
  | { status: 'created'; transferId: bigint }
  /** The same key and content was posted before: the first outcome, nothing new written. */
  | { status: 'exists'; transferId: bigint }
  | { status: 'refused'; reason: RefusalReason }
  /** The key was used for a different transfer. A programmer or client error. */
  | { status: 'conflict'; detail: string };

export interface SourceLink {
  /** What caused the movement: `bank_event`, `withdrawal`, `partner_transfer`, `staff_action`… */
  type: string;
  id: string;
}

export interface NewTransfer {
  /** Unique per movement, derived from its source (`deposit:<event id>`), ≤ 200 chars. */
  idempotencyKey: string;
  code: TransferCode;
  debitAccountId: bigint;
  creditAccountId: bigint;
  /** Positive satang, at most 1,000,000,000.00 baht. */
  amountSatang: bigint;
  source?: SourceLink;
}

const MAX_AMOUNT_SATANG = 100_000_000_000n;

function assertTransfer(transfer: NewTransfer): void {
  if (transfer.amountSatang <= 0n || transfer.amountSatang > MAX_AMOUNT_SATANG) {
    throw new RangeError(`transfer amount ${transfer.amountSatang} satang is outside 1..${MAX_AMOUNT_SATANG}`);
  }
  if (transfer.idempotencyKey.length === 0 || transfer.idempotencyKey.length > 200) {
    throw new RangeError('idempotency key must be 1..200 characters');
  }
}

/** The arguments of one ledger_create_transfer call (0002), for the single and the batched path. */
export interface TransferCall {
  idempotencyKey: string;
  code: TransferCode;
  phase: 'single' | 'pending' | 'post_pending' | 'void_pending';
  debitAccountId: bigint | null;
  creditAccountId: bigint | null;
  amountSatang: bigint | null;
  pendingTransferId: bigint | null;
  source: SourceLink | undefined;
  /** SHA-256 hex of the content, kept with a remembered refusal (same key + other content = conflict). */
  requestDigest: string;
}

const digest = (parts: unknown[]) =>
  createHash('sha256')
    .update(JSON.stringify(parts, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');

/** The call that posts a single-phase (`single`) or pending (`pending`) transfer. Throws RangeError on a bad amount or key. */
export function newTransferCall(phase: 'single' | 'pending', transfer: NewTransfer): TransferCall {
  assertTransfer(transfer);
  return withDigest({
    idempotencyKey: transfer.idempotencyKey,
    code: transfer.code,
    phase,
    debitAccountId: transfer.debitAccountId,
    creditAccountId: transfer.creditAccountId,
    amountSatang: transfer.amountSatang,
    pendingTransferId: null,
    source: transfer.source,
  });
}

/** The call that posts or voids a pending transfer (accounts and amount come from the pending one). */
export function resolutionCall(input: ResolvePendingInput): TransferCall {
  return withDigest({
    idempotencyKey: input.idempotencyKey,
    code: input.code,
    phase: input.resolution === 'post' ? 'post_pending' : 'void_pending',
    debitAccountId: null,
    creditAccountId: null,
    amountSatang: null,
    pendingTransferId: input.pendingTransferId,
    source: input.source,
  });
}

function withDigest(call: Omit<TransferCall, 'requestDigest'>): TransferCall {
  const requestDigest = digest([call.code, call.phase, call.debitAccountId, call.creditAccountId, call.amountSatang, call.pendingTransferId]);
  return { ...call, requestDigest };
}

/**
 * Reads one row of ledger_create_transfer / ledger_create_transfers into an outcome. Throws on an
 * outcome the functions never return (an assertion: the SQL and this code disagree).
 */
export function readTransferOutcome(row: { outcome: string; transfer_id: bigint | null; detail: string | null }): TransferOutcome {
  switch (row.outcome) {
    case 'created':
    case 'exists':
      if (row.transfer_id === null) throw new Error(`ledger_create_transfer: ${row.outcome} without an id`);
      return { status: row.outcome, transferId: row.transfer_id };
    case 'refused':
      return { status: 'refused', reason: row.detail as RefusalReason };
    case 'conflict':
      return { status: 'conflict', detail: row.detail ?? 'idempotency conflict' };
    default:
      throw new Error(`ledger_create_transfer: unknown outcome ${row.outcome}`);
  }
}

/** Runs one call of ledger_create_transfer in `tx` (one round trip). */
export async function callCreateTransfer(tx: Queryable, call: TransferCall): Promise<TransferOutcome> {
  const { rows } = await tx.query<{ outcome: string; transfer_id: bigint | null; detail: string | null }>(
    'SELECT outcome, transfer_id, detail FROM ledger_create_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [
      call.idempotencyKey,
      call.code,
      call.phase,
      call.debitAccountId,
      call.creditAccountId,
      call.amountSatang,
      call.pendingTransferId,
      call.source?.type ?? null,
      call.source?.id ?? null,
      call.requestDigest,
    ],
    // A fixed text run on every posting: kept prepared per connection (docs/adr/0033).
    { prepare: true },
  );
  const row = rows[0];
  if (!row) throw new Error('ledger_create_transfer returned no row');
  return readTransferOutcome(row);
}

/** What resolves a pending transfer: `post` moves the reserved amount, `void` releases it. */
export interface ResolvePendingInput {
  idempotencyKey: string;
  pendingTransferId: bigint;
  resolution: 'post' | 'void';
  code: TransferCode;
  source?: SourceLink;
}

/** Posts a single-phase transfer: the money moves now. */
export function postTransfer(tx: Queryable, transfer: NewTransfer): Promise<TransferOutcome> {
  return callCreateTransfer(tx, newTransferCall('single', transfer));
}

/**
 * Reserves: a pending transfer counts against the debit account's available balance until it is
 * posted or voided (money.md "Two-phase transfers").
 */
export function reserveTransfer(tx: Queryable, transfer: NewTransfer): Promise<TransferOutcome> {
  return callCreateTransfer(tx, newTransferCall('pending', transfer));
}

/** Resolves a pending transfer: `post` moves the reserved amount, `void` releases it. At most once. */
export function resolvePendingTransfer(tx: Queryable, input: ResolvePendingInput): Promise<TransferOutcome> {
  return callCreateTransfer(tx, resolutionCall(input));
}

/**
 * The accepted outcome of a posting, or an Error for a refusal or conflict (for callers where a
 * refusal can only be a programmer error, e.g. crediting a house-funded bonus).
 */
export function expectPosted(outcome: TransferOutcome): bigint {
  if (outcome.status === 'created' || outcome.status === 'exists') return outcome.transferId;
  throw new Error(`ledger refused: ${outcome.status === 'refused' ? outcome.reason : outcome.detail}`);
}
