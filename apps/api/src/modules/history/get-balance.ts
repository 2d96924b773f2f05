import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';

/**
 * The member's wallets (`GET /user-profile-composite/v1/profile/balance`): each ledger account's
 * available balance (credits − debits − pending debits) in baht, plus what withdrawals reserve.
 */
export async function getBalance(db: Queryable, memberId: string) {
  const { rows } = await db.query<{ kind: string; available: bigint; pending: bigint }>(
    `SELECT kind, credits_posted - debits_posted - debits_pending AS available, debits_pending AS pending
     FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
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
    pendingWithdraw: satangToBahtNumber(byKind.get('main')?.pending ?? 0n),
  };
}
