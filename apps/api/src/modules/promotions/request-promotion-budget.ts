import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler, type MoneyActionOutcome } from '../approvals/index.ts';
import type { StaffRole } from '../staff/index.ts';

/**
 * Asks for a promotion's total bonus budget (issue 25 §1, docs/adr/0048 follow-up): the money
 * action 'promotion.budget' for `budgetSatang` (> 0, the liability). Marketing designs promotions;
 * a promotion grants nothing until owner/finance approved its budget (or the requester's role
 * daily limit covered it), and stops granting once its bonuses reach it (grant-bonus.ts). A new
 * approved budget replaces the old one (it is the total, bonuses already paid count against it).
 * Idempotent per promotion, amount and requester while pending.
 * @throws AppError NOT_FOUND (unknown promotion), INVALID_AMOUNT, STAFF_FORBIDDEN.
 */
export async function requestPromotionBudget(
  context: AppContext,
  input: { promotionId: string; budgetSatang: bigint; staffId: string; role: StaffRole; reason: string; address: string | null },
): Promise<MoneyActionOutcome> {
  if (input.budgetSatang <= 0n) throw new AppError('INVALID_AMOUNT');
  return inLedgerTransaction(context.db, async (tx) => {
    const found = await tx.query('SELECT 1 FROM promotions WHERE id = $1', [input.promotionId]);
    if (found.rowCount === 0) throw new AppError('NOT_FOUND');
    return requestMoneyAction(tx, {
      kind: 'promotion.budget', requester: { staffId: input.staffId, role: input.role }, amountSatang: input.budgetSatang,
      subject: { type: 'promotion', id: input.promotionId }, payload: { promotionId: input.promotionId, budgetSatang: input.budgetSatang.toString() },
      idempotencyKey: `promotion-budget:${input.promotionId}:${input.budgetSatang}:${input.staffId}`, reason: input.reason, address: input.address, now: context.now(),
    });
  });
}

/** On approval (or within the requester's limit): the promotion's approved budget becomes this amount. */
const approvePromotionBudget: MoneyActionHandler = async (tx, action) => {
  const promotionId = String(action.payload.promotionId);
  await tx.query('UPDATE promotions SET budget_approved_satang = $2, budget_approval_id = $3 WHERE id = $1', [promotionId, action.amountSatang, action.approvalId]);
  return { promotionId, budgetSatang: action.amountSatang.toString() };
};

registerMoneyActionHandler('promotion.budget', approvePromotionBudget);
