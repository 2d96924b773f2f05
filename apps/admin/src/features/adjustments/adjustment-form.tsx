import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adjustmentRequestBody, memberAdjustmentResponse } from '@sabai/contracts';
import type { z } from 'zod';
import { apiPostBody, ApiError, FormError } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { bahtFromText } from '../../lib/baht-input';
import { Button, ErrorText } from '../../ui';

type AdjustmentBody = z.input<typeof adjustmentRequestBody>;

/**
 * A staff credit or debit of a member's main wallet (issue 11; four-eyes, issue 25 §1): the body is
 * the server's `adjustmentRequestBody`, checked before sending so an error names the field (an
 * amount that is not baht with ≤ 2 decimals never becomes NaN on the wire). The answer says
 * whether it applied (within the requester's daily limit) or waits for a second person.
 */
export function AdjustmentForm({ memberId }: { memberId: string }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [direction, setDirection] = useState<AdjustmentBody['direction']>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const labels = { direction: tx('ทิศทาง', 'Direction'), amount: tx('จำนวนเงิน', 'Amount'), reason: tx('เหตุผลการปรับยอด', 'Reason for the adjustment') };
  const adjust = useMutation({
    mutationFn: (body: AdjustmentBody) => apiPostBody(`/members/${memberId}/adjustments`, adjustmentRequestBody, body, memberAdjustmentResponse, labels),
    onSuccess: () => {
      setAmountText('');
      setReason('');
      void client.invalidateQueries({ queryKey: ['member'] });
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  const bad = adjust.error instanceof FormError ? adjust.error.fields : [];
  const submit = () => {
    const amount = bahtFromText(amountText);
    if (amount === null) {
      adjust.reset();
      setLocalError(`${labels.amount}: ${tx('กรอกเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 1500 หรือ 1500.50', 'baht with at most 2 decimals, e.g. 1500 or 1500.50')}`);
      return;
    }
    setLocalError(null);
    adjust.mutate({ direction, amount, reason: reason.trim() });
  };
  return (
    <form
      className="flex flex-wrap items-center gap-2 border-t pt-2"
      data-testid="adjustment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <select name="direction" className="input w-24" aria-label={labels.direction} value={direction} onChange={(event) => setDirection(event.target.value === 'debit' ? 'debit' : 'credit')}>
        <option value="credit">{tx('เพิ่ม', 'Credit')}</option>
        <option value="debit">{tx('ลด', 'Debit')}</option>
      </select>
      <input name="amount" className="input w-28" inputMode="decimal" placeholder={tx('บาท', 'baht')} aria-label={labels.amount} aria-invalid={localError !== null || bad.includes('amount')} value={amountText} onChange={(event) => setAmountText(event.target.value)} />
      <input name="reason" className="input w-56" placeholder={labels.reason} aria-label={labels.reason} aria-invalid={bad.includes('reason')} value={reason} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="plain" disabled={adjust.isPending}>{tx('ปรับยอด', 'Adjust')}</Button>
      {adjust.data && (
        <span className="text-xs" role="status" data-testid="adjustment-outcome">
          {adjust.data.status === 'applied' ? tx('ปรับยอดแล้ว', 'Adjusted') : tx('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ (เมนู อนุมัติ)', 'Sent for approval: a second staff member approves it (Approvals)')}
        </span>
      )}
      <ErrorText message={localError ?? (adjust.error instanceof ApiError ? adjust.error.message : null)} />
    </form>
  );
}
