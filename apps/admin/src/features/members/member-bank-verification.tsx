import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberBankVerificationResponse, type MemberProfileWire } from '@sabai/contracts';
import { apiPost, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Button, ErrorText } from '../../ui';

const HOW_VERIFIED = (verifiedBy: string): string => {
  if (verifiedBy === 'name_inquiry') return 'ระบบตรวจชื่อบัญชีตอนสมัคร';
  if (verifiedBy.startsWith('deposit:')) return `ยอดฝากจากบัญชีนี้ที่ชื่อตรงกัน (${verifiedBy.slice('deposit:'.length)})`;
  if (verifiedBy.startsWith('staff:')) return `เจ้าหน้าที่ยืนยัน (${verifiedBy.slice('staff:'.length)})`;
  return verifiedBy;
};

const OUTCOME_LABELS: Record<'different' | 'undecidable', string> = { different: 'ชื่อไม่ตรง', undecidable: 'เทียบไม่ได้ (ต่างภาษา หรือธนาคารตัดชื่อสั้นเกินไป)' };

/**
 * The member's bank-account verification (docs/adr/0040): verified how and when, or not yet (a
 * holder name the member typed at sign-up); the deposits whose sender name did not verify it; and,
 * for staff holding `members.verify-bank` (owner, finance), confirming the account with a reason
 * after checking the name another way. Withdrawals are paid only to a verified account.
 */
export function MemberBankVerification({ member, canVerify }: { member: Pick<MemberProfileWire, 'memberId' | 'name' | 'bankAccountVerification'>; canVerify: boolean }) {
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
          บัญชีธนาคาร: <strong className="text-emerald-700">ยืนยันแล้ว</strong> · {HOW_VERIFIED(verification.verifiedBy)} · {formatDateTime(verification.verifiedAt)}
        </p>
      ) : (
        <p>
          บัญชีธนาคาร: <strong className="text-amber-700">ยังไม่ยืนยัน</strong> · ชื่อที่สมาชิกกรอก “{member.name}” ถอนเงินไม่ได้จนกว่ายอดฝากจากบัญชีนี้จะแสดงชื่อตรงกัน หรือเจ้าหน้าที่ยืนยัน
        </p>
      )}
      {verification.nameMismatches.length > 0 && (
        <ul className="list-disc pl-5 text-xs" data-testid="bank-name-mismatches">
          {verification.nameMismatches.map((row) => (
            <li key={row.depositId}>
              ยอดฝาก {row.depositId}: ชื่อผู้โอน “{row.senderName}” · {OUTCOME_LABELS[row.outcome]} · {formatDateTime(row.at)}
            </li>
          ))}
        </ul>
      )}
      {canVerify && !verification.verifiedBy && (
        <div className="flex flex-wrap items-center gap-2">
          <input className="input w-72" placeholder="ตรวจชื่อบัญชีอย่างไร (บันทึกในประวัติการทำงาน)" aria-label="เหตุผลการยืนยันบัญชี" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button disabled={!reason.trim() || confirm.isPending} onClick={() => confirm.mutate()} data-testid="verify-bank">ยืนยันบัญชีธนาคาร</Button>
          <ErrorText message={confirm.error instanceof ApiError ? confirm.error.message : null} />
        </div>
      )}
    </div>
  );
}
