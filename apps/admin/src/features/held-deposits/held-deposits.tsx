import { useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { assignHeldDepositBody, refundHeldDepositBody, releaseHeldDepositBody, refundCheckBody, heldDepositCreditedResponse, heldDepositRefundResponse, heldDepositsResponse, refundCheckResponse, type HeldDeposit } from '@sabai/contracts';
import { apiGet, apiPostBody, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';

/** Deposits the matcher could not give to exactly one member (issue 11): credit a member or refund the sender. */
export function HeldDepositsPage({ canResolve }: { canResolve: boolean }) {
  const { t } = useI18n();
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The words of each body field, for errors that name it (issue 25 §4). */
  const fieldLabels = { memberPhoneNumber: t('deposits.phone'), note: t('deposits.note'), bankCode: tx('รหัสธนาคารผู้โอน', 'Sender bank code'), accountNumber: tx('เลขบัญชีผู้โอน', 'Sender account number'), confirmation: tx('ยืนยันชื่อบัญชีปลายทาง', 'Confirm the destination name') };
  const list = useQuery({ queryKey: ['held-deposits'], queryFn: () => apiGet('/deposits/held?limit=100', heldDepositsResponse) });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: 'assign'; memberPhoneNumber: string } | { id: string; action: 'release'; note: string } | { id: string; action: 'refund'; note: string; bankCode: string; accountNumber: string; confirmation?: string }): Promise<{ status: string }> =>
      input.action === 'refund'
        ? apiPostBody(`/deposits/${input.id}/refund`, refundHeldDepositBody, { note: input.note, bankCode: input.bankCode, accountNumber: input.accountNumber, ...(input.confirmation ? { confirmation: input.confirmation } : {}) }, heldDepositRefundResponse, fieldLabels)
        : input.action === 'assign'
          ? apiPostBody(`/deposits/${input.id}/assign`, assignHeldDepositBody, { memberPhoneNumber: input.memberPhoneNumber }, heldDepositCreditedResponse, fieldLabels)
          : apiPostBody(`/deposits/${input.id}/release`, releaseHeldDepositBody, { note: input.note }, heldDepositCreditedResponse, fieldLabels),
    onSuccess: (result) => {
      // A refund the bank refused leaves the deposit held (nothing paid); one it has not answered finishes in the payout sweep.
      setError(result.status === 'held' ? tx('ธนาคารปฏิเสธการโอนคืน รายการกลับไปรอตรวจสอบ', 'The bank refused the refund; the deposit is held again') : result.status === 'refunding' ? tx('กำลังโอนคืน รอผลจากธนาคาร', 'Refunding: waiting for the bank') : null);
      // Issue 25 §1: a money action beyond the requester's daily limit is sent for approval, not done.
      setNotice(result.status === 'pending_approval' ? tx('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ (เมนู อนุมัติ)', 'Sent for approval: a second staff member approves it (Approvals)') : result.status === 'refunded' ? tx('คืนเงินให้ผู้โอนแล้ว', 'Refunded to the sender') : null);
      void client.invalidateQueries({ queryKey: ['held-deposits'] });
    },
    onError: (caught) => setError(caught instanceof ApiError ? caught.message : String(caught)),
  });
  const columns: ColumnDef<HeldDeposit, unknown>[] = [
    { header: t('col.time'), accessorKey: 'occurredAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: t('col.amount'), accessorKey: 'Amount', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
    { header: tx('ผู้โอน', 'Sender'), id: 'sender', enableSorting: false, cell: ({ row }) => [row.original.senderBankCode, row.original.senderAccountMasked, row.original.senderName, row.original.senderPhone].filter(Boolean).join(' · ') || '—' },
    { header: tx('เหตุที่รอ', 'Why held'), accessorKey: 'holdReason', cell: ({ row }) => <span data-testid="hold-reason">{label('hold', row.original.holdReason)}{row.original.holdReason === 'AML_REVIEW' ? ` · ${row.original.memberPhoneNumber ?? ''}` : ''}</span> },
    {
      header: t('col.actions'),
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) =>
        canResolve ? (
          <div className="space-y-2">
            <CreditForm deposit={row.original} onRelease={(note) => resolve.mutate({ id: row.original.id, action: 'release', note })} onAssign={(memberPhoneNumber) => resolve.mutate({ id: row.original.id, action: 'assign', memberPhoneNumber })} />
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

/** Credit a held deposit: to the member typed (assign), or, held for the AML review, to the member it was matched to (release). */
function CreditForm({ deposit, onRelease, onAssign }: { deposit: HeldDeposit; onRelease: (note: string) => void; onAssign: (memberPhoneNumber: string) => void }) {
  const { t } = useI18n();
  const tx = useBilingual();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        if (deposit.holdReason === 'AML_REVIEW') onRelease(String(data.get('releaseNote') ?? '').trim());
        else onAssign(String(data.get('phone') ?? '').trim());
      }}
    >
      {deposit.holdReason === 'AML_REVIEW' ? (
        // AML review (issue 12): the deposit is already matched to its member; finance release it to them (with the review note) or refund.
        <>
          <input name="releaseNote" className="input w-44" placeholder={t('deposits.note')} aria-label={tx('หมายเหตุการปล่อย', 'Release note')} />
          <Button type="submit" data-testid="release-deposit">{tx('ปล่อยให้สมาชิก', 'Release to member')} {deposit.memberPhoneNumber}</Button>
        </>
      ) : (
        <>
          <input name="phone" className="input w-36" placeholder={t('deposits.phone')} inputMode="numeric" aria-label={t('deposits.phone')} />
          <Button type="submit">{t('deposits.assign')}</Button>
        </>
      )}
    </form>
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
  const tx = useBilingual();
  const [bankCode, setBankCode] = useState(deposit.senderBankCode ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [note, setNote] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const check = useMutation({ mutationFn: () => apiPostBody(`/deposits/${deposit.id}/refund-check`, refundCheckBody, { bankCode: bankCode.trim(), accountNumber: accountNumber.replace(/\D/g, '') }, refundCheckResponse, { bankCode: tx('รหัสธนาคารผู้โอน', 'Sender bank code'), accountNumber: tx('เลขบัญชีผู้โอน', 'Sender account number') }) });
  const checked = check.data;
  const mismatch = checked !== undefined && checked.nameCheck !== 'same';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="refund-form">
      <input className="input w-20" placeholder="004" inputMode="numeric" value={bankCode} onChange={(event) => { setBankCode(event.target.value); check.reset(); }} onKeyDown={noEnter} aria-label={tx('รหัสธนาคารผู้โอน', 'Sender bank code')} />
      <input className="input w-40" placeholder={tx('เลขบัญชีผู้โอน', 'Sender account number')} inputMode="numeric" value={accountNumber} onChange={(event) => { setAccountNumber(event.target.value); check.reset(); }} onKeyDown={noEnter} aria-label={tx('เลขบัญชีผู้โอน', 'Sender account number')} />
      <input className="input w-44" placeholder={t('deposits.note')} value={note} onChange={(event) => setNote(event.target.value)} onKeyDown={noEnter} aria-label={tx('เหตุผลการคืนเงิน', 'Refund reason')} />
      {!checked ? (
        <Button type="button" variant="plain" onClick={() => check.mutate()} disabled={check.isPending} data-testid="refund-check">{tx('ตรวจชื่อบัญชีปลายทาง', 'Look up the destination name')}</Button>
      ) : (
        <>
          <span className={`text-xs ${mismatch ? 'text-red-700' : 'text-emerald-700'}`} data-testid="refund-names">
            {tx('ชื่อผู้โอนในรายการเดินบัญชี', 'Sender on the statement')}: {checked.senderName ?? '—'} · {tx('ชื่อบัญชีปลายทาง', 'Destination account name')}: {checked.destinationName ?? tx('ไม่ได้ตรวจชื่อ', 'not looked up')} · {mismatch ? tx('ไม่ตรงกัน', 'different') : tx('ตรงกัน', 'same')}
          </span>
          {mismatch && (
            <input className="input w-56" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} onKeyDown={noEnter}
              placeholder={checked.destinationName ? tx('พิมพ์ชื่อบัญชีปลายทางเพื่อยืนยัน', 'Type the destination name to confirm') : tx('พิมพ์เลขบัญชีปลายทางเพื่อยืนยัน', 'Type the destination account number to confirm')} aria-label={tx('ยืนยันชื่อบัญชีปลายทาง', 'Confirm the destination name')} />
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
