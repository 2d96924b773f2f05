import type { Queryable } from '@sabai/db';
import type { IncomingCredit } from '../../matching/match-deposit.ts';
import { accountFitsMask, readMaskedAccount } from '../../matching/masked-account.ts';

/**
 * One transfer, one deposit, whichever channel reports it first (issue 28 §2, docs/adr/0055). A bank
 * SMS carries no transaction reference, so "the same transfer" across the feed and a slip is: the same
 * house channel, the same amount in satang, times within `windowMs` (SMS print minutes), and the same
 * sending bank where both say one. Both sides take this transaction-scoped lock on (channel, amount)
 * before looking, so a slip and an SMS of one transfer processed at once still see each other.
 *
 * Modes (docs/adr/0059): a slip takes it `exclusive`, a feed event `shared`. A slip waits for every
 * feed event of that key in flight (and they for it), and for another slip; two feed events never
 * wait for each other: neither looks for the other's deposit, only for a slip's, and the one slip
 * deposit two of them could both claim is guarded by deposit_slip_feed_twins' key (the second
 * claim is a unique violation, its unit runs again alone and then sees the first's link).
 * Under the posting batcher a wait past its lock_timeout reruns the unit alone (no deadlock).
 * A feed event takes it inside SQL function deposit_feed_slip_twins (slipTwinsRead, migration
 * 0056), with this same key; this function is the slip's (and the tests').
 */
export async function lockSameTransfer(tx: Queryable, channelId: string, amountSatang: bigint, mode: 'shared' | 'exclusive'): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await tx.query(`SELECT ${lock}(hashtextextended($1, 0))`, [`same-transfer:${channelId}:${amountSatang}`], { prepare: true });
}

/** A deposit a feed event made (SMS / statement), not yet claimed by a slip. */
export interface FeedDepositTwin {
  depositId: string;
  eventId: bigint;
  status: 'credited' | 'held' | 'refunded' | 'refunding';
  memberId: string | null;
  holdReason: string | null;
}

/**
 * For a slip: the deposits the feed made of the same transfer (lock taken by the caller), oldest
 * first, at most 5. A deposit another slip stands for already is not a candidate.
 */
export async function findFeedDepositTwins(
  tx: Queryable,
  input: { channelId: string; amountSatang: bigint; occurredAt: Date; senderBankCode: string | null; senderAccount: string | null; windowMs: number },
): Promise<FeedDepositTwin[]> {
  const { rows } = await tx.query<{ id: string; event_id: bigint; status: FeedDepositTwin['status']; member_id: string | null; hold_reason: string | null; sender_account_masked: string | null }>(
    `SELECT d.id, d.event_id, d.status, d.member_id, d.hold_reason, d.sender_account_masked FROM deposits d
     WHERE d.channel_id = $1 AND d.amount_satang = $2
       AND d.occurred_at BETWEEN $3::timestamptz - make_interval(secs => $4::float8 / 1000) AND $3::timestamptz + make_interval(secs => $4::float8 / 1000)
       AND ($5::text IS NULL OR d.sender_bank_code IS NULL OR d.sender_bank_code = $5::text)
       AND NOT EXISTS (SELECT 1 FROM deposit_slips s WHERE s.deposit_id = d.id)
     ORDER BY d.occurred_at, d.id LIMIT 5`,
    [input.channelId, input.amountSatang, input.occurredAt, input.windowMs, input.senderBankCode],
  );
  return rows
    .filter((row) => mayBeSameSender(row.sender_account_masked, input.senderAccount))
    .map((row) => ({ depositId: row.id, eventId: row.event_id, status: row.status, memberId: row.member_id, holdReason: row.hold_reason }));
}

/** A slip's deposit a feed event may be the twin of: its id and its sender's account as recorded. */
export interface SlipDepositTwin {
  id: string;
  senderAccountMasked: string | null;
}

/**
 * For a feed event on a bank channel (processFeedEvent): a one-row read, `slip_twins` (JSON array
 * of SlipDepositTwin, oldest first, at most 5), that takes the same-transfer lock *shared* and then
 * reads the deposits a slip made of this transfer, not yet linked to a feed event. Both happen in
 * SQL function `deposit_feed_slip_twins` (migration 0056): VOLATILE PL/pgSQL, so its read takes a
 * fresh snapshot after the lock is granted, even when it is called inside another statement — a
 * slip that held the lock exclusive has committed by then and its deposit is seen. Travels in the
 * bank candidates' statement (channels/bank.ts `loadBankCandidatesAndSlipTwins`, issue 29 §1). The lock key is
 * lockSameTransfer's (same-transfer.test.ts checks they conflict); feed events of one amount do not
 * wait for each other, only for a slip (docs/adr/0059).
 * @param firstParam the number of the first of the read's 5 parameters (`$firstParam`…).
 */
export function slipTwinsRead(input: { channelId: string; credit: IncomingCredit; windowMs: number }): { sql: (firstParam: number) => string; params: unknown[] } {
  return {
    sql: (first) =>
      `SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.deposit_id, 'senderAccountMasked', t.sender_account_masked) ORDER BY t.position), '[]'::jsonb) AS slip_twins
         FROM deposit_feed_slip_twins($${first}::text, $${first + 1}::int8, $${first + 2}::timestamptz, $${first + 3}::float8, $${first + 4}::text)
              WITH ORDINALITY AS t(deposit_id, sender_account_masked, position)`,
    params: [input.channelId, input.credit.amountSatang, input.credit.occurredAt, input.windowMs, input.credit.senderBankCode ?? null],
  };
}

/**
 * For a feed event about to become a deposit (processFeedEvent, inside its transaction), given what
 * slipTwinsRead found under the lock: when a slip made the deposit of this same transfer already,
 * links this event to it (deposit_slip_feed_twins, one event per slip deposit) and returns its id,
 * so the event is marked and never posted; null otherwise (no statement). Only bank channels take
 * slips. Two feed events claiming one slip deposit at once: the second INSERT is a unique violation
 * (23505), its unit runs again alone and then no longer finds the linked deposit.
 */
export async function claimSlipDepositTwin(tx: Queryable, input: { eventId: bigint; credit: IncomingCredit; twins: readonly SlipDepositTwin[] }): Promise<string | null> {
  const twin = input.twins.find((row) => mayBeSameSender(row.senderAccountMasked, input.credit.senderAccountMasked ?? null));
  if (!twin) return null;
  await tx.query('INSERT INTO deposit_slip_feed_twins (deposit_id, event_id) VALUES ($1, $2)', [twin.id, input.eventId]);
  return twin.id;
}

/**
 * Whether two reports of a sender's account (full digits, or masked as banks print them) can be the same
 * account. Unknown on either side, or two masks (different banks hide different digits) → true: the
 * amount, time and bank decide. A full number against a mask → the mask rule (bank-feed). Pure.
 */
export function mayBeSameSender(left: string | null, right: string | null): boolean {
  if (!left || !right) return true;
  const full = (text: string) => (/^\d+$/.test(text.replace(/[- ]/g, '')) ? text.replace(/[- ]/g, '') : null);
  const leftFull = full(left);
  const rightFull = full(right);
  if (leftFull && rightFull) return leftFull === rightFull;
  if (!leftFull && !rightFull) return true;
  const mask = readMaskedAccount((leftFull ? right : left).toUpperCase().replace(/[*•]/g, 'X'));
  return mask === null || accountFitsMask((leftFull ?? rightFull)!, mask);
}
