import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { WITHDRAWAL_STATES, withdrawalDecisionResponse, withdrawalsResponse, type AdminWithdrawal } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DataTable } from '../../data-table';
import { says, useBilingual } from '../../lib/bilingual';
import { Button, Dialog, ErrorText, Field } from '../../ui';
import { WithdrawalMemberPanel } from './withdrawal-member-panel';
import { useSearchParam } from '../../lib/search-state';
import { useLabel } from '../../lib/labels';

type Withdrawal = AdminWithdrawal;
const STATUSES = WITHDRAWAL_STATES;
const rejectForm = z.object({ reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Enter a reason (3 characters or more)')).max(500) });

/**
 * The withdrawals queue (issue 11): those above the auto-withdraw limit wait here for finance.
 * "ดูสมาชิก" opens the member's context beside the queue (withdrawal-member-panel.tsx), for staff
 * with `members.view` (`canViewMember`).
 */
export function WithdrawalsPage({ canDecide, canViewMember }: { canDecide: boolean; canViewMember: boolean }) {
  const { t } = useI18n();
  const tx = useBilingual();
  const label = useLabel();
  const [viewing, setViewing] = useState<Withdrawal | null>(null);
  const [status, setStatus] = useSearchParam<(typeof STATUSES)[number]>('status', 'pending_approval', STATUSES);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['withdrawals', status], queryFn: () => apiGet(`/withdrawals?status=${status}&limit=100`, withdrawalsResponse) });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiPost(`/withdrawals/${input.id}/${input.decision}`, input.decision === 'reject' ? { reason: input.reason } : {}, withdrawalDecisionResponse),
    onSuccess: (answer, input) => {
      // Only the decision's own dialog closes: a reject dialog opened while an approval was in
      // flight stays open (it closed under the staff member's hands, seen in the journey).
      if (input.decision === 'reject') setRejecting(null);
      setViewing((current) => (current?.id === input.id ? null : current));
      // Issue 25 §2: an approval whose payout the bank refused says so at once, with the bank's reason.
      setError(answer.status === 'failed' ? tx(`อนุมัติแล้ว แต่ธนาคารโอนไม่สำเร็จ: ${answer.failureReason ?? 'ไม่ทราบเหตุผล'} เงินคืนเข้ากระเป๋าหลักของสมาชิก ดูที่เมนู "โอนไม่สำเร็จ"`, `Approved, but the bank refused the payout: ${answer.failureReason ?? 'no reason'}. The money is back in the member's main wallet; see "Failed payouts"`) : null);
      void client.invalidateQueries({ queryKey: ['failed-payouts'] });
      void client.invalidateQueries({ queryKey: ['withdrawals'] });
      void client.invalidateQueries({ queryKey: ['member'] });
    },
    onError: (caught) => setError(caught instanceof ApiError ? caught.message : String(caught)),
  });
  const form = useForm<z.infer<typeof rejectForm>>({ resolver: zodResolver(rejectForm) });

  const columns: ColumnDef<Withdrawal, unknown>[] = [
    { header: t('col.time'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: t('col.member'), accessorKey: 'phoneNumber' },
    { header: t('col.amount'), accessorKey: 'Amount', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
    { header: t('col.bank'), id: 'bank', enableSorting: false, cell: ({ row }) => `${row.original.bankCode} ${row.original.accountNumber} · ${row.original.accountName}` },
    { header: t('col.status'), accessorKey: 'status', cell: (info) => label('withdrawal', String(info.getValue())) },
    { header: tx('เหตุผล', 'Reason'), accessorKey: 'reason', enableSorting: false, cell: (info) => (info.getValue() ? <span className="text-red-700">{String(info.getValue())}</span> : '') },
    {
      header: t('col.actions'),
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          {canViewMember && (
            <Button variant="plain" onClick={() => setViewing(row.original)} data-testid={`view-member-${row.original.id}`}>
              {tx('ดูสมาชิก', 'Member')}
            </Button>
          )}
          {canDecide && row.original.status === 'pending_approval' && (
            <>
              <Button onClick={() => decide.mutate({ id: row.original.id, decision: 'approve' })} disabled={decide.isPending} data-testid={`approve-${row.original.id}`}>
                {t('withdrawals.approve')}
              </Button>
              <Button variant="danger" onClick={() => setRejecting(row.original)} data-testid={`reject-${row.original.id}`}>
                {t('withdrawals.reject')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{t('nav.withdrawals')}</h1>
        <select className="input w-auto" value={status} onChange={(event) => setStatus(event.target.value as (typeof STATUSES)[number])} aria-label={t('col.status')}>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {label('withdrawal', value)}
            </option>
          ))}
        </select>
      </div>
      <ErrorText message={error ?? (list.error instanceof Error ? list.error.message : null)} />
      <DataTable columns={columns} data={list.data ?? []} empty={t('withdrawals.empty')} testId="withdrawals-table" />
      {viewing && (
        <WithdrawalMemberPanel
          key={viewing.id}
          withdrawal={viewing}
          onClose={() => setViewing(null)}
          onApprove={canDecide && viewing.status === 'pending_approval' ? () => decide.mutate({ id: viewing.id, decision: 'approve' }) : undefined}
          onReject={canDecide && viewing.status === 'pending_approval' ? () => setRejecting(viewing) : undefined}
          isDeciding={decide.isPending}
        />
      )}
      {rejecting && (
        <Dialog label={t('withdrawals.reject')} onClose={() => setRejecting(null)}>
          <form
            className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl"
            onSubmit={form.handleSubmit((values) => decide.mutate({ id: rejecting.id, decision: 'reject', reason: values.reason }))}
            noValidate
          >
            <h2 className="text-lg font-semibold">
              {t('withdrawals.reject')} {formatBaht(rejecting.Amount)} · {rejecting.phoneNumber}
            </h2>
            <Field label={t('withdrawals.reason')} error={form.formState.errors.reason?.message}>
              <textarea className="input" rows={3} {...form.register('reason')} />
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="plain" onClick={() => setRejecting(null)}>
                {t('cancel')}
              </Button>
              <Button type="submit" variant="danger" disabled={decide.isPending}>
                {t('withdrawals.reject')}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
