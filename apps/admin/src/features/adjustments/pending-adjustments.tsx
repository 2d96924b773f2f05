import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adjustmentDecisionBody, memberAdjustmentResponse, pendingAdjustmentsResponse } from '@sabai/contracts';
import type { z } from 'zod';
import { apiGet, apiPostBody, ApiError } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { formatBaht } from '../../lib/format';
import { Button, ErrorText } from '../../ui';

type DecisionBody = z.input<typeof adjustmentDecisionBody>;

/**
 * Adjustments waiting for a second staff member (issue 11 four-eyes; the requester cannot approve
 * their own, the server refuses it): approve or reject each, the body typed by `adjustmentDecisionBody`.
 */
export function PendingAdjustments() {
  const tx = useBilingual();
  const client = useQueryClient();
  const pending = useQuery({ queryKey: ['adjustments'], queryFn: () => apiGet('/adjustments', pendingAdjustmentsResponse) });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject' }) => {
      const body: DecisionBody = input.decision === 'reject' ? { reason: tx('ไม่อนุมัติ', 'Not approved') } : {};
      return apiPostBody(`/adjustments/${input.id}/${input.decision}`, adjustmentDecisionBody, body, memberAdjustmentResponse);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['member'] });
    },
  });
  if ((pending.data?.length ?? 0) === 0) return <ErrorText message={pending.error instanceof ApiError ? pending.error.message : null} />;
  return (
    <div className="rounded-lg bg-amber-50 p-4 text-sm" data-testid="pending-adjustments">
      <h2 className="mb-2 font-semibold">{tx('ปรับยอดที่รออนุมัติ (ผู้อนุมัติต้องไม่ใช่ผู้ขอ)', 'Adjustments waiting for approval (the approver cannot be the requester)')}</h2>
      {pending.data?.map((row) => (
        <p key={row.adjustmentId} className="flex items-center gap-2" data-testid={`pending-adjustment-${row.adjustmentId}`}>
          <span>
            {row.direction === 'credit' ? tx('เพิ่ม', 'Credit') : tx('ลด', 'Debit')} {formatBaht(row.amount)} · {row.memberId} · {tx('ขอโดย', 'asked by')} {row.requestedBy}
          </span>
          <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: row.adjustmentId, decision: 'approve' })}>{tx('อนุมัติ', 'Approve')}</Button>
          <Button variant="plain" disabled={decide.isPending} onClick={() => decide.mutate({ id: row.adjustmentId, decision: 'reject' })}>{tx('ไม่อนุมัติ', 'Reject')}</Button>
        </p>
      ))}
      <ErrorText message={decide.error instanceof ApiError ? decide.error.message : null} />
    </div>
  );
}
