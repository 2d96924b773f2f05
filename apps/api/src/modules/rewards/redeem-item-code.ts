import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { ITEM_CODE_PATTERN, normalizeItemCode } from '@sabai/contracts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import type { AppContext } from '../../context.ts';
import { assertNotExcluded } from '../responsible-gaming/index.ts';
import { addWageringRequirement } from '../wallet/index.ts';

/**
 * Codes that do not exist, per member: guessing codes is the attack, so after 10 misses in 15
 * minutes the member is refused (RATE_LIMITED) before any lookup. Real refusals (expired, used
 * up, already redeemed) name a code that exists and do not count.
 */
export const ITEM_CODE_MISSES_PER_MEMBER: RateLimitRule = { name: 'item-code-miss:member', limit: 10, windowMs: 15 * 60_000 };

export interface ItemCodeRedemption {
  code: string;
  amountSatang: bigint;
  transferId: bigint;
}

/**
 * `POST /user-profile-composite/v1/topup/itemcode/redeem` (money.md "Item code"): credits the
 * code's amount to the member's main wallet, once per member and at most `total_uses` times in
 * all. One transaction: lock the code row (concurrent redemptions of one code queue there), check,
 * post ITEM_CODE `house:expense:item_code` → member main under key `item-code:<code>:<member>`,
 * record the redemption, count it, notify.
 *
 * Checks, in order: the code exists; this member has not redeemed it (a member retrying their own
 * success hears "already", even once the code has since expired or run out); it has not expired;
 * uses are left. Before all that: the member is not in a time-out or self-exclusion.
 * @throws AppError RG_EXCLUDED, ITEM_CODE_NOT_FOUND, ITEM_CODE_ALREADY_REDEEMED, ITEM_CODE_EXPIRED,
 *   ITEM_CODE_USED_UP, RATE_LIMITED.
 */
export async function redeemItemCode(context: AppContext, input: { memberId: string; code: string }): Promise<ItemCodeRedemption> {
  // No incentive during a time-out or self-exclusion (issue 12, ADR 0019): refused before the code
  // is looked at, so nothing is credited, counted or rate-limited.
  await assertNotExcluded(context.db, input.memberId, context.now());
  await context.rateLimiter.assertNotExceeded(ITEM_CODE_MISSES_PER_MEMBER, input.memberId, context.now());
  const code = normalizeItemCode(input.code);
  try {
    if (!ITEM_CODE_PATTERN.test(code)) throw new AppError('ITEM_CODE_NOT_FOUND');
    return await redeemInTransaction(context, input.memberId, code);
  } catch (error) {
    if (isAppError(error) && error.code === 'ITEM_CODE_NOT_FOUND') {
      await context.rateLimiter.hit(ITEM_CODE_MISSES_PER_MEMBER, input.memberId, context.now());
    }
    throw error;
  }
}

function redeemInTransaction(context: AppContext, memberId: string, code: string): Promise<ItemCodeRedemption> {
  const now = context.now();
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ amount_satang: bigint; total_uses: number; redeemed_count: number; expires_at: Date; approved_at: Date | null; turnover_multiple: number }>(
      'SELECT amount_satang, total_uses, redeemed_count, expires_at, approved_at, turnover_multiple FROM item_codes WHERE code = $1 FOR UPDATE',
      [code],
    );
    const itemCode = rows[0];
    // A code whose liability is not approved yet (issue 25 §1) does not exist for members.
    if (!itemCode || itemCode.approved_at === null) throw new AppError('ITEM_CODE_NOT_FOUND');
    const mine = await tx.query('SELECT 1 FROM item_code_redemptions WHERE code = $1 AND member_id = $2', [code, memberId]);
    if (mine.rowCount > 0) throw new AppError('ITEM_CODE_ALREADY_REDEEMED');
    if (itemCode.expires_at.getTime() <= now.getTime()) throw new AppError('ITEM_CODE_EXPIRED');
    if (itemCode.redeemed_count >= itemCode.total_uses) throw new AppError('ITEM_CODE_USED_UP');

    const transferId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `item-code:${code}:${memberId}`,
        code: 'ITEM_CODE',
        debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.itemCodeExpense),
        creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
        amountSatang: itemCode.amount_satang,
        source: { type: 'item_code', id: code },
      }),
    );
    await tx.query('INSERT INTO item_code_redemptions (code, member_id, transfer_id, created_at) VALUES ($1, $2, $3, $4)', [code, memberId, transferId, now]);
    await tx.query('UPDATE item_codes SET redeemed_count = redeemed_count + 1 WHERE code = $1', [code]);
    // The credit is turned over like a bonus before a bank withdrawal (issue 25 §1; default 1×).
    await addWageringRequirement(tx, { memberId, sourceType: 'item_code', sourceTransferId: transferId, creditedSatang: itemCode.amount_satang, turnoverMultiple: Number(itemCode.turnover_multiple), now });
    await notifyBalanceChanged(tx, memberId, 'adjustment');
    return { code, amountSatang: itemCode.amount_satang, transferId };
  });
}
