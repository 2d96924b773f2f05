import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import { OPEN_WITHDRAWAL_STATES } from '../withdrawals/withdrawal-rules.ts';

/**
 * The member's wallets (`GET /user-profile-composite/v1/profile/balance`): each ledger account's
 * available balance (credits − debits − pending debits) in baht, plus what open withdrawals reserve.
 */
export async function getBalance(db: Queryable, memberId: string) {
  const { rows } = await db.query<{ kind: string; available: bigint; pending: bigint }>(
    `SELECT kind, credits_posted - debits_posted - debits_pending AS available, debits_pending AS pending
     FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
  );
  // Only withdrawals count as pending withdraw: a transfer into the game also reserves the main
  // wallet for a moment, and it is not a withdrawal (issue 15).
  const pending = await db.query<{ total: bigint }>(
    `SELECT coalesce(sum(amount_satang), 0)::int8 AS total FROM withdrawals WHERE member_id = $1 AND status = ANY($2::text[])`,
    [memberId, [...OPEN_WITHDRAWAL_STATES]],
  );
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const wallet = (kind: string) => satangToBahtNumber(byKind.get(kind)?.available ?? 0n);
  return {
    mainWallet: wallet('main'),
    gameWallet: wallet('game'),
    affiliateWallet: wallet('affiliate'),
    cashbackWallet: wallet('cashback'),
    residualWallet: wallet('residual'),
    prizeWallet: wallet('prize'),
    spinWallet: wallet('spin'),
    pendingWithdraw: satangToBahtNumber(pending.rows[0]?.total ?? 0n),
  };
}
