import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, availableCreditBalance, expectPosted, inLedgerTransaction, lockAccount, postTransfer, readAccountBalance, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { addSuspenseToCase } from './game-cases.ts';
import { reviewGrantAfterSettlement } from '../promotions/index.ts';

/** Members settled per call and rounds per member per transaction (style.md: explicit limits). */
const MAX_MEMBERS_PER_RUN = 200;
const MAX_ROUNDS_PER_MEMBER = 500;

interface UnbookedRound {
  partner: string;
  round_id: string;
  status: string;
  stake_satang: bigint;
  payout_satang: bigint;
  booked_net_satang: bigint;
  suspense_net_satang: bigint;
}

/**
 * A round whose booked amounts differ from its latest record: the booking's condition, and the
 * predicate of the partial index bet_rounds_unbooked_idx (migration 0011), which every read of it
 * here must repeat word for word to use that index.
 */
export const UNBOOKED_ROUND = 'booked_net_satang + suspense_net_satang <> payout_satang - stake_satang';

/**
 * Settles played rounds into the ledger (issue 15: "game results come from what was played, not
 * from balance differences"). For every round whose booked amounts differ from the net of its
 * latest record (payout − stake; 0 once cancelled or refunded) the difference is posted as
 * GAME_RESULT between the member's game wallet and house:game_results, under a key per
 * (partner, round, status), so a re-pull or a second process books nothing twice.
 *
 * A loss the member's game wallet cannot cover: while one of their transfers is in flight it
 * waits (the money that paid for it may be on its way); otherwise the uncovered part is booked
 * against house:game_unexplained (the member lost credit our books never gave them) and added to
 * the member's reconciliation case for staff. A later reversal of such a round (cancelled) gives
 * suspense back first. Never debits the member more than they hold; never credits them anything
 * a round does not explain.
 *
 * @param memberId only this member's rounds (settlement of one member), or every member's.
 * @param options.hasUnbookedRounds for one member: whether the caller's own statement just found an
 *   unbooked round of theirs (the UNBOOKED_ROUND condition), so it is not read again.
 * @returns how many rounds it booked.
 */
export async function bookRoundResults(context: AppContext, memberId?: string, options: { hasUnbookedRounds?: boolean } = {}): Promise<number> {
  // One member (a settlement): nothing unbooked, no transaction (issue 29 §3: one read on the
  // partial index bet_rounds_unbooked_idx in place of BEGIN, account id, wallet lock, rounds read,
  // COMMIT). A round stored after this read is booked by the next settlement or the periodic pull,
  // as one stored just after the transaction was before.
  // `hasUnbookedRounds`: that read, made by the caller in a statement of its own (docs/adr/0069).
  if (memberId !== undefined && !(options.hasUnbookedRounds ?? (await hasUnbookedRounds(context, memberId)))) return 0;
  const members = memberId
    ? [memberId]
    : (
        await context.db.query<{ member_id: string }>(
          `SELECT DISTINCT member_id FROM bet_rounds
           WHERE ${UNBOOKED_ROUND} LIMIT $1`,
          [MAX_MEMBERS_PER_RUN],
        )
      ).rows.map((row) => row.member_id);
  let booked = 0;
  for (const member of members) {
    const bookedOfMember = await bookMemberRounds(context, member);
    // Issue 26 §1: a bet settlement may have played out the member's bonus, or met its turnover.
    if (bookedOfMember > 0) await reviewGrantAfterSettlement(context.db, member, context.now());
    booked += bookedOfMember;
  }
  return booked;
}

