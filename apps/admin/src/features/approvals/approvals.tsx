import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moneyActionOutcomeResponse,
  moneyApprovalResponse,
  moneyApprovalsResponse,
  roleDailyLimitBody,
  roleDailyLimitsResponse,
  type MoneyApprovalWire,
} from '@sabai/contracts';
import { apiGet, apiPost, apiPostBody, ApiError } from '../../lib/api';
import { bahtFromText } from '../../lib/baht-input';
import type { z } from 'zod';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { Button, ErrorText } from '../../ui';
import { useLabel } from '../../lib/labels';

/** What each money action kind is called on screen (modules/approvals/money-action-policy.ts). */
const KIND_LABELS: Record<string, [string, string]> = {
  'adjustment.credit': ['ปรับเพิ่มยอดสมาชิก', 'Credit adjustment'],
  'adjustment.debit': ['ปรับลดยอดสมาชิก', 'Debit adjustment'],
  'item-codes.issue': ['โค้ดรางวัล (ยอดรวม = มูลค่า × จำนวนสิทธิ์)', 'Item codes (amount × uses)'],
  'held-deposit.refund': ['คืนเงินฝากที่รอตรวจสอบ', 'Held deposit refund'],
  'held-deposit.release': ['ปล่อยเงินฝากที่รอตรวจสอบ', 'Held deposit release'],
  'payout.manual': ['จ่ายเงินด้วยมือ', 'Manual payout'],
  'payout.retry': ['ส่งจ่ายซ้ำ', 'Payout retry'],
  'payout.return-to-wallet': ['คืนเงินเข้ากระเป๋าหลัก', 'Return to main wallet'],
  'reward-job.run': ['รันงานจ่ายรางวัล', 'Reward job run'],
  'promotion.budget': ['งบโปรโมชั่น', 'Promotion budget'],
  'role-limit.set': ['วงเงินต่อวันของบทบาท', 'Role daily limit'],
};

const ROLES = ['owner', 'finance', 'support', 'marketing', 'auditor'] as const;

/**
 * "อนุมัติ / Approvals" (issue 25 §1): money requests waiting for a second person (kind, amount,
 * requester, subject, reason; approve, or reject with a reason), the staff member's own requests,
 * and the roles' daily limits (the owner asks for a change; another person approves it).
 */
export function ApprovalsPage({ canDecide, canRequestLimits }: { canDecide: boolean; canRequestLimits: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQuery({ queryKey: ['approvals', 'queue'], queryFn: () => apiGet('/approvals?scope=queue', moneyApprovalsResponse), enabled: canDecide });
  const mine = useQuery({ queryKey: ['approvals', 'mine'], queryFn: () => apiGet('/approvals?scope=mine', moneyApprovalsResponse) });
  const decide = useMutation({
    mutationFn: (input: { approvalId: string; decision: 'approve' | 'reject'; reason: string }) =>
      apiPost(`/approvals/${input.approvalId}/${input.decision}`, input.reason ? { reason: input.reason } : {}, moneyApprovalResponse),
    onSuccess: (result) => {
      setNotice(result.status === 'executed' ? tx('อนุมัติแล้ว รายการดำเนินการแล้ว', 'Approved and done') : tx('ปฏิเสธแล้ว', 'Rejected'));
      void client.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  const kindLabel = (kind: string) => {
    const label = KIND_LABELS[kind];
    return label ? tx(label[0], label[1]) : kind;
  };
  return (
    <section className="space-y-6">
      <h1 className="text-xl font-semibold">{tx('อนุมัติ', 'Approvals')}</h1>
      {notice && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{notice}</p>}
      <ErrorText message={decide.error instanceof ApiError ? decide.error.message : null} />
      {canDecide && (
        <div className="space-y-2">
          <h2 className="font-semibold">{tx('รอการอนุมัติ', 'Waiting for approval')}</h2>
          <ApprovalList rows={queue.data ?? []} kindLabel={kindLabel} testId="approvals-queue" empty={tx('ไม่มีรายการรออนุมัติ', 'Nothing waiting')}
            onDecide={(approvalId, decision, reason) => decide.mutate({ approvalId, decision, reason })} busy={decide.isPending} />
        </div>
      )}
      <div className="space-y-2">
        <h2 className="font-semibold">{tx('คำขอของฉัน', 'My requests')}</h2>
        <ApprovalList rows={mine.data ?? []} kindLabel={kindLabel} testId="approvals-mine" empty={tx('ยังไม่มีคำขอ', 'No requests')} />
      </div>
      <RoleLimits canRequest={canRequestLimits} />
    </section>
  );
}

function ApprovalList({ rows, kindLabel, testId, empty, onDecide, busy = false }: {
  rows: MoneyApprovalWire[];
  kindLabel: (kind: string) => string;
  testId: string;
  empty: string;
  onDecide?: (approvalId: string, decision: 'approve' | 'reject', reason: string) => void;
  busy?: boolean;
}) {
  const tx = useBilingual();
  const label = useLabel();
  const statusLabel = { pending: tx('รออนุมัติ', 'Pending'), executed: tx('ดำเนินการแล้ว', 'Done'), rejected: tx('ไม่อนุมัติ', 'Rejected') };
  if (rows.length === 0) return <p className="text-sm text-slate-500" data-testid={`${testId}-empty`}>{empty}</p>;
  return (
    <ul className="space-y-2" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.approvalId} className="rounded-lg bg-white p-3 text-sm shadow" data-testid="approval-row" data-approval-id={row.approvalId}>
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span className="font-semibold">{kindLabel(row.kind)}</span>
            <span className="tabular-nums font-semibold">{formatBaht(row.amount)}</span>
            <span>{tx('ผู้ขอ', 'Requester')}: {row.requester} ({label('role', row.requesterRole)})</span>
            <span>{label('subject', row.subjectType)}: {row.subjectId}</span>
            <span className="text-slate-500">{formatDateTime(row.createdAt)}</span>
            <span>{statusLabel[row.status]}{row.decidedBy ? ` · ${row.decidedBy}` : ''}</span>
          </div>
          {row.reason && <p className="mt-1 text-slate-700">{tx('เหตุผล', 'Reason')}: {row.reason}</p>}
          {row.decisionReason && <p className="mt-1 text-slate-700">{tx('เหตุผลผู้อนุมัติ', 'Decision reason')}: {row.decisionReason}</p>}
          {onDecide && row.canDecide && <DecisionForm approvalId={row.approvalId} onDecide={onDecide} busy={busy} />}
          {onDecide && !row.canDecide && row.status === 'pending' && <p className="mt-1 text-xs text-slate-500">{tx('คุณอนุมัติรายการนี้ไม่ได้ (เป็นคำขอของคุณ หรือบทบาทไม่มีสิทธิ์)', 'You cannot decide this one (your own request, or not your role)')}</p>}
        </li>
      ))}
    </ul>
  );
}

