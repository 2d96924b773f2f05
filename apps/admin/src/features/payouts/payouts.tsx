import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  HOUSE_DEBIT_STATES,
  houseDebitsResponse,
  payoutActionResponse,
  payoutsToPayResponse,
  unconfirmedPayoutsResponse,
  type HouseDebit,
  type PayoutToPay,
  type UnconfirmedPayout,
} from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, Field, DialogActions } from '../../ui';
import { useSearchParam } from '../../lib/search-state';

/** `datetime-local` value of an instant on this computer's clock (finance types the bank app's local time). */
const toLocalInput = (instant: Date): string => new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A value finance types into the banking app, with a button that copies it. */
function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono tabular-nums">{value}</span>
      <button type="button" className="rounded border border-slate-300 px-1 text-xs text-slate-600 hover:bg-slate-100" aria-label={label} onClick={() => void navigator.clipboard?.writeText(value)}>
        ⧉
      </button>
    </span>
  );
}

/**
 * Payouts by staff (PAYOUT_PROVIDER=manual, docs/adr/0039): the "to pay" queue (everything to
 * type into the house account's banking app, copyable), recording a payment (house account, bank
 * reference, time), the payments waiting for the bank's debit SMS (flagged when late; confirm
 * without SMS or mark failed, with a reason), and the house debits read (unmatched = suspense).
 */
export function PayoutsPage({ canRecord, canResolve }: { canRecord: boolean; canResolve: boolean }) {
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState<PayoutToPay | null>(null);
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const [debitStatus, setDebitStatus] = useSearchParam<DebitState>('debits', 'unmatched', HOUSE_DEBIT_STATES);
  const toPay = useQuery({ queryKey: ['payouts', 'to-pay'], queryFn: () => apiGet('/payouts/to-pay?limit=200', payoutsToPayResponse) });
  const unconfirmed = useQuery({ queryKey: ['payouts', 'unconfirmed'], queryFn: () => apiGet('/payouts/unconfirmed?limit=200', unconfirmedPayoutsResponse) });
  const debits = useQuery({ queryKey: ['payouts', 'debits', debitStatus], queryFn: () => apiGet(`/payouts/house-debits?status=${debitStatus}&limit=100`, houseDebitsResponse) });
  const onError = (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught));
  const done = () => {
    setError(null);
    setRecording(null);
    setResolving(null);
    void client.invalidateQueries({ queryKey: ['payouts'] });
  };
  const record = useMutation({
    mutationFn: (input: { withdrawalId: string; channelId: string; bankReference: string; paidAt: string }) =>
      apiPost(`/payouts/${input.withdrawalId}/record`, { channelId: input.channelId, bankReference: input.bankReference, paidAt: input.paidAt }, payoutActionResponse),
    onSuccess: done,
    onError,
  });
  const resolve = useMutation({
    mutationFn: (input: { withdrawalId: string; action: 'confirm' | 'reverse'; reason: string }) => apiPost(`/payouts/${input.withdrawalId}/${input.action}`, { reason: input.reason }, payoutActionResponse),
    onSuccess: done,
    onError,
  });


  return (
    <section className="space-y-6">
      <h1 className="text-xl font-semibold">{tx('รายการที่ต้องโอน', 'Payouts to pay')}</h1>
      <ErrorText message={error ?? [toPay.error, unconfirmed.error, debits.error].find((value) => value instanceof Error)?.message ?? null} />
      <DataTable columns={toPayColumns(tx, canRecord ? setRecording : null)} data={toPay.data?.payouts ?? []} empty={tx('ไม่มีรายการที่ต้องโอน', 'Nothing to pay')} testId="payouts-to-pay" />

      <h2 className="text-lg font-semibold">
        {tx('โอนแล้ว รอ SMS ยืนยัน', 'Paid, waiting for the bank SMS')}
        {unconfirmed.data && unconfirmed.data.overdueCount > 0 && <span className="ml-2 text-sm text-red-700">({tx('เกินเวลา', 'overdue')} {unconfirmed.data.overdueCount})</span>}
      </h2>
      <DataTable columns={unconfirmedColumns(tx, canResolve ? setResolving : null)} data={unconfirmed.data?.payouts ?? []} empty={tx('ไม่มีรายการ', 'None')} testId="payouts-unconfirmed" />

      <HouseDebitsHeading status={debitStatus} onChange={setDebitStatus} />
      <DataTable columns={debitColumns(tx, label)} data={debits.data ?? []} empty={tx('ไม่มีรายการ', 'None')} testId="house-debits" />

      {recording && (
        <RecordDialog
          payout={recording}
          houseAccounts={toPay.data?.houseAccounts ?? []}
          isPending={record.isPending}
          onCancel={() => setRecording(null)}
          onSubmit={(values) => record.mutate({ withdrawalId: recording.withdrawalId, ...values })}
        />
      )}
      {resolving && (
        <ReasonDialog
          title={`${resolving.action === 'confirm' ? tx('ยืนยันโดยไม่มี SMS', 'Confirm without SMS') : tx('โอนไม่สำเร็จ คืนเงินสมาชิก', 'Failed: refund the member')} ${formatBaht(resolving.payout.Amount)} · ${resolving.payout.phoneNumber}`}
          isPending={resolve.isPending}
          onCancel={() => setResolving(null)}
          onSubmit={(reason) => resolve.mutate({ withdrawalId: resolving.payout.withdrawalId, action: resolving.action, reason })}
        />
      )}
    </section>
  );
}