/** Whether the member has a round whose booked amounts differ from its latest record (the booking's own condition). */
async function hasUnbookedRounds(context: AppContext, memberId: string): Promise<boolean> {
  const { rows } = await context.db.query<{ has_unbooked: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bet_rounds WHERE member_id = $1 AND ${UNBOOKED_ROUND}) AS has_unbooked`,
    [memberId],
    { prepare: true },
  );
  return rows[0]?.has_unbooked === true;
}

async function bookMemberRounds(context: AppContext, memberId: string): Promise<number> {
  return inLedgerTransaction(context.db, async (tx) => {
    const game = await requireMemberAccountId(tx, memberId, 'game');
    // The member's game wallet row lock: settlement, transfers and other bookings of this member queue here.
    await lockAccount(tx, game);
    const { rows } = await tx.query<UnbookedRound>(
      `SELECT partner, round_id, status, stake_satang, payout_satang, booked_net_satang, suspense_net_satang FROM bet_rounds
       WHERE member_id = $1 AND ${UNBOOKED_ROUND}
       ORDER BY settled_at, round_id LIMIT $2 FOR UPDATE`,
      [memberId, MAX_ROUNDS_PER_MEMBER],
    );
    if (rows.length === 0) return 0;
    const inFlight = await tx.query(`SELECT 1 FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId]);
    const accounts = { game, results: await requireAccountId(tx, HOUSE_ACCOUNTS.gameResults), suspense: await requireAccountId(tx, HOUSE_ACCOUNTS.gameUnexplained) };
    let booked = 0;
    for (const round of rows) {
      if (await bookRound(tx, { memberId, accounts, round, hasTransferInFlight: inFlight.rowCount > 0 })) booked += 1;
    }
    if (booked > 0) await notifyBalanceChanged(tx, memberId, 'adjustment');
    return booked;
  });
}

async function bookRound(
  tx: Queryable,
  input: { memberId: string; accounts: { game: bigint; results: bigint; suspense: bigint }; round: UnbookedRound; hasTransferInFlight: boolean },
): Promise<boolean> {
  const { round, accounts } = input;
  const delta = round.payout_satang - round.stake_satang - round.booked_net_satang - round.suspense_net_satang;
  const key = `game-result:${round.partner}:${round.round_id}:${round.status}`;
  const source = { type: 'bet_round', id: `${round.partner}:${round.round_id}` };
  let memberPart = 0n;
  let suspensePart = 0n;
  if (delta > 0n) {
    // A win, or a reversed loss: what suspense absorbed of this round goes back to suspense first.
    suspensePart = -round.suspense_net_satang < delta ? -round.suspense_net_satang : delta;
    memberPart = delta - suspensePart;
    if (suspensePart > 0n) await post(tx, { key: `${key}:suspense`, debit: accounts.results, credit: accounts.suspense, amountSatang: suspensePart, source });
    if (memberPart > 0n) await post(tx, { key, debit: accounts.results, credit: accounts.game, amountSatang: memberPart, source });
    if (suspensePart > 0n) {
      await addSuspenseToCase(tx, { memberId: input.memberId, suspenseSatang: -suspensePart, evidence: { kind: 'SUSPENSE_RETURNED', roundId: round.round_id, status: round.status, returnedSatang: suspensePart } });
    }
    await tx.query(
      `UPDATE bet_rounds SET booked_net_satang = booked_net_satang + $3, suspense_net_satang = suspense_net_satang + $4, updated_at = now()
       WHERE partner = $1 AND round_id = $2`,
      [round.partner, round.round_id, memberPart, suspensePart],
    );
    return true;
  }
  const lossSatang = -delta;
  const available = availableCreditBalance(await readAccountBalance(tx, accounts.game));
  if (available < lossSatang && input.hasTransferInFlight) return false;
  memberPart = available < lossSatang ? available : lossSatang;
  suspensePart = lossSatang - memberPart;
  if (memberPart > 0n) await post(tx, { key, debit: accounts.game, credit: accounts.results, amountSatang: memberPart, source });
  if (suspensePart > 0n) {
    await post(tx, { key: `${key}:suspense`, debit: accounts.suspense, credit: accounts.results, amountSatang: suspensePart, source });
    await addSuspenseToCase(tx, {
      memberId: input.memberId,
      suspenseSatang: suspensePart,
      evidence: { kind: 'UNFUNDED_LOSS', roundId: round.round_id, status: round.status, stakeSatang: round.stake_satang, payoutSatang: round.payout_satang, coveredByMemberSatang: memberPart, bookedToSuspenseSatang: suspensePart },
    });
  }
  await tx.query(
    `UPDATE bet_rounds SET booked_net_satang = booked_net_satang - $3, suspense_net_satang = suspense_net_satang - $4, updated_at = now()
     WHERE partner = $1 AND round_id = $2`,
    [round.partner, round.round_id, memberPart, suspensePart],
  );
  return true;
}

async function post(tx: Queryable, input: { key: string; debit: bigint; credit: bigint; amountSatang: bigint; source: { type: string; id: string } }): Promise<void> {
  expectPosted(
    await postTransfer(tx, {
      idempotencyKey: input.key,
      code: 'GAME_RESULT',
      debitAccountId: input.debit,
      creditAccountId: input.credit,
      amountSatang: input.amountSatang,
      source: input.source,
    }),
  );
}
