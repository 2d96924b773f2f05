import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberBankVerificationResponse, type MemberProfileWire } from '@sabai/contracts';
import { apiPost, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Button, ErrorText } from '../../ui';
import { useBilingual } from '../../lib/bilingual';

type Say = (thai: string, english: string) => string;
/** How the account was verified (`name_inquiry`, `deposit:<id>`, `staff:<username>`) in words. */
const HOW_VERIFIED = (tx: Say, verifiedBy: string): string => {
  if (verifiedBy === 'name_inquiry') return tx('ระบบตรวจชื่อบัญชีตอนสมัคร', 'Account name checked with the bank at sign-up');
  if (verifiedBy.startsWith('deposit:')) return `${tx('ยอดฝากจากบัญชีนี้ที่ชื่อตรงกัน', 'A deposit from this account with a matching name')} (${verifiedBy.slice('deposit:'.length)})`;
  if (verifiedBy.startsWith('staff:')) return `${tx('เจ้าหน้าที่ยืนยัน', 'Confirmed by staff')} (${verifiedBy.slice('staff:'.length)})`;
  return verifiedBy;
};

const OUTCOME_LABELS: Record<'different' | 'undecidable', [string, string]> = {
  different: ['ชื่อไม่ตรง', 'Name differs'],
  undecidable: ['เทียบไม่ได้ (ต่างภาษา หรือธนาคารตัดชื่อสั้นเกินไป)', 'Cannot compare (different script, or the bank cut the name too short)'],
};

/**
 * The member's bank-account verification (docs/adr/0040): verified how and when, or not yet (a
 * holder name the member typed at sign-up); the deposits whose sender name did not verify it; and,
 * for staff holding `members.verify-bank` (owner, finance), confirming the account with a reason
 * after checking the name another way. Withdrawals are paid only to a verified account.
 */
export function MemberBankVerification({ member, canVerify }: { member: Pick<MemberProfileWire, 'memberId' | 'name' | 'bankAccountVerification'>; canVerify: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const verification = member.bankAccountVerification;
  const confirm = useMutation({
    mutationFn: () => apiPost(`/members/${member.memberId}/verify-bank`, { reason }, memberBankVerificationResponse),
    onSuccess: () => {
      setReason('');
      void client.invalidateQueries({ queryKey: ['member'] });
    },
  });
  return (
    <div className="space-y-1 border-t pt-2 text-sm" data-testid="bank-verification">
      {verification.verifiedBy && verification.verifiedAt ? (
        <p>
          {tx('บัญชีธนาคาร', 'Bank account')}: <strong className="text-emerald-700">{tx('ยืนยันแล้ว', 'Verified')}</strong> · {HOW_VERIFIED(tx, verification.verifiedBy)} · {formatDateTime(verification.verifiedAt)}
        </p>
      ) : (
        <p>
          {tx('บัญชีธนาคาร', 'Bank account')}: <strong className="text-amber-700">{tx('ยังไม่ยืนยัน', 'Not verified')}</strong> · {tx('ชื่อที่สมาชิกกรอก', 'Name the member typed')} “{member.name}”{' '}
          {tx('ถอนเงินไม่ได้จนกว่ายอดฝากจากบัญชีนี้จะแสดงชื่อตรงกัน หรือเจ้าหน้าที่ยืนยัน', 'cannot withdraw until a deposit from this account shows a matching name, or staff confirm it')}
        </p>
      )}
      {verification.nameMismatches.length > 0 && (
        <ul className="list-disc pl-5 text-xs" data-testid="bank-name-mismatches">
          {verification.nameMismatches.map((row) => (
            <li key={row.depositId}>
              {tx('ยอดฝาก', 'Deposit')} {row.depositId}: {tx('ชื่อผู้โอน', 'sender name')} “{row.senderName}” · {tx(...OUTCOME_LABELS[row.outcome])} · {formatDateTime(row.at)}
            </li>
          ))}
        </ul>
      )}
      {canVerify && !verification.verifiedBy && (
        <div className="flex flex-wrap items-center gap-2">
          <input className="input w-72" placeholder={tx('ตรวจชื่อบัญชีอย่างไร (บันทึกในประวัติการทำงาน)', 'How you checked the account name (kept in the audit trail)')} aria-label={tx('เหตุผลการยืนยันบัญชี', 'Reason for verifying the account')} value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button disabled={!reason.trim() || confirm.isPending} onClick={() => confirm.mutate()} data-testid="verify-bank">{tx('ยืนยันบัญชีธนาคาร', 'Verify the bank account')}</Button>
          <ErrorText message={confirm.error instanceof ApiError ? confirm.error.message : null} />
        </div>
      )}
    </div>
  );
}
