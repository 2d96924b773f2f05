import { availableCreditBalance, expectPosted, postTransfer, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { ERRORS } from '@sabai/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { bahtText } from '../withdrawals/index.ts';

/**
 * Claims the whole cashback wallet into play money (`GET /user-profile-composite/v1/users/cashback/vertify`):
 * CASHBACK member cashback → member main; the row then shows in cashback history. Concurrent
 * claims: the first takes it all, the others find nothing (the ledger locks the account and never
 * lets it go below zero).
 * @throws AppError FEATURE_DISABLED (usecashBack off), NO_CASHBACK (spec §5: balance 0 or less),
 *   CASHBACK_BELOW_MINIMUM (settings cashBack.minWithdraw).
 */
export async function claimCashback(context: AppContext, memberId: string): Promise<{ amountSatang: bigint }> {
  const settings = await context.siteSettings.get();
  if (!settings.cashback_enabled) throw new AppError('FEATURE_DISABLED');
  // Batched (docs/adr/0026): a payout, claims arriving together share one commit.
  return context.postings.run(async (tx) => {
    const cashback = await requireMemberAccountId(tx, memberId, 'cashback');
    const main = await requireMemberAccountId(tx, memberId, 'main');
    const available = availableCreditBalance(await readAccountBalance(tx, cashback));
    if (available <= 0n) throw new AppError('NO_CASHBACK');
    if (available < settings.cashback_min_claim_satang) {
      throw new AppError('CASHBACK_BELOW_MINIMUM', { message: ERRORS.CASHBACK_BELOW_MINIMUM.message.replace('{min}', bahtText(settings.cashback_min_claim_satang)) });
    }
    const outcome = await postTransfer(tx, {
      idempotencyKey: `cashback-claim:${memberId}:${randomUUID()}`,
      code: 'CASHBACK',
      debitAccountId: cashback,
      creditAccountId: main,
      amountSatang: available,
      source: { type: 'cashback_claim', id: memberId },
    });
    if (outcome.status === 'refused') throw new AppError('NO_CASHBACK');
    expectPosted(outcome);
    await notifyBalanceChanged(tx, memberId, 'adjustment');
    return { amountSatang: available };
  });
}
