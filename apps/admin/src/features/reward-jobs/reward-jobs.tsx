import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { AFFILIATE_WITHDRAWAL_STATES, affiliateWithdrawalDecisionResponse, affiliateWithdrawalsResponse, rewardRunsResponse, staffJobRunResponse, type AdminAffiliateWithdrawal, type RewardRunWire } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, DialogActions } from '../../ui';

type Run = RewardRunWire;
type AffiliateWithdrawal = AdminAffiliateWithdrawal;

/**
 * Reward jobs (issue 11): the cashback and affiliate period runs with their results, and "run now"
 * (the same idempotent period job the scheduler runs; already-computed periods are skipped).
 */
export function RewardJobsPage({ canRun }: { canRun: boolean }) {
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const runs = useQuery({ queryKey: ['reward-runs'], queryFn: () => apiGet('/jobs/runs?limit=50', rewardRunsResponse) });
  const run = useMutation({
    mutationFn: (job: 'cashback' | 'affiliate') => apiPost(`/jobs/${job}`, undefined, staffJobRunResponse),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['reward-runs'] }),
  });
  const columns: ColumnDef<Run, unknown>[] = [
    { header: tx('งาน', 'Job'), accessorKey: 'job', cell: (info) => label('reward-job', String(info.getValue())) },
    { header: tx('รอบ', 'Period'), accessorKey: 'periodStart', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('เริ่ม', 'Started'), accessorKey: 'startedAt', cell: (info) => (info.getValue() ? formatDateTime(String(info.getValue())) : '—') },
    { header: tx('เสร็จ', 'Finished'), accessorKey: 'finishedAt', cell: (info) => (info.getValue() ? formatDateTime(String(info.getValue())) : '—') },
    { header: tx('ผล', 'Outcome'), accessorKey: 'outcome', cell: (info) => <span className={info.getValue() === 'failed' ? 'font-semibold text-red-700' : 'text-emerald-700'}>{info.getValue() ? label('job-outcome', String(info.getValue())) : tx('กำลังทำงาน', 'running')}</span> },
    { header: tx('รายละเอียด', 'Detail'), accessorKey: 'detail', enableSorting: false, cell: (info) => <code className="text-xs">{JSON.stringify(info.getValue())}</code> },
  ];
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('งานคำนวณรางวัล', 'Reward jobs')}</h1>
        {canRun && (
          <>
            <Button onClick={() => run.mutate('cashback')} disabled={run.isPending} data-testid="run-cashback">{tx('คำนวณคืนยอดเสียตอนนี้', 'Run cashback now')}</Button>
            <Button onClick={() => run.mutate('affiliate')} disabled={run.isPending} data-testid="run-affiliate">{tx('คำนวณค่าแนะนำตอนนี้', 'Run affiliate now')}</Button>
          </>
        )}
        {run.data && (
          <span className="text-sm" data-testid="run-notice">
            {run.data.status === 'pending'
              ? tx(
                  `ส่งขออนุมัติแล้ว: ยอดจ่ายรวม ${formatBaht(run.data.total ?? 0)} รอเจ้าหน้าที่อีกคนอนุมัติ`,
                  `Sent for approval: ${formatBaht(run.data.total ?? 0)} to pay in all, waiting for a second person`,
                )
              : tx(`คำนวณ ${run.data.count} รอบ`, `${run.data.count} period(s) computed`)}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">{tx('แต่ละรอบคำนวณครั้งเดียว กดซ้ำได้โดยไม่จ่ายซ้ำ', 'Each period is computed once; running again never pays twice.')}</p>
      <ErrorText message={run.error instanceof ApiError ? run.error.message : runs.error instanceof ApiError ? runs.error.message : null} />
      <DataTable columns={columns} data={runs.data ?? []} empty={tx('ยังไม่มีการคำนวณ', 'No runs yet')} testId="reward-runs" />
    </section>
  );
}

