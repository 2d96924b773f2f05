import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';

/**
 * The ledger's view of each member's game wallet against the partner's live balance (issue
 * "Play" §4). A difference is play not yet settled into the ledger (it is settled on the next
 * GAME_OUT); a transfer still `sending` is listed so staff see why. Bounded to `limit` members.
 */
export async function gameReconciliationReport(context: AppContext, options: { limit: number }) {
  const { rows } = await context.db.query<{ member_id: string; username: string; ledger_satang: bigint; sending: bigint }>(
    `SELECT g.member_id, g.username, a.credits_posted - a.debits_posted - a.debits_pending AS ledger_satang,
            (SELECT count(*) FROM game_transfers t WHERE t.member_id = g.member_id AND t.status = 'sending') AS sending
     FROM game_accounts g JOIN ledger_accounts a ON a.member_id = g.member_id AND a.kind = 'game'
     ORDER BY g.created_at LIMIT $1`,
    [options.limit],
  );
  const lines = [];
  for (const row of rows) {
    const live = await context.partner.getBalance(row.username).catch(() => null);
    lines.push({
      memberId: row.member_id,
      username: row.username,
      ledgerGameWallet: satangToBahtNumber(row.ledger_satang),
      partnerGameWallet: live === null ? null : satangToBahtNumber(live),
      difference: live === null ? null : satangToBahtNumber(live - row.ledger_satang),
      transfersInFlight: Number(row.sending),
    });
  }
  return { members: lines, withDifference: lines.filter((line) => line.difference !== 0).length };
}
