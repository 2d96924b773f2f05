import { randomUUID } from 'node:crypto';
import { ERRORS } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { availableCreditBalance, expectPosted, inLedgerTransaction, lockAccount, postTransfer, readAccountBalance, requireMemberAccountId, reserveTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { addWageringRequirement } from '../wallet/index.ts';
import type { SiteSettingsRow } from '../site/index.ts';
import { bahtText } from '../withdrawals/index.ts';

/** How an income withdrawal ended: moved into play money now, or waiting for staff. */
export type AffiliateWithdrawalOutcome =
  | { status: 'moved'; amountSatang: bigint }
  | { status: 'pending_approval'; amountSatang: bigint; affiliateWithdrawalId: string };

/**
 * Whether an income withdrawal of `amountSatang` moves without staff (settings Affiliate.autoWithdraw;
 * docs/adr/0011): only with useautoWithdraw on and at most maxautoWithdraw, as the bank
 * withdrawals' auto-withdraw maximum works. Pure.
 */
export function isAutoAffiliateWithdrawal(settings: Pick<SiteSettingsRow, 'affiliate_auto_withdraw_enabled' | 'affiliate_auto_withdraw_max_satang'>, amountSatang: bigint): boolean {
  return settings.affiliate_auto_withdraw_enabled && amountSatang <= settings.affiliate_auto_withdraw_max_satang;
}

/**
 * Withdraws all affiliate income into play money (`GET /user-profile-composite/v1/users/affiliate/vertify`)
 * when it is at least settings Affiliate.minWithdraw (docs/adr/0010, 0011):
 * - within the auto-withdraw maximum: AFFILIATE member affiliate → member main, posted now;
 * - above it (or with auto-withdraw off): the same transfer is reserved (pending) and an
 *   affiliate_withdrawals row waits for staff (decideAffiliateWithdrawal).
 * With settings Affiliate.turnover = n > 0 the income, once in play money, must be turned over n
 * times before a bank withdrawal: a wagering requirement in the transaction that posts it.
 * Concurrent calls: the member's affiliate account row serializes them; one moves or reserves the
 * income, the others find too little (or the waiting one).
 * @throws AppError FEATURE_DISABLED, AFFILIATE_BELOW_MINIMUM, AFFILIATE_WITHDRAW_WAITING.
 */
export async function withdrawAffiliateIncome(context: AppContext, memberId: string): Promise<AffiliateWithdrawalOutcome> {
  const settings = await context.siteSettings.get();
  if (!settings.affiliate_enabled) throw new AppError('FEATURE_DISABLED');
  const belowMinimum = () =>
    new AppError('AFFILIATE_BELOW_MINIMUM', { message: ERRORS.AFFILIATE_BELOW_MINIMUM.message.replace('{min}', bahtText(settings.affiliate_min_withdraw_satang)) });
  return inLedgerTransaction(context.db, async (tx) => {
    // Concurrent requests of one member queue here, so each sees the one before it (waiting or moved).
    const affiliate = await requireMemberAccountId(tx, memberId, 'affiliate');
    await lockAccount(tx, affiliate);
    const waiting = await tx.query('SELECT 1 FROM affiliate_withdrawals WHERE member_id = $1 AND status = $2', [memberId, 'pending_approval']);
    if (waiting.rowCount > 0) throw new AppError('AFFILIATE_WITHDRAW_WAITING');
    const available = availableCreditBalance(await readAccountBalance(tx, affiliate));
    if (available <= 0n || available < settings.affiliate_min_withdraw_satang) throw belowMinimum();
    const transfer = {
      code: 'AFFILIATE' as const,
      debitAccountId: affiliate,
      creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
      amountSatang: available,
    };
    if (!isAutoAffiliateWithdrawal(settings, available)) {
      const affiliateWithdrawalId = newPrefixedId('afw');
      const reserved = await reserveTransfer(tx, {
        ...transfer,
        idempotencyKey: `affiliate-withdraw-reserve:${affiliateWithdrawalId}`,
        source: { type: 'affiliate_withdrawal', id: affiliateWithdrawalId },
      });
      if (reserved.status === 'refused') throw belowMinimum();
      await tx.query(
        `INSERT INTO affiliate_withdrawals (id, member_id, amount_satang, reserve_transfer_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [affiliateWithdrawalId, memberId, available, expectPosted(reserved), context.now()],
      );
      await notifyBalanceChanged(tx, memberId, 'adjustment');
      return { status: 'pending_approval', amountSatang: available, affiliateWithdrawalId };
    }
    const outcome = await postTransfer(tx, {
      ...transfer,
      idempotencyKey: `affiliate-withdraw:${memberId}:${randomUUID()}`,
      source: { type: 'affiliate_income_move', id: memberId },
    });
    if (outcome.status === 'refused') throw belowMinimum();
    await afterIncomeMoved(tx, context, { memberId, transferId: expectPosted(outcome), amountSatang: available, turnoverMultiple: settings.affiliate_turnover_multiple });
    return { status: 'moved', amountSatang: available };
  });
}

/** In the transaction that posted income into main: its wagering requirement, and the live balance event. */
export async function afterIncomeMoved(
  tx: Queryable,
  context: AppContext,
  input: { memberId: string; transferId: bigint; amountSatang: bigint; turnoverMultiple: number },
): Promise<void> {
  await addWageringRequirement(tx, {
    memberId: input.memberId,
    sourceType: 'affiliate_income',
    sourceTransferId: input.transferId,
    creditedSatang: input.amountSatang,
    turnoverMultiple: input.turnoverMultiple,
    now: context.now(),
  });
  await notifyBalanceChanged(tx, input.memberId, 'adjustment');
}
