import type { Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  findPendingResolutionMismatches,
  findWalletPostingsOutside,
  readPostedTotals,
  sumMemberWalletPostings,
  type Violation,
} from '@sabai/ledger';

/** Violations listed per invariant at most (the first ones are enough to start looking). */
const MAX_LISTED = 20;

/**
 * The game invariants of `npm run ledger:reconcile` (issue 15, docs/adr/0012), from the ledger and
 * the stored rounds and transfers alone (no partner call):
 * - per member, the GAME_RESULT postings on their game wallet equal the net their rounds booked,
 *   and what suspense took for their rounds is posted on house:game_unexplained;
 * - per member, the game wallet is exactly GAME_IN − GAME_OUT + GAME_RESULT (nothing else touches it);
 * - every game transfer's ledger state matches its row (sending = pending, succeeded = posted,
 *   failed = voided);
 * - house:game_unexplained holds exactly the suspense of the open cases.
 * @returns the violations; empty means sound.
 */
export async function reconcileGame(q: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const push = (invariant: string, details: string[]) => {
    for (const detail of details.slice(0, MAX_LISTED)) violations.push({ invariant, detail });
  };

  const posted = await sumMemberWalletPostings(q, { kind: 'game', transferCode: 'GAME_RESULT', sourceType: 'bet_round' });
  const booked = await q.query<{ member_id: string; booked: bigint }>(
    'SELECT member_id, sum(booked_net_satang)::int8 AS booked FROM bet_rounds WHERE NOT is_legacy GROUP BY member_id',
  );
  const bookedByMember = new Map(booked.rows.map((row) => [row.member_id, row.booked]));
  const differing = [...new Set([...posted.keys(), ...bookedByMember.keys()])]
    .filter((memberId) => (posted.get(memberId) ?? 0n) !== (bookedByMember.get(memberId) ?? 0n))
    .map((memberId) => `${memberId}: posted ${posted.get(memberId) ?? 0n} rounds ${bookedByMember.get(memberId) ?? 0n}`);
  push('game results equal the net of the rounds booked', differing);

  const suspensePosted = await readPostedTotals(q, HOUSE_ACCOUNTS.gameUnexplained, { transferCode: 'GAME_RESULT' });
  const suspenseRounds = await q.query<{ rounds: bigint }>('SELECT coalesce(-sum(suspense_net_satang), 0)::int8 AS rounds FROM bet_rounds');
  const suspenseSatang = suspensePosted.debitsPosted - suspensePosted.creditsPosted;
  const roundsSatang = suspenseRounds.rows[0]?.rounds ?? 0n;
  if (suspenseSatang !== roundsSatang) {
    push('suspense booked for rounds equals the rounds\u2019 shortfalls', [`posted ${suspenseSatang} rounds ${roundsSatang}`]);
  }

  const stray = await findWalletPostingsOutside(q, { kind: 'game', allowedCodes: ['GAME_IN', 'GAME_OUT', 'GAME_RESULT'], limit: MAX_LISTED });
  push('game wallet = GAME_IN − GAME_OUT + GAME_RESULT', stray.map((row) => `${row.memberId}: ${row.code} touched the game wallet`));

  const transfers = await findPendingResolutionMismatches(
    q,
    {
      from: 'game_transfers g',
      pendingColumn: 'g.reserve_transfer_id',
      detail: "g.id || ': ' || g.status",
      where: "g.status IN ('sending', 'succeeded', 'failed')",
      expectedResolution: "CASE g.status WHEN 'succeeded' THEN 'post_pending' WHEN 'failed' THEN 'void_pending' END",
    },
    MAX_LISTED,
  );
  push('game transfers match their ledger reservation', transfers.map((row) => `${row.detail} but ${row.resolution ?? 'unresolved'}`));

  const suspenseAccount = await readPostedTotals(q, HOUSE_ACCOUNTS.gameUnexplained);
  const cases = await q.query<{ open: bigint }>(
    `SELECT coalesce(sum(suspense_satang), 0)::int8 AS open FROM game_reconciliation_cases WHERE status = 'open'`,
  );
  const accountSatang = suspenseAccount.debitsPosted - suspenseAccount.creditsPosted;
  const openSatang = cases.rows[0]?.open ?? 0n;
  if (accountSatang !== openSatang) push('game suspense equals the open cases\u2019 suspense', [`account ${accountSatang} open cases ${openSatang}`]);
  return violations;
}

/** The open game cases, for the reconcile report (not violations: staff work). */
export async function listOpenGameCaseSummaries(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string; member_id: string; difference_satang: bigint; suspense_satang: bigint; created_at: Date }>(
    `SELECT id, member_id, difference_satang, suspense_satang, created_at FROM game_reconciliation_cases WHERE status = 'open' ORDER BY created_at LIMIT 200`,
  );
  return rows.map((row) => `${row.id} member ${row.member_id}: partner − ledger ${row.difference_satang} satang, suspense ${row.suspense_satang} satang, open since ${row.created_at.toISOString()}`);
}