/** Approve, or reject with a reason. Enter in the reason field never submits: each action is its own button. */
function DecisionForm({ approvalId, onDecide, busy }: { approvalId: string; onDecide: (approvalId: string, decision: 'approve' | 'reject', reason: string) => void; busy: boolean }) {
  const tx = useBilingual();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <input className="input w-64" value={reason} onChange={(event) => setReason(event.target.value)} placeholder={tx('เหตุผล (จำเป็นเมื่อปฏิเสธ)', 'Reason (required to reject)')}
        aria-label={tx('เหตุผล', 'Reason')} onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }} />
      <Button type="button" disabled={busy} onClick={() => onDecide(approvalId, 'approve', reason.trim())} data-testid="approve">{tx('อนุมัติ', 'Approve')}</Button>
      <Button type="button" variant="danger" disabled={busy} data-testid="reject"
        onClick={() => {
          if (!reason.trim()) return setError(tx('กรุณาระบุเหตุผลที่ปฏิเสธ', 'Give a reason to reject'));
          setError(null);
          onDecide(approvalId, 'reject', reason.trim());
        }}>
        {tx('ปฏิเสธ', 'Reject')}
      </Button>
      <ErrorText message={error} />
    </div>
  );
}

/** The roles' daily limits: under it a staff member acts alone; 0 = every money action needs a second person. */
function RoleLimits({ canRequest }: { canRequest: boolean }) {
  const tx = useBilingual();
  const limits = useQuery({ queryKey: ['approvals', 'limits'], queryFn: () => apiGet('/approvals/limits', roleDailyLimitsResponse) });
  const label = useLabel();
  const labels = { role: tx('บทบาท', 'Role'), limit: tx('วงเงินต่อวัน', 'Daily limit'), reason: tx('เหตุผลการเปลี่ยนวงเงิน', 'Reason for the change') };
  const [localError, setLocalError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: z.input<typeof roleDailyLimitBody>) => apiPostBody('/approvals/limits', roleDailyLimitBody, input, moneyActionOutcomeResponse, labels),
  });
  return (
    <div className="space-y-2">
      <h2 className="font-semibold">{tx('วงเงินต่อวันที่ทำได้โดยไม่ต้องมีผู้อนุมัติ', 'Daily limit without a second person')}</h2>
      <ul className="text-sm" data-testid="role-limits">
        {(limits.data ?? []).map((row) => (
          <li key={row.role}>{label('role', row.role)}: {row.limit === 0 ? tx('0 (ต้องมีผู้อนุมัติทุกรายการ)', '0 (every action needs approval)') : formatBaht(row.limit)}</li>
        ))}
      </ul>
      {canRequest && (
        <form className="flex flex-wrap items-center gap-2" onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          // An empty or unreadable limit is named, never sent as 0 or NaN (0 means "every action needs a second person").
          const limit = bahtFromText(String(data.get('limit') ?? ''), { allowZero: true });
          if (limit === null) {
            change.reset();
            setLocalError(`${labels.limit}: ${tx('กรอกเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง (0 = ต้องมีผู้อนุมัติทุกรายการ)', 'baht with at most 2 decimals (0 = every action needs approval)')}`);
            return;
          }
          setLocalError(null);
          change.mutate({ role: String(data.get('role')) as z.input<typeof roleDailyLimitBody>['role'], limit, reason: String(data.get('reason') ?? '').trim() });
        }}>
          <select name="role" className="input w-36" aria-label={tx('บทบาท', 'Role')}>{ROLES.map((role) => <option key={role} value={role}>{label('role', role)}</option>)}</select>
          <input name="limit" className="input w-36" inputMode="decimal" placeholder={tx('บาทต่อวัน', 'Baht per day')} aria-label={tx('วงเงินต่อวัน', 'Daily limit')} />
          <input name="reason" className="input w-56" placeholder={tx('เหตุผล', 'Reason')} aria-label={tx('เหตุผลการเปลี่ยนวงเงิน', 'Reason for the change')} />
          <Button type="submit" disabled={change.isPending}>{tx('ขอเปลี่ยนวงเงิน', 'Ask to change')}</Button>
          {change.data && <span role="status" className="text-sm">{tx('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', 'Sent for approval: another staff member must approve')}</span>}
          <ErrorText message={localError ?? (change.error instanceof ApiError ? change.error.message : null)} />
        </form>
      )}
    </div>
  );
}
