import type { Queryable } from '@sabai/db';
import { sumMemberWalletPostings, type TransferWindow, type Violation } from '@sabai/ledger';
import { HUB88_PARTNER_NAME } from './hub88-wallet-ledger.ts';

/** Violations listed at most (the first ones are enough to start looking). */
const MAX_LISTED = 20;

/**
 * The seamless wallet's invariant for `npm run ledger:reconcile` (docs/adr/0046): per member, what
 * Hub88 transactions moved on the main wallet (wins + rolled-back bets − bets: GAME_OUT, REVERSAL
 * and GAME_IN with source `hub88_transaction`) equals the net of their settled Hub88 play rows
 * (payouts − stakes; a rolled-back bet's row is cancelled). With `window`: only members whose main wallet the window
 * touched, over their whole history.
 * @returns the violations; empty means sound.
 */
export async function reconcileSeamlessHub88(q: Queryable, window?: TransferWindow): Promise<Violation[]> {
  // One after another: `q` may be one connection (a reconciliation's snapshot transaction).
  const sums: Map<string, bigint>[] = [];
  for (const transferCode of ['GAME_IN', 'GAME_OUT', 'REVERSAL'] as const) {
    sums.push(await sumMemberWalletPostings(q, { kind: 'main', transferCode, sourceType: 'hub88_transaction' }, window));
  }
  const posted = new Map<string, bigint>();
  for (const sum of sums) for (const [memberId, net] of sum) posted.set(memberId, (posted.get(memberId) ?? 0n) + net);
  const rounds = window
    ? await q.query<{ member_id: string; net: bigint }>(
        "SELECT member_id, sum(payout_satang - stake_satang)::int8 AS net FROM bet_rounds WHERE partner = $1 AND status = 'settled' AND member_id = ANY($2::text[]) GROUP BY member_id",
        [HUB88_PARTNER_NAME, [...posted.keys()]],
      )
    : await q.query<{ member_id: string; net: bigint }>("SELECT member_id, sum(payout_satang - stake_satang)::int8 AS net FROM bet_rounds WHERE partner = $1 AND status = 'settled' GROUP BY member_id", [HUB88_PARTNER_NAME]);
  const roundNet = new Map(rounds.rows.map((row) => [row.member_id, row.net]));
  return [...new Set([...posted.keys(), ...roundNet.keys()])]
    .filter((memberId) => (posted.get(memberId) ?? 0n) !== (roundNet.get(memberId) ?? 0n))
    .slice(0, MAX_LISTED)
    .map((memberId) => ({ invariant: 'hub88 transfers equal the net of the hub88 rounds', detail: `${memberId}: posted ${posted.get(memberId) ?? 0n} rounds ${roundNet.get(memberId) ?? 0n}` }));
}
