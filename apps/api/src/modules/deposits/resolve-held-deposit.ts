import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { recordDepositCredited } from './record-deposit-credited.ts';

/**
 * Staff resolve a held deposit (money still in house:unallocated_deposits), once:
 * - `assign` to a member: DEPOSIT unallocated → member main (same key as an automatic credit of
 *   that bank event, so a deposit can never be credited twice);
 * (a refund pays the sender back through the payout adapter: refund-held-deposit.ts).
 * Audited. Assigning records `deposit.credited` (bonus, wheel credit and the move into the game
 * follow through the worker, as for an automatic credit). @throws AppError NOT_FOUND, STATE_CONFLICT (not held any more), VALIDATION_FAILED.
 */
export async function resolveHeldDeposit(
  context: AppContext,
  input: { depositId: string; actor: string; action: 'assign'; memberPhoneNumber: string; note?: string },
): Promise<{ status: 'credited' }> {
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; event_id: bigint; amount_satang: bigint }>(
      `SELECT status, event_id, amount_satang FROM deposits WHERE id = $1 FOR UPDATE`,
      [input.depositId],
    );
    const deposit = rows[0];
    if (!deposit) throw new AppError('NOT_FOUND');
    if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
    const unallocated = await requireAccountId(tx, HOUSE_ACCOUNTS.unallocatedDeposits);

    const member = await tx.query<{ id: string }>(`SELECT id FROM members WHERE phone_number = $1 AND status = 'active'`, [input.memberPhoneNumber]);
    const memberId = member.rows[0]?.id;
    if (!memberId) throw new AppError('NOT_FOUND', { message: 'ไม่พบสมาชิกเบอร์นี้' });
    const transferId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `deposit:${deposit.event_id}`,
        code: 'DEPOSIT',
        debitAccountId: unallocated,
        creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
        amountSatang: deposit.amount_satang,
        source: { type: 'deposit', id: input.depositId },
      }),
    );
    await tx.query(
      `UPDATE deposits SET status = 'credited', member_id = $2, credit_transfer_id = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`,
      [input.depositId, memberId, transferId, input.actor],
    );
    await recordDepositCredited(tx, { memberId, depositId: input.depositId, amountSatang: deposit.amount_satang, now: context.now() });
    await recordStaffAction(tx, { actor: input.actor, action: 'deposit.assign', subjectType: 'deposit', subjectId: input.depositId, details: { memberId, note: input.note ?? null } });
    await notifyBalanceChanged(tx, memberId, 'deposit', input.depositId);
    return { status: 'credited' as const };
  });
}
