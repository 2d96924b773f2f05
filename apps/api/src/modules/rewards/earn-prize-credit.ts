import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { prizeCreditEarned, readWheelSettings } from './wheel-rules.ts';

/**
 * Gives the member prize credit for a credited deposit (wheel-rules.ts `prizeCreditEarned`):
 * WHEEL from `house:expense:wheel` to the member's `prize` account under key
 * `wheel-earn:<depositId>`, so crediting the same deposit twice earns once.
 *
 * Call it inside the transaction that credits the deposit, after the DEPOSIT transfer (the
 * member's main account is locked first, then prize: the same order as a spin, by account id).
 * The caller's balance notification covers it.
 * @returns the prize credit earned in satang (0: nothing posted).
 */
export async function earnPrizeCredit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositAmountSatang: bigint },
): Promise<{ earnedSatang: bigint }> {
  const earnedSatang = prizeCreditEarned(input.depositAmountSatang, await readWheelSettings(tx));
  if (earnedSatang === 0n) return { earnedSatang };
  expectPosted(
    await postTransfer(tx, {
      idempotencyKey: `wheel-earn:${input.depositId}`,
      code: 'WHEEL',
      debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.wheelExpense),
      creditAccountId: await requireMemberAccountId(tx, input.memberId, 'prize'),
      amountSatang: earnedSatang,
      source: { type: 'deposit', id: input.depositId },
    }),
  );
  return { earnedSatang };
}
