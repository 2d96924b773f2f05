import { randomUUID } from 'node:crypto';
import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { satangToBahtNumber } from '@sabai/money';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler } from '../approvals/index.ts';
import { compareHolderNames } from '../members/index.ts';
import type { StaffRole } from '../staff/index.ts';
import { assertRefundInput, lookUpRefundDestination, sendStartedRefund, startDepositRefund, type StartedRefund } from './refund-held-deposit.ts';

/**
 * What staff see before refunding a held deposit (issue 25 §1 finding 3): the sender's name as the
 * bank statement printed it beside the destination account's holder as the bank's name inquiry
 * tells it. `nameCheck`: `same` (compareHolderNames), `different`, `undecidable` (masked too
 * short, other script, no sender name) or `not_looked_up` (no name inquiry on this site).
 * Anything but `same` needs a typed confirmation and always a second approver.
 */
export interface RefundNameCheck {
  depositId: string;
  amountSatang: bigint;
  senderName: string | null;
  destinationName: string | null;
  nameCheck: 'same' | 'different' | 'undecidable' | 'not_looked_up';
}

/** @throws AppError NOT_FOUND, STATE_CONFLICT (not held), VALIDATION_FAILED (unknown account), PROVIDER_UNAVAILABLE. */
export async function checkHeldDepositRefund(context: AppContext, input: { depositId: string; bankCode: string; accountNumber: string }): Promise<RefundNameCheck> {
  const { rows } = await context.db.query<{ status: string; amount_satang: bigint; sender_name: string | null }>('SELECT status, amount_satang, sender_name FROM deposits WHERE id = $1', [input.depositId]);
  const deposit = rows[0];
  if (!deposit) throw new AppError('NOT_FOUND');
  if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
  const holder = await lookUpRefundDestination(context, input);
  const senderName = deposit.sender_name?.trim() || null;
  const destinationName = holder ? `${holder.firstName} ${holder.lastName}` : null;
  const nameCheck = !holder ? 'not_looked_up' : senderName ? compareHolderNames(senderName, holder) : 'undecidable';
  return { depositId: input.depositId, amountSatang: BigInt(deposit.amount_satang), senderName, destinationName, nameCheck };
}

const normalize = (text: string) => text.normalize('NFC').trim().replace(/\s+/gu, ' ').toUpperCase();

/**
 * A staff member asks to refund a held deposit (issue 25 §1): the money action
 * 'held-deposit.refund' of the approvals module. The names are compared first (checkHeldDepositRefund);
 * when they are not the same, `confirmation` must repeat the destination's looked-up name (or the
 * account number when nobody looked it up) and a second person must approve whatever the limit.
 * Within the requester's daily limit and names the same, the refund starts at once and is sent.
 * One refund request waits per deposit at a time.
 * @throws AppError VALIDATION_FAILED (note, account, confirmation), NOT_FOUND, STATE_CONFLICT, PROVIDER_UNAVAILABLE, STAFF_FORBIDDEN.
 */
export async function requestHeldDepositRefund(
  context: AppContext,
  input: { depositId: string; staffId: string; role: StaffRole; address: string | null; note: string; bankCode: string; accountNumber: string; confirmation?: string | undefined },
): Promise<{ status: 'refunded' | 'refunding' | 'held' | 'pending_approval'; refundId: string | null; approvalId: string; check: RefundNameCheck }> {
  const note = assertRefundInput(input);
  const check = await checkHeldDepositRefund(context, input);
  const mismatch = check.nameCheck !== 'same';
  if (mismatch) {
    const expected = check.destinationName ?? input.accountNumber;
    if (normalize(input.confirmation ?? '') !== normalize(expected)) {
      throw new AppError('VALIDATION_FAILED', { message: 'ชื่อบัญชีปลายทางไม่ตรงกับชื่อผู้โอนในรายการเดินบัญชี กรุณาตรวจสอบ แล้วพิมพ์ชื่อบัญชีปลายทาง (หรือเลขบัญชีเมื่อไม่มีการตรวจชื่อ) เพื่อยืนยัน' });
    }
  }
  const outcome = await inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1 FOR UPDATE', [input.depositId]);
    if (rows[0]?.status !== 'held') throw new AppError('STATE_CONFLICT');
    const waiting = await tx.query(`SELECT 1 FROM money_approvals WHERE kind = 'held-deposit.refund' AND subject_id = $1 AND status = 'pending'`, [input.depositId]);
    if (waiting.rowCount > 0) throw new AppError('STATE_CONFLICT', { message: 'รายการคืนเงินนี้รออนุมัติอยู่แล้ว' });
    return requestMoneyAction(tx, {
      kind: 'held-deposit.refund', requester: { staffId: input.staffId, role: input.role }, amountSatang: check.amountSatang,
      subject: { type: 'deposit', id: input.depositId }, reason: note, address: input.address, now: context.now(), requireSecondPerson: mismatch,
      payload: { depositId: input.depositId, bankCode: input.bankCode, accountNumber: input.accountNumber, accountName: check.destinationName ?? check.senderName ?? 'ไม่ได้ตรวจชื่อบัญชี',
        senderName: check.senderName, destinationName: check.destinationName, nameCheck: check.nameCheck, note, amount: satangToBahtNumber(check.amountSatang), requesterAddress: input.address },
      idempotencyKey: `deposit-refund:${input.depositId}:${randomUUID()}`,
    });
  });
  if (outcome.status !== 'executed') return { status: 'pending_approval', refundId: null, approvalId: outcome.approvalId, check };
  const sent = await sendStartedRefund(context, startedOf(outcome.result));
  return { ...sent, approvalId: outcome.approvalId, check };
}

const startedOf = (result: Record<string, unknown>): StartedRefund => ({
  refundId: String(result.refundId), depositId: String(result.depositId), bankCode: String(result.bankCode), accountNumber: String(result.accountNumber),
  accountName: String(result.accountName), amountSatang: BigInt(String(result.amountSatang)),
});

/** The approvals handler: step 1 of the refund (reserve, `sending`) in the approval's transaction. */
const startApprovedRefund: MoneyActionHandler = async (tx, action) => {
  const payload = action.payload;
  const started = await startDepositRefund(tx, {
    depositId: String(payload.depositId), actor: `staff:${action.requester.username}`, actorRole: action.requester.role, address: typeof payload.requesterAddress === 'string' ? payload.requesterAddress : null,
    note: String(payload.note), bankCode: String(payload.bankCode), accountNumber: String(payload.accountNumber), accountName: String(payload.accountName),
  });
  return { ...started, amountSatang: started.amountSatang.toString() };
};

registerMoneyActionHandler('held-deposit.refund', startApprovedRefund, {
  // Step 2 after the approval committed: send once; an unknown answer is the recovery job's.
  afterCommit: async (context, executed) => {
    await sendStartedRefund(context, startedOf(executed.result));
  },
});
