import { randomUUID } from 'node:crypto';
import { ERRORS } from '@sabai/contracts';
import { availableCreditBalance, expectPosted, inLedgerTransaction, postTransfer, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { bahtText } from '../withdrawals/withdrawal-rules.ts';

/**
 * Moves all affiliate income into play money (`GET /user-profile-composite/v1/users/affiliate/vertify`)
 * when it is at least settings Affiliate.minWithdraw: AFFILIATE member affiliate → member main.
 * Concurrent calls: one moves it, the others find too little.
 * @throws AppError FEATURE_DISABLED, AFFILIATE_BELOW_MINIMUM.
 */
export async function withdrawAffiliateIncome(context: AppContext, memberId: string): Promise<{ amountSatang: bigint }> {
  const settings = await context.siteSettings.get();
  if (!settings.affiliate_enabled) throw new AppError('FEATURE_DISABLED');
  const belowMinimum = () =>
    new AppError('AFFILIATE_BELOW_MINIMUM', { message: ERRORS.AFFILIATE_BELOW_MINIMUM.message.replace('{min}', bahtText(settings.affiliate_min_withdraw_satang)) });
  return inLedgerTransaction(context.db, async (tx) => {
    const affiliate = await requireMemberAccountId(tx, memberId, 'affiliate');
    const available = availableCreditBalance(await readAccountBalance(tx, affiliate));
    if (available <= 0n || available < settings.affiliate_min_withdraw_satang) throw belowMinimum();
    const outcome = await postTransfer(tx, {
      idempotencyKey: `affiliate-withdraw:${memberId}:${randomUUID()}`,
      code: 'AFFILIATE',
      debitAccountId: affiliate,
      creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
      amountSatang: available,
      source: { type: 'affiliate_withdrawal', id: memberId },
    });
    if (outcome.status === 'refused') throw belowMinimum();
    expectPosted(outcome);
    await notifyBalanceChanged(tx, memberId, 'adjustment');
    return { amountSatang: available };
  });
}
