import type { Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  findPendingResolutionMismatches,
  findWalletPostingsOutside,
  readPostedTotals,
  sumMemberWalletPostings,
  type TransferWindow,
  type Violation,
} from '@sabai/ledger';

/** Violations listed per invariant at most (the first ones are enough to start looking). */
const MAX_LISTED = 20;

/**
 * The game invariants of `npm run ledger:reconcile` (issue 15, docs/adr/0012), from the ledger and
 * the stored rounds and transfers alone (no partner call):
 * - per member, the GAME_RESULT postings on their game wallet equal the net their rounds booked
 *   (Hub88's seamless rounds excepted: their money moves in the main wallet, checked by
 *   seamless-hub88's reconcileSeamlessHub88, docs/adr/0046),
 *   and what suspense took for their rounds is posted on house:game_unexplained;
 * - per member, the game wallet is exactly GAME_IN − GAME_OUT + GAME_RESULT (nothing else touches it);
 * - every game transfer's ledger state matches its row (sending = pending, succeeded = posted,
 *   failed = voided);
 * - house:game_unexplained holds exactly the suspense of the open cases.
 * With `window` (ledger:reconcile from a checkpoint, docs/adr/0027): the per-member results only for
 * the members whose game wallet a transfer of the window touched (a round is booked in the
 * transaction that posts its GAME_RESULT), over their whole history; stray postings only among the
 * window's; game transfers only those whose reservation is in the window or was resolved in it
 * (a transfer settles in the transaction that posts or voids its reservation), plus every
 * `sending` one. The suspense sums read only the rounds and cases that hold suspense (few, by
 * index). A round or game transfer changed without a posting is found only by a full run.
 * @returns the violations; empty means sound.
 */
export async function reconcileGame(q: Queryable, window?: TransferWindow): Promise<Violation[]> {
  const violations: Violation[] = [];
  const push = (invariant: string, details: string[]) => {
    for (const detail of details.slice(0, MAX_LISTED)) violations.push({ invariant, detail });
  };

  const posted = await sumMemberWalletPostings(q, { kind: 'game', transferCode: 'GAME_RESULT', sourceType: 'bet_round' }, window);
  const booked = window
    ? await q.query<{ member_id: string; booked: bigint }>(
        "SELECT member_id, sum(booked_net_satang)::int8 AS booked FROM bet_rounds WHERE NOT is_legacy AND partner <> 'hub88' AND member_id = ANY($1::text[]) GROUP BY member_id",
        [[...posted.keys()]],
      )
    : await q.query<{ member_id: string; booked: bigint }>("SELECT member_id, sum(booked_net_satang)::int8 AS booked FROM bet_rounds WHERE NOT is_legacy AND partner <> 'hub88' GROUP BY member_id");
  const bookedByMember = new Map(booked.rows.map((row) => [row.member_id, row.booked]));
  const differing = [...new Set([...posted.keys(), ...bookedByMember.keys()])]
    .filter((memberId) => (posted.get(memberId) ?? 0n) !== (bookedByMember.get(memberId) ?? 0n))
    .map((memberId) => `${memberId}: posted ${posted.get(memberId) ?? 0n} rounds ${bookedByMember.get(memberId) ?? 0n}`);
  push('game results equal the net of the rounds booked', differing);

  const suspensePosted = await readPostedTotals(q, HOUSE_ACCOUNTS.gameUnexplained, { transferCode: 'GAME_RESULT' });
  // Only rounds with suspense add to the sum: bet_rounds_suspense_idx (migration 0027) holds just them.
  const suspenseRounds = await q.query<{ rounds: bigint }>('SELECT coalesce(-sum(suspense_net_satang), 0)::int8 AS rounds FROM bet_rounds WHERE suspense_net_satang <> 0');
  const suspenseSatang = suspensePosted.debitsPosted - suspensePosted.creditsPosted;
  const roundsSatang = suspenseRounds.rows[0]?.rounds ?? 0n;
  if (suspenseSatang !== roundsSatang) {
    push('suspense booked for rounds equals the rounds\u2019 shortfalls', [`posted ${suspenseSatang} rounds ${roundsSatang}`]);
  }

  const stray = await findWalletPostingsOutside(q, { kind: 'game', allowedCodes: ['GAME_IN', 'GAME_OUT', 'GAME_RESULT'], limit: MAX_LISTED }, window);
  push('game wallet = GAME_IN − GAME_OUT + GAME_RESULT', stray.map((row) => `${row.memberId}: ${row.code} touched the game wallet`));

  const gameTransfers = {
    from: 'game_transfers g',
    pendingColumn: 'g.reserve_transfer_id',
    detail: "g.id || ': ' || g.status",
    where: "g.status IN ('sending', 'succeeded', 'failed')",
    expectedResolution: "CASE g.status WHEN 'succeeded' THEN 'post_pending' WHEN 'failed' THEN 'void_pending' END",
  };
  const transfers = await findPendingResolutionMismatches(q, gameTransfers, MAX_LISTED, window);
  // The open ones (few, game_transfers_sending_idx): a reservation resolved behind a row still sending.
  if (window) transfers.push(...(await findPendingResolutionMismatches(q, { ...gameTransfers, where: "g.status = 'sending'" }, MAX_LISTED)));
  push('game transfers match their ledger reservation', [...new Set(transfers.map((row) => `${row.detail} but ${row.resolution ?? 'unresolved'}`))]);

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
