import type { Queryable } from '@sabai/db';
import { accountFitsMask, readMaskedAccount } from '@sabai/contracts';
import { settleWithdrawalInTransaction } from './settle-withdrawal.ts';

/**
 * How a house account's debit notification and a payout recorded by staff recognise each other
 * (PAYOUT_PROVIDER=manual, docs/adr/0039). Private to the withdrawals module.
 */

/** A debit as the bank reported it (SMS or statement line), normalized. */
export interface HouseDebitFacts {
  channelId: string;
  amountSatang: bigint;
  occurredAt: Date;
  /** The destination as the bank prints it (`X180745X`, or a full number on a statement line); null when the text has none. */
  recipientAccountMasked: string | null;
}

/** A payout finance recorded: where it went, how much, and when the bank app said it was paid. */
export interface RecordedPayout {
  withdrawalId: string;
  channelId: string;
  amountSatang: bigint;
  accountNumber: string;
  paidAt: Date;
  createdAt: Date;
  /** The bank reference finance recorded. */
  reference: string;
}

/** Texts print minutes only: a debit may read up to a minute before the withdrawal row's own time. */
const TEXT_MINUTE_MS = 60_000;

/**
 * Whether a debit can be the payment of a recorded payout: same house channel, same amount, the
 * destination's visible digits fit the withdrawal's bank account (a debit without a readable
 * destination fits nothing), and the debit's time within `windowMs` of the time staff recorded,
 * never before the withdrawal existed. Pure.
 */
export function debitFitsPayout(debit: HouseDebitFacts, payout: RecordedPayout, windowMs: number): boolean {
  if (debit.channelId !== payout.channelId || debit.amountSatang !== payout.amountSatang) return false;
  const mask = debit.recipientAccountMasked === null ? null : readMaskedAccount(debit.recipientAccountMasked);
  if (!mask || !accountFitsMask(payout.accountNumber, mask)) return false;
  const occurredMs = debit.occurredAt.getTime();
  if (occurredMs < payout.createdAt.getTime() - TEXT_MINUTE_MS) return false;
  return Math.abs(occurredMs - payout.paidAt.getTime()) <= windowMs;
}

/**
 * Serializes the matching of one house channel (debits arriving, payouts being recorded) for the
 * rest of the transaction, so each side sees what the other committed: without it a debit and
 * the record of its payout, committing together, would each miss the other. Taken before any row
 * lock of the matching (one order: channel, then withdrawal rows, then ledger accounts).
 */
export async function lockChannelMatching(tx: Queryable, channelId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('manual-payout:' || $1::text, 0))`, [channelId]);
}

const PAYOUT_COLUMNS = `id AS "withdrawalId", payout_channel_id AS "channelId", amount_satang AS "amountSatang", account_number AS "accountNumber",
  payout_paid_at AS "paidAt", created_at AS "createdAt", payout_provider_ref AS "reference"`;

/** The recorded, unconfirmed payouts of a channel and amount, locked (a debit of another amount can never fit). */
export async function lockUnconfirmedPayouts(tx: Queryable, channelId: string, amountSatang: bigint): Promise<RecordedPayout[]> {
  const { rows } = await tx.query<RecordedPayout>(
    `SELECT ${PAYOUT_COLUMNS} FROM withdrawals WHERE status = 'paid_unconfirmed' AND payout_channel_id = $1 AND amount_satang = $2 ORDER BY id LIMIT 100 FOR UPDATE`,
    [channelId, amountSatang],
  );
  return rows;
}

/** Paid payouts of a channel and amount recorded around `around` (a second notification of one of them is a duplicate). */
export async function readPaidPayoutsAround(tx: Queryable, channelId: string, amountSatang: bigint, around: Date, windowMs: number): Promise<RecordedPayout[]> {
  const { rows } = await tx.query<RecordedPayout>(
    `SELECT ${PAYOUT_COLUMNS} FROM withdrawals
     WHERE status = 'paid' AND payout_channel_id = $1 AND amount_satang = $2 AND payout_paid_at BETWEEN $3 AND $4 ORDER BY id LIMIT 100`,
    [channelId, amountSatang, new Date(around.getTime() - windowMs), new Date(around.getTime() + windowMs)],
  );
  return rows;
}

/**
 * Confirms a recorded payout with the debit that paid it, in the caller's transaction: the
 * reservation is posted and the money leaves the ledger from the house channel that paid
 * (payouts_in_flight → the channel's bank account), `withdrawal.paid` is recorded, and the
 * withdrawal remembers the debit (unique: one debit confirms one withdrawal).
 * @returns whether it confirmed (false: the withdrawal was no longer waiting for confirmation).
 */
export async function confirmPayoutWithDebit(tx: Queryable, input: { payout: RecordedPayout; debitId: string }): Promise<boolean> {
  const settled = await settleWithdrawalInTransaction(tx, {
    withdrawalId: input.payout.withdrawalId,
    fromStatus: 'paid_unconfirmed',
    settlement: { result: 'succeeded', receipt: { providerRef: input.payout.reference } },
    payingAccountId: await channelLedgerAccount(tx, input.payout.channelId),
  });
  if (settled) await tx.query('UPDATE withdrawals SET payout_confirmed_by_debit_id = $2 WHERE id = $1', [input.payout.withdrawalId, input.debitId]);
  return settled;
}

/** The ledger account of a house channel (bank:<channel>): where a payout from it leaves the books. */
export async function channelLedgerAccount(tx: Queryable, channelId: string): Promise<bigint> {
  const { rows } = await tx.query<{ ledger_account_id: bigint }>('SELECT ledger_account_id FROM deposit_channels WHERE id = $1', [channelId]);
  const id = rows[0]?.ledger_account_id;
  if (id === undefined) throw new Error(`invariant: house channel ${channelId} does not exist`);
  return id;
}
