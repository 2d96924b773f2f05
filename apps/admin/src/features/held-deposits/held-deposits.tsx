import { useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { heldDepositCreditedResponse, heldDepositRefundResponse, heldDepositsResponse, refundCheckResponse, type HeldDeposit } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';


/** Deposits the matcher could not give to exactly one member (issue 11): credit a member or refund the sender. */
export function HeldDepositsPage({ canResolve }: { canResolve: boolean }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['held-deposits'], queryFn: () => apiGet('/deposits/held?limit=100', heldDepositsResponse) });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: 'assign'; memberPhoneNumber: string } | { id: string; action: 'release'; note: string } | { id: string; action: 'refund'; note: string; bankCode: string; accountNumber: string; confirmation?: string }): Promise<{ status: string }> =>
      input.action === 'refund'
        ? apiPost(`/deposits/${input.id}/refund`, { note: input.note, bankCode: input.bankCode, accountNumber: input.accountNumber, ...(input.confirmation ? { confirmation: input.confirmation } : {}) }, heldDepositRefundResponse)
        : apiPost(`/deposits/${input.id}/${input.action}`, input.action === 'assign' ? { memberPhoneNumber: input.memberPhoneNumber } : { note: input.note }, heldDepositCreditedResponse),
    onSuccess: (result) => {
      // A refund the bank refused leaves the deposit held (nothing paid); one it has not answered finishes in the payout sweep.
      setError(result.status === 'held' ? 'ธนาคารปฏิเสธการโอนคืน รายการกลับไปรอตรวจสอบ' : result.status === 'refunding' ? 'กำลังโอนคืน รอผลจากธนาคาร' : null);
      // Issue 25 §1: a money action beyond the requester's daily limit is sent for approval, not done.
      setNotice(result.status === 'pending_approval' ? 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ (เมนู อนุมัติ)' : result.status === 'refunded' ? 'คืนเงินให้ผู้โอนแล้ว' : null);
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
          <div className="space-y-2">
            <form
              className="flex flex-wrap items-center gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const data = new FormData(event.currentTarget);
                if (row.original.holdReason === 'AML_REVIEW') resolve.mutate({ id: row.original.id, action: 'release', note: String(data.get('releaseNote') ?? '').trim() });
                else resolve.mutate({ id: row.original.id, action: 'assign', memberPhoneNumber: String(data.get('phone') ?? '').trim() });
              }}
            >
              {row.original.holdReason === 'AML_REVIEW' ? (
                // AML review (issue 12): the deposit is already matched to its member; finance release it to them (with the review note) or refund.
                <>
                  <input name="releaseNote" className="input w-44" placeholder={t('deposits.note')} aria-label="หมายเหตุการปล่อย" />
                  <Button type="submit" data-testid="release-deposit">ปล่อยให้สมาชิก {row.original.memberPhoneNumber}</Button>
                </>
              ) : (
                <>
                  <input name="phone" className="input w-36" placeholder={t('deposits.phone')} inputMode="numeric" />
                  <Button type="submit">{t('deposits.assign')}</Button>
                </>
              )}
            </form>
            <RefundForm deposit={row.original} onRefund={(input) => resolve.mutate({ id: row.original.id, action: 'refund', ...input })} />
          </div>
        ) : null,
    },
  ];
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{t('nav.deposits')}</h1>
      <ErrorText message={error} />
      {notice && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="deposits-notice">{notice}</p>}
      <DataTable columns={columns} data={list.data ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}

/** Enter in a field of the refund never submits anything: refunding takes its own button, after the names were compared. */
const noEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * Refund to the sender (issue 25 §1 finding 3): first the names side by side — the sender's as the
 * statement printed it, the destination's as the bank's name inquiry tells it; when they differ,
 * the destination name must be typed again (and a second person approves).
 */
function RefundForm({ deposit, onRefund }: { deposit: HeldDeposit; onRefund: (input: { note: string; bankCode: string; accountNumber: string; confirmation?: string }) => void }) {
  const { t } = useI18n();
  const [bankCode, setBankCode] = useState(deposit.senderBankCode ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [note, setNote] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const check = useMutation({ mutationFn: () => apiPost(`/deposits/${deposit.id}/refund-check`, { bankCode, accountNumber: accountNumber.replace(/\D/g, '') }, refundCheckResponse) });
  const checked = check.data;
  const mismatch = checked !== undefined && checked.nameCheck !== 'same';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="refund-form">
      <input className="input w-20" placeholder="004" inputMode="numeric" value={bankCode} onChange={(event) => { setBankCode(event.target.value); check.reset(); }} onKeyDown={noEnter} aria-label="รหัสธนาคารผู้โอน" />
      <input className="input w-40" placeholder="เลขบัญชีผู้โอน" inputMode="numeric" value={accountNumber} onChange={(event) => { setAccountNumber(event.target.value); check.reset(); }} onKeyDown={noEnter} aria-label="เลขบัญชีผู้โอน" />
      <input className="input w-44" placeholder={t('deposits.note')} value={note} onChange={(event) => setNote(event.target.value)} onKeyDown={noEnter} aria-label="เหตุผลการคืนเงิน" />
      {!checked ? (
        <Button type="button" variant="plain" onClick={() => check.mutate()} disabled={check.isPending} data-testid="refund-check">ตรวจชื่อบัญชีปลายทาง</Button>
      ) : (
        <>
          <span className={`text-xs ${mismatch ? 'text-red-700' : 'text-emerald-700'}`} data-testid="refund-names">
            ชื่อผู้โอนในรายการเดินบัญชี: {checked.senderName ?? '—'} · ชื่อบัญชีปลายทาง: {checked.destinationName ?? 'ไม่ได้ตรวจชื่อ'} · {mismatch ? 'ไม่ตรงกัน' : 'ตรงกัน'}
          </span>
          {mismatch && (
            <input className="input w-56" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} onKeyDown={noEnter}
              placeholder={checked.destinationName ? 'พิมพ์ชื่อบัญชีปลายทางเพื่อยืนยัน' : 'พิมพ์เลขบัญชีปลายทางเพื่อยืนยัน'} aria-label="ยืนยันชื่อบัญชีปลายทาง" />
          )}
          <Button type="button" variant="danger" data-testid="refund-submit"
            onClick={() => onRefund({ note: note.trim(), bankCode: bankCode.trim(), accountNumber: accountNumber.replace(/\D/g, ''), ...(mismatch ? { confirmation } : {}) })}>
            {t('deposits.refund')}
          </Button>
        </>
      )}
      <ErrorText message={check.error instanceof ApiError ? check.error.message : null} />
    </div>
  );
}
