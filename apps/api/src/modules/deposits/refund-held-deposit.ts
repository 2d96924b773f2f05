import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, reserveTransfer, resolvePendingTransfer } from '@sabai/ledger';
import { findBankByCode } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { settleByAskingProvider, settlementFromSend, type Settlement } from '../../lib/external-transfer.ts';
import type { PayoutReceipt } from '../../adapters/payout/index.ts';
import { ProviderUnavailableError } from '../../adapters/name-inquiry/index.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';

/**
 * Staff refund a held deposit by paying it back to the sender (issue 11 "Held deposits"), through
 * the payout adapter and the external-transfer primitive (lib/external-transfer.ts):
 *
 * 1. the destination (the sender's account, as the bank statement shows it) is checked by name
 *    inquiry; then, in one transaction, the held deposit is locked, the amount reserved (pending
 *    DEPOSIT_REFUND house:unallocated_deposits → house:payouts_in_flight), the refund recorded as
 *    `sending` and the deposit marked `refunding` — committed before the bank is called;
 * 2. the payout is sent once, with the refund id as our reference;
 * 3. paid → the reservation is posted and the money leaves the house account the deposit arrived
 *    in (payouts_in_flight → that channel), the deposit is `refunded`; failed → the reservation is
 *    voided and the deposit is `held` again; unknown → it stays `sending` and the recovery job asks
 *    the bank by reference (recoverDepositRefunds), never pays again.
 * Audited. @throws AppError NOT_FOUND, STATE_CONFLICT (not held), VALIDATION_FAILED (note, account),
 *   PROVIDER_UNAVAILABLE (name inquiry down).
 */
export async function refundHeldDeposit(
  context: AppContext,
  input: { depositId: string; actor: string; actorRole: string | null; address: string | null; note: string; bankCode: string; accountNumber: string },
): Promise<{ status: 'refunded' | 'refunding' | 'held'; refundId: string }> {
  const note = assertRefundInput(input);
  const accountName = await refundAccountName(context, input);
  const refund = await inLedgerTransaction(context.db, (tx) => startDepositRefund(tx, { ...input, note, accountName }));
  return sendStartedRefund(context, refund);
}

/** A refund recorded as `sending`, its money reserved, not yet sent to the bank. */
export interface StartedRefund {
  refundId: string;
  depositId: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  amountSatang: bigint;
}

/** Checks a refund's note and destination before anything else. @returns the trimmed note. @throws AppError VALIDATION_FAILED. */
export function assertRefundInput(input: { note: string; bankCode: string; accountNumber: string }): string {
  const note = input.note.trim();
  if (!note) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการคืนเงิน' });
  if (!findBankByCode(input.bankCode) || !/^\d{10,15}$/.test(input.accountNumber)) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุธนาคารและเลขบัญชีผู้โอนให้ถูกต้อง' });
  return note;
}

/**
 * Step 1 of a refund, in the caller's transaction: locks the held deposit, reserves the amount
 * (pending DEPOSIT_REFUND house:unallocated_deposits → house:payouts_in_flight), records the refund
 * as `sending` and the deposit as `refunding`. Audited. @throws AppError NOT_FOUND, STATE_CONFLICT (not held).
 */