type Tx = ReturnType<typeof useBilingual>;
type DebitState = (typeof HOUSE_DEBIT_STATES)[number];
type Resolving = { payout: UnconfirmedPayout; action: 'confirm' | 'reverse' };

/** What staff type into the banking app, the account and the amount copyable. */
const memberColumns = <T extends PayoutToPay>(tx: Tx): ColumnDef<T, unknown>[] => [
  { header: tx('เวลาแจ้งถอน', 'Requested'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
  { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
  { header: tx('ธนาคาร', 'Bank'), accessorKey: 'bankCode' },
  { header: tx('เลขบัญชี', 'Account'), accessorKey: 'accountNumber', cell: ({ row }) => <Copyable value={row.original.accountNumber} label={tx('คัดลอกเลขบัญชี', 'Copy account')} /> },
  { header: tx('ชื่อบัญชี', 'Holder'), accessorKey: 'accountName' },
  { header: tx('จำนวน', 'Amount'), accessorKey: 'Amount', cell: ({ row }) => <Copyable value={row.original.Amount.toFixed(2)} label={tx('คัดลอกจำนวน', 'Copy amount')} /> },
];

/** The "to pay" queue; `onRecord` (null: the role may not record) opens the record dialog. */
function toPayColumns(tx: Tx, onRecord: ((payout: PayoutToPay) => void) | null): ColumnDef<PayoutToPay, unknown>[] {
  return [
    ...memberColumns<PayoutToPay>(tx),
    {
      header: '',
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) =>
        onRecord && (
          <Button onClick={() => onRecord(row.original)} data-testid={`record-${row.original.withdrawalId}`}>
            {tx('บันทึกการโอน', 'Record payment')}
          </Button>
        ),
    },
  ];
}

/** Payments waiting for the bank's debit SMS, late ones flagged; `onResolve` (null: the role may not) confirms or fails one. */
function unconfirmedColumns(tx: Tx, onResolve: ((resolving: Resolving) => void) | null): ColumnDef<UnconfirmedPayout, unknown>[] {
  return [
    ...memberColumns<UnconfirmedPayout>(tx),
    { header: tx('โอนจาก / อ้างอิง', 'From / reference'), id: 'reference', enableSorting: false, cell: ({ row }) => `${row.original.channelId} · ${row.original.bankReference}` },
    { header: tx('เวลาโอน', 'Paid at'), accessorKey: 'paidAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('บันทึกโดย', 'Recorded by'), accessorKey: 'recordedBy' },
    {
      header: '',
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex items-center gap-2">
          {row.original.isOverdue && <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700" data-testid="overdue">{tx('ยังไม่มี SMS ยืนยัน', 'No SMS yet')}</span>}
          {onResolve && (
            <>
              <Button variant="plain" onClick={() => onResolve({ payout: row.original, action: 'confirm' })}>{tx('ยืนยันโดยไม่มี SMS', 'Confirm without SMS')}</Button>
              <Button variant="danger" onClick={() => onResolve({ payout: row.original, action: 'reverse' })}>{tx('โอนไม่สำเร็จ', 'Failed')}</Button>
            </>
          )}
        </div>
      ),
    },
  ];
}

/** The house account debits read from the bank's SMS, matched to a withdrawal or not. */
function debitColumns(tx: Tx, label: ReturnType<typeof useLabel>): ColumnDef<HouseDebit, unknown>[] {
  return [
    { header: tx('เวลา', 'Time'), accessorKey: 'occurredAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('บัญชีเว็บ', 'House account'), accessorKey: 'channelId' },
    { header: tx('จำนวน', 'Amount'), accessorKey: 'Amount', cell: (info) => formatBaht(Number(info.getValue())) },
    { header: tx('ปลายทาง', 'To'), accessorKey: 'recipientAccountMasked' },
    { header: tx('ผล', 'Result'), accessorKey: 'reason', cell: (info) => label('house-debit', info.getValue() as string | null) },
    { header: tx('รายการถอน', 'Withdrawal'), accessorKey: 'withdrawalId' },
  ];
}

/** The house debits' heading with the status they are listed in (kept in the address). */
function HouseDebitsHeading({ status, onChange }: { status: DebitState; onChange: (status: DebitState) => void }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <div className="flex items-center gap-3">
      <h2 className="text-lg font-semibold">{tx('รายการเงินออกจากบัญชีเว็บ', 'House account debits')}</h2>
      <select className="input w-auto" value={status} onChange={(event) => onChange(event.target.value as DebitState)} aria-label={tx('สถานะ', 'Status')}>
        {HOUSE_DEBIT_STATES.map((value) => <option key={value} value={value}>{label('house-debit', value)}</option>)}
      </select>
    </div>
  );
}

function RecordDialog(props: {
  payout: PayoutToPay;
  houseAccounts: Array<{ channelId: string; bankCode: string; accountNumber: string; accountName: string }>;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (values: { channelId: string; bankReference: string; paidAt: string }) => void;
}) {
  const tx = useBilingual();
  const [channelId, setChannelId] = useState(props.houseAccounts[0]?.channelId ?? '');
  const [bankReference, setBankReference] = useState('');
  const [paidAt, setPaidAt] = useState(() => toLocalInput(new Date()));
  const isValid = channelId !== '' && /^[A-Za-z0-9._/-]{4,64}$/.test(bankReference.trim()) && paidAt !== '';
  return (
    <Dialog label={tx('บันทึกการโอน', 'Record payment')} onClose={props.onCancel}>
      <form
        className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl"
        onSubmit={(event) => {
          event.preventDefault();
          if (isValid) props.onSubmit({ channelId, bankReference: bankReference.trim(), paidAt: new Date(paidAt).toISOString() });
        }}
      >
        <h2 className="text-lg font-semibold">
          {tx('บันทึกการโอน', 'Record payment')} {formatBaht(props.payout.Amount)} → {props.payout.bankCode} {props.payout.accountNumber}
        </h2>
        <Field label={tx('โอนจากบัญชีเว็บ', 'Paid from house account')}>
          <select className="input" value={channelId} onChange={(event) => setChannelId(event.target.value)} data-testid="record-channel">
            {props.houseAccounts.map((account) => (
              <option key={account.channelId} value={account.channelId}>
                {account.channelId} · {account.bankCode} {account.accountNumber}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tx('เลขอ้างอิงจากแอปธนาคาร', 'Bank reference')}>
          <input className="input" value={bankReference} onChange={(event) => setBankReference(event.target.value)} data-testid="record-reference" />
        </Field>
        <Field label={tx('เวลาที่โอน', 'Paid at')}>
          <input className="input" type="datetime-local" value={paidAt} onChange={(event) => setPaidAt(event.target.value)} data-testid="record-paid-at" />
        </Field>
        <DialogActions onCancel={props.onCancel}>
          <Button type="submit" disabled={!isValid || props.isPending} data-testid="record-submit">{tx('บันทึก', 'Save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ReasonDialog(props: { title: string; isPending: boolean; onCancel: () => void; onSubmit: (reason: string) => void }) {
  const tx = useBilingual();
  const [reason, setReason] = useState('');
  return (
    <Dialog label={props.title} onClose={props.onCancel}>
      <form
        className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) props.onSubmit(reason.trim());
        }}
      >
        <h2 className="text-lg font-semibold">{props.title}</h2>
        <Field label={tx('เหตุผล', 'Reason')}>
          <textarea className="input" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <DialogActions onCancel={props.onCancel}>
          <Button type="submit" disabled={!reason.trim() || props.isPending}>{tx('ยืนยัน', 'Confirm')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
