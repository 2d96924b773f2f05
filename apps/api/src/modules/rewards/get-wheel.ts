import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { listActivePrizes, type WheelPrizeRow } from './wheel-prizes.ts';
import { readWheelSettings, SPIN_COST_SATANG } from './wheel-rules.ts';

export interface WheelView {
  isEnabled: boolean;
  prizes: WheelPrizeRow[];
  prizeCreditSatang: bigint;
  spinCostSatang: bigint;
}

/** `GET /prize-composite/v1/wheel`: the segments, the member's prize credit and the cost of a spin. */
export async function getWheel(context: AppContext, input: { memberId: string }): Promise<WheelView> {
  const settings = await readWheelSettings(context.db);
  const prizes = await listActivePrizes(context.db);
  const prizeAccount = await requireMemberAccountId(context.db, input.memberId, 'prize');
  const prizeCreditSatang = availableCreditBalance(await readAccountBalance(context.db, prizeAccount));
  return { isEnabled: settings.isEnabled && prizes.length > 0, prizes, prizeCreditSatang, spinCostSatang: SPIN_COST_SATANG };
}