export async function startDepositRefund(
  tx: Queryable,
  input: { depositId: string; actor: string; actorRole: string | null; address: string | null; note: string; bankCode: string; accountNumber: string; accountName: string },
): Promise<StartedRefund> {
  const { rows } = await tx.query<{ status: string; amount_satang: bigint }>('SELECT status, amount_satang FROM deposits WHERE id = $1 FOR UPDATE', [input.depositId]);
  const deposit = rows[0];
  if (!deposit) throw new AppError('NOT_FOUND');
  if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
  const refundId = newPrefixedId('rfd');
  const reserved = await reserveTransfer(tx, {
    idempotencyKey: `deposit-refund-reserve:${refundId}`,
    code: 'DEPOSIT_REFUND',
    debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.unallocatedDeposits),
    creditAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight),
    amountSatang: deposit.amount_satang,
    source: { type: 'deposit_refund', id: refundId },
  });
  if (reserved.status !== 'created') throw new Error(`deposit refund reserve: unexpected ${reserved.status}`);
  await tx.query(
    `INSERT INTO deposit_refunds (id, deposit_id, bank_code, account_number, account_name, amount_satang, status, reserve_transfer_id, note, requested_by)
     VALUES ($1, $2, $3, $4, $5, $6, 'sending', $7, $8, $9)`,
    [refundId, input.depositId, input.bankCode, input.accountNumber, input.accountName, deposit.amount_satang, reserved.transferId, input.note, input.actor],
  );
  await tx.query(`UPDATE deposits SET status = 'refunding', resolved_by = $2 WHERE id = $1`, [input.depositId, input.actor]);
  await recordStaffAction(tx, {
    actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit.refund', subjectType: 'deposit', subjectId: input.depositId, reason: input.note,
    details: { refundId, bankCode: input.bankCode, accountNumber: input.accountNumber, accountName: input.accountName, amountSatang: deposit.amount_satang },
  });
  return { refundId, depositId: input.depositId, bankCode: input.bankCode, accountNumber: input.accountNumber, accountName: input.accountName, amountSatang: deposit.amount_satang };
}

/**
 * Step 2, after the reservation committed: sends the payout once (the refund id is our
 * reference) and settles it when the bank answers; an unknown answer is left to the recovery job.
 * @returns the deposit's status now.
 */
export async function sendStartedRefund(context: AppContext, refund: StartedRefund): Promise<{ status: 'refunded' | 'refunding' | 'held'; refundId: string }> {
  const result = await context.payout.sendPayout({
    reference: refund.refundId,
    bankCode: refund.bankCode,
    accountNumber: refund.accountNumber,
    accountName: refund.accountName,
    amountSatang: refund.amountSatang,
  });
  const settlement = settlementFromSend(result);
  if (settlement) await settleDepositRefund(context, refund.refundId, settlement);
  const { rows } = await context.db.query<{ status: 'refunded' | 'refunding' | 'held' }>('SELECT status FROM deposits WHERE id = $1', [refund.depositId]);
  return { status: rows[0]?.status ?? 'refunding', refundId: refund.refundId };
}

/**
 * Settles a refund in `sending` once the bank's answer is known, once: paid → post the
 * reservation and pay out of the deposit's house account, the deposit is `refunded`; failed → void,
 * the deposit is `held` again (staff may refund again, to a corrected account).
 * @returns whether this call settled it.
 */
export async function settleDepositRefund(context: AppContext, refundId: string, settlement: Settlement<PayoutReceipt>): Promise<boolean> {
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ deposit_id: string; reserve_transfer_id: bigint; amount_satang: bigint; channel_account_id: bigint; member_id: string | null; hold_reason: string | null }>(
      `SELECT r.deposit_id, r.reserve_transfer_id, r.amount_satang, c.ledger_account_id AS channel_account_id, d.member_id, d.hold_reason
       FROM deposit_refunds r JOIN deposits d ON d.id = r.deposit_id JOIN deposit_channels c ON c.id = d.channel_id
       WHERE r.id = $1 AND r.status = 'sending' FOR UPDATE OF r`,
      [refundId],
    );
    const refund = rows[0];
    if (!refund) return false;
    const paid = settlement.result === 'succeeded';
    const resolved = expectPosted(
      await resolvePendingTransfer(tx, {
        idempotencyKey: `deposit-refund-${paid ? 'post' : 'void'}:${refundId}`,
        pendingTransferId: refund.reserve_transfer_id,
        resolution: paid ? 'post' : 'void',
        code: 'DEPOSIT_REFUND',
        source: { type: 'deposit_refund', id: refundId },
      }),
    );
    if (paid) {
      const paidOut = expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `deposit-refund-paid-out:${refundId}`,
          code: 'DEPOSIT_REFUND',
          debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight),
          creditAccountId: refund.channel_account_id,
          amountSatang: refund.amount_satang,
          source: { type: 'deposit_refund', id: refundId },
        }),
      );
      await tx.query(`UPDATE deposit_refunds SET status = 'paid', resolve_transfer_id = $2, provider_ref = $3, updated_at = now() WHERE id = $1`, [refundId, resolved, settlement.receipt.providerRef]);
      await tx.query(`UPDATE deposits SET status = 'refunded', refund_transfer_id = $2, resolved_at = now() WHERE id = $1`, [refund.deposit_id, paidOut]);
      await recordOutboxEvent(tx, {
        kind: 'deposit.refunded',
        eventKey: `deposit.refunded:${refundId}`,
        // The member is told by LINE when their money is back (issue 26 §2).
        memberId: refund.member_id,
        payload: { depositId: refund.deposit_id, amountSatang: toSatangText(refund.amount_satang), note: refundId, memberId: refund.member_id, reason: refund.hold_reason },
      });
    } else {
      await tx.query(`UPDATE deposit_refunds SET status = 'failed', resolve_transfer_id = $2, failure_reason = $3, updated_at = now() WHERE id = $1`, [refundId, resolved, settlement.reason]);
      await tx.query(`UPDATE deposits SET status = 'held' WHERE id = $1`, [refund.deposit_id]);
    }
    return true;
  });
}

