import { expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import { recordDepositCredited } from './record-deposit-credited.ts';

/**
 * Staff resolve a held deposit (money still in house:unallocated_deposits), once:
 * - `assign` to a member: DEPOSIT unallocated → member main (same key as an automatic credit of
 *   that bank event, so a deposit can never be credited twice);
 * - `refund`: DEPOSIT_REFUND unallocated → the channel's account, recording that staff returned
 *   the money to the sender from the house account.
 * Audited. Assigning records `deposit.credited` (bonus, wheel credit and the move into the game
 * follow through the worker, as for an automatic credit). @throws AppError NOT_FOUND, STATE_CONFLICT (not held any more), VALIDATION_FAILED.
 */
export async function resolveHeldDeposit(
  context: AppContext,
  input: { depositId: string; actor: string; action: 'assign'; memberPhoneNumber: string; note?: string } | { depositId: string; actor: string; action: 'refund'; note: string },
): Promise<{ status: 'credited' | 'refunded' }> {
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; event_id: bigint; amount_satang: bigint; channel_account_id: bigint }>(
      `SELECT d.status, d.event_id, d.amount_satang, c.ledger_account_id AS channel_account_id
       FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id WHERE d.id = $1 FOR UPDATE OF d`,
      [input.depositId],
    );
    const deposit = rows[0];
    if (!deposit) throw new AppError('NOT_FOUND');
    if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
    const unallocated = await requireAccountId(tx, 'house:unallocated_deposits');

    if (input.action === 'assign') {
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
      await notifyBalanceChanged(tx, memberId, 'deposit');
      return { status: 'credited' as const };
    }

    if (!input.note.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการคืนเงิน' });
    const refundId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `deposit-refund:${input.depositId}`,
        code: 'DEPOSIT_REFUND',
        debitAccountId: unallocated,
        creditAccountId: deposit.channel_account_id,
        amountSatang: deposit.amount_satang,
        source: { type: 'deposit', id: input.depositId },
      }),
    );
    await tx.query(`UPDATE deposits SET status = 'refunded', refund_transfer_id = $2, resolved_by = $3, resolved_at = now() WHERE id = $1`, [
      input.depositId,
      refundId,
      input.actor,
    ]);
    await recordOutboxEvent(tx, {
      kind: 'deposit.refunded',
      eventKey: `deposit.refunded:${input.depositId}`,
      memberId: null,
      payload: { depositId: input.depositId, amountSatang: toSatangText(deposit.amount_satang), note: input.note },
    });
    await recordStaffAction(tx, { actor: input.actor, action: 'deposit.refund', subjectType: 'deposit', subjectId: input.depositId, details: { note: input.note } });
    return { status: 'refunded' as const };
  });
}
