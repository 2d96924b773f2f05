import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { heldDepositCreditedResponse, heldDepositRefundResponse, heldDepositsResponse, type HeldDeposit } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../lib/api';
import { formatBaht, formatDateTime } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { DataTable } from '../data-table';
import { Button, ErrorText } from '../ui';


/** Deposits the matcher could not give to exactly one member (issue 11): credit a member or refund the sender. */
export function HeldDepositsPage({ canResolve }: { canResolve: boolean }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['held-deposits'], queryFn: () => apiGet('/deposits/held?limit=100', heldDepositsResponse) });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: 'assign'; memberPhoneNumber: string } | { id: string; action: 'release'; note: string } | { id: string; action: 'refund'; note: string; bankCode: string; accountNumber: string }): Promise<{ status: string }> =>
      input.action === 'refund'
        ? apiPost(`/deposits/${input.id}/refund`, { note: input.note, bankCode: input.bankCode, accountNumber: input.accountNumber }, heldDepositRefundResponse)
        : apiPost(`/deposits/${input.id}/${input.action}`, input.action === 'assign' ? { memberPhoneNumber: input.memberPhoneNumber } : { note: input.note }, heldDepositCreditedResponse),
    onSuccess: (result) => {
      // A refund the bank refused leaves the deposit held (nothing paid); one it has not answered finishes in the payout sweep.
      setError(result.status === 'held' ? 'ธนาคารปฏิเสธการโอนคืน รายการกลับไปรอตรวจสอบ' : result.status === 'refunding' ? 'กำลังโอนคืน รอผลจากธนาคาร' : null);
      void client.invalidateQueries({ queryKey: ['held-deposits'] });
    },
    onError: (caught) => setError(caught instanceof ApiError ? caught.message : String(caught)),
  });
  const columns: ColumnDef<HeldDeposit, unknown>[] = [
    { header: t('col.time'), accessorKey: 'occurredAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: t('col.amount'), accessorKey: 'Amount', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
    { header: 'ผู้โอน', id: 'sender', enableSorting: false, cell: ({ row }) => [row.original.senderBankCode, row.original.senderAccountMasked, row.original.senderName, row.original.senderPhone].filter(Boolean).join(' · ') || '—' },
    { header: 'เหตุที่รอ', accessorKey: 'holdReason', cell: ({ row }) => (row.original.holdReason === 'AML_REVIEW' ? `ตรวจสอบ AML · ${row.original.memberPhoneNumber ?? ''}` : row.original.holdReason) },
    {
      header: t('col.actions'),
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) =>
        canResolve ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              const phone = String(data.get('phone') ?? '').trim();
              const note = String(data.get('note') ?? '').trim();
              const bankCode = String(data.get('bankCode') ?? '').trim();
              const accountNumber = String(data.get('accountNumber') ?? '').replace(/\D/g, '');
              const action = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
              if (action === 'assign') resolve.mutate({ id: row.original.id, action: 'assign', memberPhoneNumber: phone });
              else if (action === 'release') resolve.mutate({ id: row.original.id, action: 'release', note });
              else resolve.mutate({ id: row.original.id, action: 'refund', note, bankCode, accountNumber });
            }}
          >
            {row.original.holdReason === 'AML_REVIEW' ? (
              // AML review (issue 12): the deposit is already matched to its member; finance release it to them (with the review note) or refund.
              <Button type="submit" value="release" data-testid="release-deposit">ปล่อยให้สมาชิก {row.original.memberPhoneNumber}</Button>
            ) : (
              <>
                <input name="phone" className="input w-36" placeholder={t('deposits.phone')} inputMode="numeric" />
                <Button type="submit" value="assign">{t('deposits.assign')}</Button>
              </>
            )}
            <input name="bankCode" className="input w-20" placeholder="004" inputMode="numeric" defaultValue={row.original.senderBankCode ?? ''} aria-label="รหัสธนาคารผู้โอน" />
            <input name="accountNumber" className="input w-40" placeholder="เลขบัญชีผู้โอน" inputMode="numeric" aria-label="เลขบัญชีผู้โอน" />
            <input name="note" className="input w-44" placeholder={t('deposits.note')} />
            <Button type="submit" value="refund" variant="danger">{t('deposits.refund')}</Button>
          </form>
        ) : null,
    },
  ];
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{t('nav.deposits')}</h1>
      <ErrorText message={error} />
      <DataTable columns={columns} data={list.data ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}