/**
 * The refund recovery job (worker, periodic): every refund still `sending` (a timeout, a crash
 * after the call) is settled by asking the bank by reference; "not found" after
 * PAYOUT_UNKNOWN_GRACE_MS means it never arrived: failed, the deposit is held again.
 * @returns how many it settled.
 */
export async function recoverDepositRefunds(context: AppContext, options: { batchSize?: number; minAgeMs?: number } = {}): Promise<number> {
  const now = context.now();
  const { rows } = await context.db.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM deposit_refunds WHERE status = 'sending' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [new Date(now.getTime() - (options.minAgeMs ?? 2_000)), options.batchSize ?? 50],
  );
  let settled = 0;
  for (const row of rows) {
    const didSettle = await settleByAskingProvider({
      reference: row.id,
      sentAt: row.created_at,
      now,
      voidGraceMs: context.config.PAYOUT_UNKNOWN_GRACE_MS,
      notReceivedReason: 'ธนาคารไม่ได้รับคำสั่งโอน',
      ask: (reference) => context.payout.getPayoutStatus(reference),
      settle: (settlement) => settleDepositRefund(context, row.id, settlement),
    });
    if (didSettle) settled += 1;
  }
  return settled;
}

/** Money reserved for refunds in flight (reconcile: payouts in flight = open withdrawals + refunds sending). */
export async function refundsInFlightSatang(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint }>(`SELECT coalesce(sum(amount_satang), 0)::int8 AS total FROM deposit_refunds WHERE status = 'sending'`);
  return rows[0]?.total ?? 0n;
}

/**
 * The holder's name recorded with a refund: the name-inquiry provider's; without one
 * (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040) the sender name the bank printed on the deposit,
 * or a placeholder saying nobody looked it up (the payout goes to the account number staff gave).
 */
async function refundAccountName(context: AppContext, input: { depositId: string; bankCode: string; accountNumber: string }): Promise<string> {
  const holder = await lookUpRefundDestination(context, input);
  if (holder) return `${holder.firstName} ${holder.lastName}`;
  const { rows } = await context.db.query<{ sender_name: string | null }>('SELECT sender_name FROM deposits WHERE id = $1', [input.depositId]);
  const senderName = rows[0]?.sender_name?.trim();
  return senderName ? senderName.slice(0, 100) : 'ไม่ได้ตรวจชื่อบัญชี';
}

/**
 * The destination account's holder as the bank's name inquiry tells it; null when the site has no
 * name inquiry (NAME_INQUIRY_PROVIDER=declared). @throws AppError VALIDATION_FAILED (unknown account), PROVIDER_UNAVAILABLE.
 */
export async function lookUpRefundDestination(context: AppContext, input: { bankCode: string; accountNumber: string }): Promise<{ firstName: string; lastName: string } | null> {
  if (context.nameInquiry === null) return null;
  let holder;
  try {
    holder = await context.nameInquiry.lookupAccountHolder({ bankCode: input.bankCode, accountNumber: input.accountNumber });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('PROVIDER_UNAVAILABLE');
    throw error;
  }
  if (!holder.found) throw new AppError('VALIDATION_FAILED', { message: 'ไม่พบบัญชีผู้โอนนี้ที่ธนาคาร' });
  return { firstName: holder.firstName, lastName: holder.lastName };
}
