import type { GAME_WALLET_STATES } from '@sabai/contracts';
import { postedCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { isAppError } from '../../lib/app-error.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { bookRoundResults } from './book-round-results.ts';
import { recordGameDifference } from './game-cases.ts';
import { pullBetRecords } from './pull-bet-records.ts';
import { settleMemberTransferInFlight } from './move-game-credit.ts';

/** How many times a look is repeated when the member kept playing while we looked. */
const MAX_LOOKS = 3;
/** Transfers and rounds shown as evidence in a case. */
const EVIDENCE_ROWS = 20;

/** The states of a look at a member's game wallet (contracts GAME_WALLET_STATES, shown to staff). */
export type GameWalletState = (typeof GAME_WALLET_STATES)[number];

export interface MemberGameCheck {
  memberId: string;
  state: GameWalletState;
  /** The ledger's game wallet (posted), satang. */
  ledgerSatang: bigint;
  /** The partner's balance; null when it could not be read ("unknown", never a difference). */
  partnerSatang: bigint | null;
  /** partner − ledger when both are known and nothing is in flight. */
  differenceSatang: bigint | null;
  caseId: string | null;
}

/**
 * One quiet look at a member's game wallet (issue 15): under the member's money lock (busy →
 * `busy`, try later), with every transfer of ours known to the partner (one still unknown →
 * `in_flight`), every round pulled and booked, the partner's balance is compared with the ledger.
 * The rounds are pulled again after the balance is read; if the member played meanwhile, the look
 * is repeated. A difference that is left is what nothing explains: it is recorded on the member's
 * reconciliation case with the evidence (our transfers by reference with the partner's view of
 * each, the rounds) and never booked to the member. A zero difference clears an open case that
 * holds no suspense.
 */
export async function checkMemberGameWallet(
  context: AppContext,
  member: { memberId: string; username: string },
  options: { lateAppliedTransferId?: string } = {},
): Promise<MemberGameCheck> {
  const gameAccount = await requireMemberAccountId(context.db, member.memberId, 'game');
  const ledgerNow = async () => postedCreditBalance(await readAccountBalance(context.db, gameAccount));
  const result = (state: GameWalletState, ledgerSatang: bigint, partnerSatang: bigint | null = null): MemberGameCheck => ({
    memberId: member.memberId, state, ledgerSatang, partnerSatang, differenceSatang: null, caseId: null,
  });
  try {
    return await withMemberLock(context.db, member.memberId, { waitMs: 0, leaseMs: memberLockLeaseMs(context.config) }, async () => {
      if (!(await settleMemberTransferInFlight(context, member.memberId))) return result('in_flight', await ledgerNow());
      for (let look = 0; look < MAX_LOOKS; look += 1) {
        await pullBetRecords(context, { maxPages: 3, isBookingAll: false });
        await bookRoundResults(context, member.memberId);
        const roundsBefore = await roundsMarker(context, member.memberId);
        const partnerSatang = await context.partner.getBalance(member.username);
        await pullBetRecords(context, { maxPages: 3, isBookingAll: false });
        if ((await roundsMarker(context, member.memberId)) !== roundsBefore) continue;
        const ledgerSatang = await ledgerNow();
        const differenceSatang = partnerSatang - ledgerSatang;
        const evidence = differenceSatang === 0n ? {} : await gatherEvidence(context, member, { partnerSatang, ledgerSatang, ...options });
        const caseId = await context.db.transaction((tx) => recordGameDifference(tx, { memberId: member.memberId, differenceSatang, evidence }));
        return { memberId: member.memberId, state: differenceSatang === 0n ? 'ok' : 'difference', ledgerSatang, partnerSatang, differenceSatang, caseId };
      }
      return result('busy', await ledgerNow());
    });
  } catch (error) {
    if (error instanceof PartnerUnavailableError) return result('unknown', await ledgerNow());
    if (isAppError(error) && error.code === 'MEMBER_BUSY') return result('busy', await ledgerNow());
    throw error;
  }
}

/** Changes whenever a round of the member is stored or changes status. */
async function roundsMarker(context: AppContext, memberId: string): Promise<string> {
  const { rows } = await context.db.query<{ marker: string }>(
    `SELECT count(*)::text || ':' || coalesce(max(updated_at)::text, '') AS marker FROM bet_rounds WHERE member_id = $1`,
    [memberId],
  );
  return rows[0]?.marker ?? '';
}

async function gatherEvidence(
  context: AppContext,
  member: { memberId: string; username: string },
  look: { partnerSatang: bigint; ledgerSatang: bigint; lateAppliedTransferId?: string },
): Promise<Record<string, unknown>> {
  const transfers = await context.db.query<{ id: string; direction: string; amount_satang: bigint; status: string; failure_reason: string | null; created_at: Date }>(
    `SELECT id, direction, amount_satang, status, failure_reason, created_at FROM game_transfers WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [member.memberId, EVIDENCE_ROWS],
  );
  const ourTransfers = [];
  for (const transfer of transfers.rows) {
    const partnerView = await context.partner.getTransferStatus(transfer.id);
    ourTransfers.push({
      reference: transfer.id,
      direction: transfer.direction,
      amountSatang: transfer.amount_satang,
      ourStatus: transfer.status,
      failureReason: transfer.failure_reason,
      partnerStatus: partnerView.status,
      at: transfer.created_at.toISOString(),
    });
  }
  const rounds = await context.db.query<{ round_id: string; status: string; stake_satang: bigint; payout_satang: bigint; booked_net_satang: bigint; suspense_net_satang: bigint }>(
    `SELECT round_id, status, stake_satang, payout_satang, booked_net_satang, suspense_net_satang FROM bet_rounds
     WHERE member_id = $1 ORDER BY settled_at DESC LIMIT $2`,
    [member.memberId, EVIDENCE_ROWS],
  );
  return {
    kind: look.lateAppliedTransferId ? 'APPLIED_AFTER_VOID' : 'BALANCE_DIFFERENCE',
    ...(look.lateAppliedTransferId ? { lateAppliedTransferId: look.lateAppliedTransferId } : {}),
    partnerBalanceSatang: look.partnerSatang,
    ledgerGameWalletSatang: look.ledgerSatang,
    differenceSatang: look.partnerSatang - look.ledgerSatang,
    transfers: ourTransfers,
    rounds: rounds.rows.map((round) => ({
      roundId: round.round_id,
      status: round.status,
      stakeSatang: round.stake_satang,
      payoutSatang: round.payout_satang,
      bookedSatang: round.booked_net_satang,
      suspenseSatang: round.suspense_net_satang,
    })),
  };
}

/** Members looked at per sweep, how many at once, and how far back "recently active" reaches. */
const SWEEP_MEMBERS = 50;
const SWEEP_CONCURRENCY = 4;
const RECENT_ACTIVITY_MS = 15 * 60_000;

/**
 * The periodic sweep (recovery jobs): a quiet look at members who moved credit or played in the
 * last 15 minutes and at members with an open case, so a difference nothing explains (a double
 * application, a late apply) becomes a case for staff without anyone asking.
 * @returns how many members have a difference now.
 */
export async function detectRecentGameDifferences(context: AppContext): Promise<number> {
  const since = new Date(context.now().getTime() - RECENT_ACTIVITY_MS);
  const { rows } = await context.db.query<{ member_id: string; username: string }>(
    `SELECT g.member_id, g.username FROM game_accounts g
     WHERE EXISTS (SELECT 1 FROM game_transfers t WHERE t.member_id = g.member_id AND t.updated_at > $1)
        OR EXISTS (SELECT 1 FROM bet_rounds r WHERE r.member_id = g.member_id AND r.updated_at > $1)
        OR EXISTS (SELECT 1 FROM game_reconciliation_cases c WHERE c.member_id = g.member_id AND c.status = 'open')
     ORDER BY g.difference_checked_at NULLS FIRST, g.member_id LIMIT $2`,
    [since, SWEEP_MEMBERS],
  );
  let withDifference = 0;
  let next = 0;
  // SWEEP_CONCURRENCY members at a time (each look is a partner balance call and a few reads under
  // that member's own lock), so a sweep of SWEEP_MEMBERS fits its period on a slow host too.
  const looker = async () => {
    for (let index = next++; index < rows.length; index = next++) {
      const row = rows[index]!;
      const look = await checkMemberGameWallet(context, { memberId: row.member_id, username: row.username });
      if (look.state === 'difference') withDifference += 1;
      // The next round starts with those looked at longest ago: every active member gets a turn.
      await context.db.query('UPDATE game_accounts SET difference_checked_at = $2 WHERE member_id = $1', [row.member_id, context.now()]);
    }
  };
  // Every looker ends before the sweep does (none left running against the database); the first
  // failure is the sweep's.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(SWEEP_CONCURRENCY, rows.length) }, looker));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return withDifference;
}
