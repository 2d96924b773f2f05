import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';

/**
 * Staff confirm a member's bound bank account (docs/adr/0040; permission `members.verify-bank`:
 * owner and finance, who answer for where money is paid): after checking the holder name some
 * other way (the member's bank book or app screen, a call), with a required reason. The account is
 * then verified `staff:<username>` and withdrawals to it are accepted. Audited with before / after.
 *
 * The member row is locked (`FOR UPDATE`) so a deposit verifying the account meanwhile is seen:
 * confirming an account verified already is STATE_CONFLICT, never a second record.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (verified already), VALIDATION_FAILED (no reason).
 */
export async function confirmBankAccount(
  context: AppContext,
  input: { memberId: string; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<{ verifiedAt: Date; verifiedBy: string }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  if (!input.actor.startsWith('staff:')) throw new Error(`confirmBankAccount: actor must be staff:<username>, got ${input.actor}`);
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ bank_code: string; bank_account_number: string; first_name: string; last_name: string; bank_account_verified_by: string | null }>(
      'SELECT bank_code, bank_account_number, first_name, last_name, bank_account_verified_by FROM members WHERE id = $1 FOR UPDATE',
      [input.memberId],
    );
    const member = rows[0];
    if (!member) throw new AppError('NOT_FOUND');
    if (member.bank_account_verified_by !== null) throw new AppError('STATE_CONFLICT', { message: 'บัญชีธนาคารนี้ได้รับการยืนยันแล้ว' });
    const verifiedAt = context.now();
    const verifiedBy = input.actor;
    await tx.query('UPDATE members SET bank_account_verified_at = $2, bank_account_verified_by = $3 WHERE id = $1', [input.memberId, verifiedAt, verifiedBy]);
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      action: 'member.verify_bank_account',
      subjectType: 'member',
      subjectId: input.memberId,
      reason,
      address: input.address,
      details: { bankCode: member.bank_code, bankAccountNumber: member.bank_account_number, holderName: `${member.first_name} ${member.last_name}` },
      before: { bankAccountVerifiedBy: null },
      after: { bankAccountVerifiedBy: verifiedBy },
    });
    return { verifiedAt, verifiedBy };
  });
}