const AFFILIATE_STATUSES = AFFILIATE_WITHDRAWAL_STATES;

/** Affiliate income withdrawals above the auto maximum (issue 11; finance): approve, or reject with a reason. */
export function AffiliateWithdrawalsPage({ canDecide }: { canDecide: boolean }) {
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [status, setStatus] = useState<(typeof AFFILIATE_STATUSES)[number]>('pending_approval');
  const [rejecting, setRejecting] = useState<AffiliateWithdrawal | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({ queryKey: ['affiliate-withdrawals', status], queryFn: () => apiGet(`/affiliate-withdrawals?status=${status}&limit=100`, affiliateWithdrawalsResponse) });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) => apiPost(`/affiliate-withdrawals/${input.id}/${input.decision}`, input.decision === 'reject' ? { reason: input.reason } : {}, affiliateWithdrawalDecisionResponse),
    onSuccess: () => {
      setRejecting(null);
      setReason('');
      void client.invalidateQueries({ queryKey: ['affiliate-withdrawals'] });
    },
  });
  const columns: ColumnDef<AffiliateWithdrawal, unknown>[] = [
    { header: tx('เวลา', 'Time'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('จำนวนเงิน', 'Amount'), accessorKey: 'Amount', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
    { header: tx('สถานะ', 'Status'), accessorKey: 'status', cell: (info) => label('withdrawal', String(info.getValue())) },
    { header: tx('ผู้ตัดสิน / เหตุผล', 'Decided by / reason'), id: 'decided', enableSorting: false, cell: ({ row }) => [row.original.decidedBy, row.original.reason].filter(Boolean).join(' · ') },
    {
      header: '', id: 'actions', enableSorting: false,
      cell: ({ row }) =>
        canDecide && row.original.status === 'pending_approval' ? (
          <div className="flex gap-2">
            <Button onClick={() => decide.mutate({ id: row.original.id, decision: 'approve' })} disabled={decide.isPending}>{tx('อนุมัติ', 'Approve')}</Button>
            <Button variant="danger" onClick={() => setRejecting(row.original)}>{tx('ปฏิเสธ', 'Reject')}</Button>
          </div>
        ) : null,
    },
  ];
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('ถอนรายได้แนะนำเพื่อน', 'Affiliate income withdrawals')}</h1>
        <select className="input w-auto" value={status} onChange={(event) => setStatus(event.target.value as (typeof AFFILIATE_STATUSES)[number])} aria-label={tx('สถานะ', 'Status')}>
          {AFFILIATE_STATUSES.map((value) => <option key={value} value={value}>{label('withdrawal', value)}</option>)}
        </select>
      </div>
      <ErrorText message={decide.error instanceof ApiError ? decide.error.message : list.error instanceof ApiError ? list.error.message : null} />
      <DataTable columns={columns} data={list.data ?? []} empty={tx('ไม่มีรายการ', 'Nothing here')} testId="affiliate-withdrawals" />
      {rejecting && (
        <Dialog label={tx('ปฏิเสธ', 'Reject')} onClose={() => setRejecting(null)}>
          <div className="w-full max-w-md space-y-3 rounded-xl bg-white p-6 shadow-xl">
            <h2 className="text-lg font-semibold">{tx('ปฏิเสธ', 'Reject')} {formatBaht(rejecting.Amount)} · {rejecting.phoneNumber}</h2>
            <textarea className="input" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} placeholder={tx('เหตุผล (สมาชิกจะเห็นข้อความนี้)', 'Reason (the member sees it)')} />
            <DialogActions onCancel={() => setRejecting(null)}>
              <Button variant="danger" disabled={reason.trim().length < 3 || decide.isPending} onClick={() => decide.mutate({ id: rejecting.id, decision: 'reject', reason })}>{tx('ปฏิเสธ', 'Reject')}</Button>
            </DialogActions>
          </div>
        </Dialog>
      )}
    </section>
  );
}
