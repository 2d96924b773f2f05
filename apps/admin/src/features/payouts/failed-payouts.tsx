import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { failedPayoutActionResponse, failedPayoutsResponse, payoutsToPayResponse, type FailedPayout } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, Field, DialogActions } from '../../ui';
import { useSearchParam } from '../../lib/search-state';

type Action = 'retry' | 'manual' | 'return';
type Outcome = { action: Action; status: string; nextWithdrawalId: string | null };

/** `datetime-local` value of an instant on this computer's clock (finance types the bank app's local time). */
const toLocalInput = (instant: Date): string => new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Failed payouts (issue 25 §2, docs/adr/0049): each one the bank refused, with its reason in Thai,
 * the member and the account; finance retries it to the same account, records it paid by hand
 * (house account, bank reference, time) or leaves the money in the member's main wallet. Each
 * action is a maker-checker money action: above the staff member's daily limit it waits for a
 * second person (the request shows on the row).
 */
export function FailedPayoutsPage({ canResolve, canRecord }: { canResolve: boolean; canRecord: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [state, setState] = useSearchParam<'open' | 'closed'>('state', 'open', ['open', 'closed']);
  const [dialog, setDialog] = useState<{ payout: FailedPayout; action: 'manual' | 'return' } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const list = useQuery({ queryKey: ['failed-payouts', state], queryFn: () => apiGet(`/payouts/failed?state=${state}&limit=200`, failedPayoutsResponse) });
  const houseAccounts = useQuery({ queryKey: ['payouts', 'to-pay'], queryFn: () => apiGet('/payouts/to-pay?limit=1', payoutsToPayResponse), enabled: canRecord });
  const outcomeText = (outcome: Outcome): { tone: 'good' | 'bad'; text: string } => {
    if (outcome.status === 'pending_approval') return { tone: 'good', text: tx('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', 'Sent for approval: a second person must approve') };
    if (outcome.action === 'return') return { tone: 'good', text: tx('ปิดรายการแล้ว เงินอยู่ในกระเป๋าหลักของสมาชิก', 'Closed: the money stays in the member\'s main wallet') };
    if (outcome.status === 'paid') return { tone: 'good', text: tx('โอนสำเร็จแล้ว', 'Paid') };
    if (outcome.status === 'failed') return { tone: 'bad', text: tx('โอนซ้ำไม่สำเร็จ ธนาคารปฏิเสธอีกครั้ง', 'The bank refused the retry too') };
    if (outcome.status === 'paid_unconfirmed') return { tone: 'good', text: tx('บันทึกการโอนด้วยมือแล้ว รอ SMS ธนาคารหรือเจ้าหน้าที่อีกคนยืนยัน', 'Recorded: waiting for the bank SMS or a second person') };
    return { tone: 'good', text: tx('กำลังโอน รอผลจากธนาคาร', 'Being paid') };
  };
  const act = useMutation({
    mutationFn: (input: { withdrawalId: string; action: Action; body?: unknown }) =>
      apiPost(`/payouts/failed/${input.withdrawalId}/${input.action}`, input.body ?? {}, failedPayoutActionResponse),
    onSuccess: (outcome) => {
      setNotice(outcomeText(outcome));
      setDialog(null);
      void client.invalidateQueries({ queryKey: ['failed-payouts'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (caught) => setNotice({ tone: 'bad', text: caught instanceof ApiError ? caught.message : String(caught) }),
  });
  const columns: ColumnDef<FailedPayout, unknown>[] = [
    { header: tx('โอนไม่สำเร็จเมื่อ', 'Failed at'), accessorKey: 'failedAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('จำนวนเงิน', 'Amount'), accessorKey: 'Amount', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
    { header: tx('บัญชีปลายทาง', 'Account'), id: 'account', enableSorting: false, cell: ({ row }) => `${row.original.bankCode} ${row.original.accountNumber} · ${row.original.accountName}` },
    { header: tx('เหตุผลจากธนาคาร', 'Bank reason'), accessorKey: 'reason', cell: (info) => <span className="font-medium text-red-700" data-testid="failed-reason">{String(info.getValue())}</span> },
    {
      header: tx('ดำเนินการ', 'Action'),
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) => <FailedPayoutActions payout={row.original} canResolve={canResolve} canRecord={canRecord} isBusy={act.isPending} onRetry={() => act.mutate({ withdrawalId: row.original.withdrawalId, action: 'retry' })} onOpen={(action) => setDialog({ payout: row.original, action })} />,
    },
  ];
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('โอนไม่สำเร็จ', 'Failed payouts')}</h1>
        <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-sm text-white" data-testid="failed-open-count">{list.data?.openCount ?? 0}</span>
        <select className="input w-auto" value={state} onChange={(event) => setState(event.target.value === 'closed' ? 'closed' : 'open')} aria-label={tx('สถานะ', 'State')}>
          <option value="open">{tx('รอดำเนินการ', 'To handle')}</option>
          <option value="closed">{tx('ดำเนินการแล้ว', 'Handled')}</option>
        </select>
      </div>
      {notice && (
        <p role="status" className={`rounded-md px-3 py-2 text-sm ${notice.tone === 'bad' ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800'}`} data-testid="failed-notice">{notice.text}</p>
      )}
      <ErrorText message={list.error instanceof Error ? list.error.message : null} />
      <DataTable columns={columns} data={list.data?.payouts ?? []} empty={tx('ไม่มีรายการโอนไม่สำเร็จ', 'No failed payout')} testId="failed-payouts-table" />
      {dialog && (
        <ActionDialog
          payout={dialog.payout}
          action={dialog.action}
          houseAccounts={houseAccounts.data?.houseAccounts ?? []}
          isBusy={act.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(body) => act.mutate({ withdrawalId: dialog.payout.withdrawalId, action: dialog.action, body })}
        />
      )}
    </section>
  );
}

/** The maker-checker kinds of the three actions, as staff read them. */
const PENDING_KIND: Record<string, [string, string]> = {
  'payout.retry': ['โอนซ้ำ', 'Retry'],
  'payout.manual': ['โอนด้วยมือ', 'Paid by hand'],
  'payout.return-to-wallet': ['คืนเข้ากระเป๋าหลัก', 'Return to wallet'],
};

/** The row's actions (open), or how it was closed and by whom. */
function FailedPayoutActions(props: { payout: FailedPayout; canResolve: boolean; canRecord: boolean; isBusy: boolean; onRetry: () => void; onOpen: (action: 'manual' | 'return') => void }) {
  const tx = useBilingual();
  const { payout } = props;
  const kindLabel = (kind: string) => {
    const label = PENDING_KIND[kind];
    return label ? tx(label[0], label[1]) : kind;
  };
  if (payout.resolution) {
    const label = { retry: tx('โอนซ้ำ', 'Retried'), manual: tx('โอนด้วยมือ', 'Paid by hand'), return: tx('คืนเข้ากระเป๋าหลัก', 'Returned to wallet') }[payout.resolution.action];
    return <span className="text-sm text-slate-700" data-testid="failed-resolution">{label} · {payout.resolution.by}{payout.resolution.nextStatus ? ` · ${payout.resolution.nextStatus}` : ''}</span>;
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {payout.pendingApprovals.map((approval) => (
        <span key={approval.approvalId} className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900" data-testid="failed-pending">{tx('รออนุมัติ', 'Awaiting approval')}: {kindLabel(approval.kind)} · {approval.requestedBy}</span>
      ))}
      {props.canResolve && <Button onClick={props.onRetry} disabled={props.isBusy} data-testid={`retry-${payout.withdrawalId}`}>{tx('โอนซ้ำ', 'Retry')}</Button>}
      {props.canRecord && <Button variant="plain" onClick={() => props.onOpen('manual')} data-testid={`manual-${payout.withdrawalId}`}>{tx('โอนด้วยมือ', 'Paid by hand')}</Button>}
      {props.canResolve && <Button variant="plain" onClick={() => props.onOpen('return')} data-testid={`return-${payout.withdrawalId}`}>{tx('คืนเข้ากระเป๋าหลัก', 'Return to wallet')}</Button>}
    </div>
  );
}

/** Pay by hand (house account, bank reference, time) or return to the main wallet (a note). */
function ActionDialog(props: {
  payout: FailedPayout;
  action: 'manual' | 'return';
  houseAccounts: Array<{ channelId: string; bankCode: string; accountNumber: string; accountName: string }>;
  isBusy: boolean;
  onCancel: () => void;
  onSubmit: (body: unknown) => void;
}) {
  const tx = useBilingual();
  const { payout, action } = props;
  return (
    <Dialog label={action === 'manual' ? tx('บันทึกว่าโอนด้วยมือแล้ว', 'Record paid by hand') : tx('คืนเงินเข้ากระเป๋าหลัก', 'Return to the main wallet')} onClose={props.onCancel}>
      <form
        className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          if (action === 'return') props.onSubmit({ note: String(data.get('note') ?? '') });
          else props.onSubmit({ channelId: String(data.get('channelId')), bankReference: String(data.get('bankReference')).trim(), paidAt: new Date(String(data.get('paidAt'))).toISOString() });
        }}
      >
        <h2 className="text-lg font-semibold">
          {action === 'manual' ? tx('บันทึกว่าโอนด้วยมือแล้ว', 'Record paid by hand') : tx('คืนเงินเข้ากระเป๋าหลัก', 'Return to the main wallet')} {formatBaht(payout.Amount)} · {payout.phoneNumber}
        </h2>
        {action === 'manual' ? (
          <>
            <Field label={tx('โอนจากบัญชีของเว็บ', 'Paid from house account')}>
              <select name="channelId" className="input" required>
                {props.houseAccounts.map((account) => (
                  <option key={account.channelId} value={account.channelId}>{account.bankCode} {account.accountNumber} · {account.accountName}</option>
                ))}
              </select>
            </Field>
            <Field label={tx('เลขอ้างอิงจากแอปธนาคาร', 'Bank reference')}>
              <input name="bankReference" className="input" required minLength={4} maxLength={64} pattern="[A-Za-z0-9._/\-]+" />
            </Field>
            <Field label={tx('เวลาที่โอน', 'Paid at')}>
              <input name="paidAt" type="datetime-local" className="input" required defaultValue={toLocalInput(new Date())} />
            </Field>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">{tx('เงินคืนเข้ากระเป๋าหลักของสมาชิกตั้งแต่ธนาคารปฏิเสธแล้ว การปิดรายการนี้ไม่ย้ายเงิน', 'The money went back to the main wallet when the bank refused; closing moves nothing')}</p>
            <Field label={tx('หมายเหตุ', 'Note')}>
              <textarea name="note" className="input" rows={2} maxLength={500} />
            </Field>
          </>
        )}
        <DialogActions onCancel={props.onCancel}>
          <Button type="submit" disabled={props.isBusy} data-testid="failed-dialog-submit">{tx('ยืนยัน', 'Confirm')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
