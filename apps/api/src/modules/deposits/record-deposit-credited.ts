import type { Queryable } from '@sabai/db';
import { readDepositBonusBasis } from '../promotions/index.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';

/**
 * Inside the transaction that credits a deposit to a member (automatic match or staff assign):
 * reads the bonus basis at this moment (and ends played-out wagering requirements) and records
 * `deposit.credited` in the outbox. The worker then grants the bonus, earns wheel credit and moves
 * the money into the game (issue 10 §3); nothing of that runs inside the deposit's transaction.
 */
export async function recordDepositCredited(
  tx: Queryable,
  input: { memberId: string; depositId: string; amountSatang: bigint; now: Date },
): Promise<void> {
  const basis = await readDepositBonusBasis(tx, { memberId: input.memberId, depositSatang: input.amountSatang, now: input.now });
  await recordOutboxEvent(tx, {
    kind: 'deposit.credited',
    eventKey: `deposit.credited:${input.depositId}`,
    memberId: input.memberId,
    payload: {
      memberId: input.memberId,
      depositId: input.depositId,
      amountSatang: toSatangText(input.amountSatang),
      balanceBeforeSatang: toSatangText(basis.balanceBeforeSatang),
      turnoverNowSatang: toSatangText(basis.turnoverNowSatang),
      creditedAt: input.now.toISOString(),
    },
  });
}
