import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { GAME_CASE_STATES, gameCasesResponse, gameReconciliationResponse, resolvedGameCaseResponse, type GameCase, type GameReconciliationLine } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { says, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, Field } from '../../ui';
import { useSearchParam } from '../../lib/search-state';
import { useLabel } from '../../lib/labels';

const PAGE_SIZE = 50;
const resolveForm = z.object({
  resolution: z.enum(['align_partner', 'write_off']),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล / Give a reason', 'Give a reason')).max(500),
});
type ResolveForm = z.infer<typeof resolveForm>;
type CaseState = (typeof GAME_CASE_STATES)[number];
type Tx = ReturnType<typeof useBilingual>;
type Label = ReturnType<typeof useLabel>;
const STATE_STYLE: Record<GameReconciliationLine['state'], string> = {
  ok: 'text-emerald-700',
  difference: 'font-semibold text-red-700',
  unknown: 'text-amber-700',
  in_flight: 'text-sky-700',
  busy: 'text-sky-700',
};

/**
 * Game reconciliation (issue 15, for staff since issue 11): each member's game wallet in our ledger
 * against the partner's live balance, one page of members at a time (`after` paging); "look now"
 * (game.reconcile) pulls and books the rounds first and opens a case for a difference nothing
 * explains. The cases hold that difference in suspense until finance resolves them
 * (game.resolve): make the partner match the ledger, or write the suspense off — both audited.
 */
export function GameReconciliationPage({ canRun, canResolve }: { canRun: boolean; canResolve: boolean }) {
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [pages, setPages] = useState<string[]>([]);
  const after = pages.at(-1);
  const [caseStatus, setCaseStatus] = useSearchParam<CaseState>('cases', 'open', GAME_CASE_STATES);
  const [resolving, setResolving] = useState<GameCase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = `limit=${PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  const report = useQuery({ queryKey: ['game-reconciliation', after ?? null], queryFn: () => apiGet(`/game/reconciliation?${query}`, gameReconciliationResponse) });
  const cases = useQuery({ queryKey: ['game-cases', caseStatus], queryFn: () => apiGet(`/game/cases?status=${caseStatus}&limit=100`, gameCasesResponse) });
  const onError = (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught));
  const run = useMutation({
    mutationFn: () => apiPost(`/game/reconciliation/run?${query}`, undefined, gameReconciliationResponse),
    onSuccess: (fresh) => {
      setError(null);
      client.setQueryData(['game-reconciliation', after ?? null], fresh);
      void client.invalidateQueries({ queryKey: ['game-cases'] });
    },
    onError,
  });
  const resolve = useMutation({
    mutationFn: (input: { caseId: string } & ResolveForm) => apiPost(`/game/cases/${input.caseId}/resolve`, { resolution: input.resolution, reason: input.reason }, resolvedGameCaseResponse),
    onSuccess: () => {
      setResolving(null);
      setError(null);
      void client.invalidateQueries({ queryKey: ['game-cases'] });
      void client.invalidateQueries({ queryKey: ['game-reconciliation'] });
    },
    onError,
  });
  // The page keeps the dialog's form: a reason typed, cancelled and opened again is still there.
  const form = useForm<ResolveForm>({ resolver: zodResolver(resolveForm), defaultValues: { resolution: 'align_partner', reason: '' } });
  const nextAfter = report.data?.nextAfter;

  return (
    <section className="space-y-6">
      <ReconciliationHeading summary={report.data} onRun={canRun ? () => run.mutate() : null} isRunning={run.isPending} />
      <ErrorText message={error ?? (report.error instanceof Error ? report.error.message : cases.error instanceof Error ? cases.error.message : null)} />
      <DataTable columns={memberColumns(tx, label)} data={report.data?.members ?? []} empty={tx('ยังไม่มีบัญชีเกม', 'No game accounts yet')} testId="game-reconciliation" />
      <div className="flex gap-2">
        <Button variant="plain" disabled={pages.length === 0} onClick={() => setPages((list) => list.slice(0, -1))}>
          {tx('ก่อนหน้า', 'Previous')}
        </Button>
        <Button variant="plain" disabled={!nextAfter} onClick={() => nextAfter && setPages((list) => [...list, nextAfter])}>
          {tx('ถัดไป', 'Next')}
        </Button>
      </div>

      <CasesHeading caseStatus={caseStatus} onChange={setCaseStatus} />
      <DataTable columns={caseColumns(tx, label, canResolve ? setResolving : null)} data={cases.data ?? []} empty={tx('ไม่มีเคส', 'No cases')} testId="game-cases" />

      {resolving && (
        <ResolveCaseDialog gameCase={resolving} form={form} isPending={resolve.isPending} onResolve={(values) => resolve.mutate({ caseId: resolving.id, ...values })} onClose={() => setResolving(null)} />
      )}
    </section>
  );
}

/** The page's title, "look at this page now" (game.reconcile) and the page's summary, then what the figures mean. */
function ReconciliationHeading({ summary, onRun, isRunning }: { summary: { withDifference: number; unknown: number; inFlight: number } | undefined; onRun: (() => void) | null; isRunning: boolean }) {
  const tx = useBilingual();
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('กระทบยอดเกม', 'Game reconciliation')}</h1>
        {onRun && (
          <Button onClick={onRun} disabled={isRunning} data-testid="game-reconcile-run">
            {tx('ตรวจสอบหน้านี้ตอนนี้', 'Look at this page now')}
          </Button>
        )}
        {summary && (
          <span className="text-sm" data-testid="game-reconcile-summary">
            {tx(`ส่วนต่าง ${summary.withDifference} · อ่านไม่ได้ ${summary.unknown} · โอนค้าง ${summary.inFlight}`, `difference ${summary.withDifference} · unknown ${summary.unknown} · in flight ${summary.inFlight}`)}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {tx(
          'ยอดกระเป๋าเกมในบัญชีของเราเทียบกับยอดที่ค่ายเกมตอนนี้ ส่วนต่างที่อธิบายไม่ได้จะเปิดเป็นเคสและพักเงินไว้ในบัญชีพัก ไม่เข้ากระเป๋าสมาชิก',
          'Our ledger’s game wallet against the partner’s live balance. A difference nothing explains opens a case and is held in suspense, never credited to the member.',
        )}
      </p>
    </>
  );
}

/** Each member's game wallet: ours against the partner's, the difference, transfers in flight, the open case. */
function memberColumns(tx: Tx, label: Label): ColumnDef<GameReconciliationLine, unknown>[] {
  const money = (value: number | null) => (value === null ? '—' : formatBaht(value));
  return [
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('บัญชีเกม', 'Game account'), accessorKey: 'username' },
    { header: tx('สถานะ', 'State'), accessorKey: 'state', cell: (info) => <span className={STATE_STYLE[info.row.original.state]}>{label('game-wallet', info.row.original.state)}</span> },
    { header: tx('ยอดในบัญชีเรา', 'Ledger'), accessorKey: 'ledgerGameWallet', cell: (info) => <span className="tabular-nums">{money(info.row.original.ledgerGameWallet)}</span> },
    { header: tx('ยอดที่ค่ายเกม', 'Partner'), accessorKey: 'partnerGameWallet', cell: (info) => <span className="tabular-nums">{money(info.row.original.partnerGameWallet)}</span> },
    { header: tx('ส่วนต่าง', 'Difference'), accessorKey: 'difference', cell: (info) => <span className="tabular-nums">{money(info.row.original.difference)}</span> },
    { header: tx('โอนค้าง', 'In flight'), accessorKey: 'transfersInFlight' },
    { header: tx('เคส', 'Case'), accessorKey: 'openCaseId', enableSorting: false, cell: (info) => info.row.original.openCaseId ?? '—' },
  ];
}

/** The difference cases: evidence, and for an open one the resolve button (`onResolve`, finance) or who it waits for. */
function caseColumns(tx: Tx, label: Label, onResolve: ((gameCase: GameCase) => void) | null): ColumnDef<GameCase, unknown>[] {
  return [
    { header: tx('เปิดเมื่อ', 'Opened'), accessorKey: 'createdAt', cell: (info) => formatDateTime(info.row.original.createdAt) },
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('ส่วนต่าง', 'Difference'), accessorKey: 'difference', cell: (info) => <span className="tabular-nums">{formatBaht(info.row.original.difference)}</span> },
    { header: tx('พักไว้ (suspense)', 'In suspense'), accessorKey: 'suspense', cell: (info) => <span className="tabular-nums">{formatBaht(info.row.original.suspense)}</span> },
    {
      header: tx('หลักฐาน', 'Evidence'),
      id: 'evidence',
      enableSorting: false,
      cell: ({ row }) => (
        <details>
          <summary className="cursor-pointer text-sm">{tx(`${row.original.evidence.entries.length} รายการ`, `${row.original.evidence.entries.length} entries`)}</summary>
          <pre className="max-h-48 max-w-md overflow-auto text-xs">{JSON.stringify(row.original.evidence.entries, null, 1)}</pre>
        </details>
      ),
    },
    {
      header: tx('ผล', 'Outcome'),
      id: 'outcome',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.status === 'open' ? (
          onResolve ? (
            <Button onClick={() => onResolve(row.original)} data-testid={`resolve-${row.original.id}`}>{tx('ปิดเคส', 'Resolve')}</Button>
          ) : (
            tx('รอฝ่ายการเงิน', 'Waiting for finance')
          )
        ) : (
          <span className="text-sm">
            {label('game-case', row.original.resolution ?? row.original.status)} · {row.original.resolvedBy ?? ''} · {row.original.resolutionReason ?? ''}
          </span>
        ),
    },
  ];
}

/** The cases' heading with the status they are listed in (kept in the address). */
function CasesHeading({ caseStatus, onChange }: { caseStatus: CaseState; onChange: (status: CaseState) => void }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <div className="flex items-center gap-3">
      <h2 className="text-lg font-semibold">{tx('เคสส่วนต่าง', 'Difference cases')}</h2>
      <select className="input w-auto" value={caseStatus} onChange={(event) => onChange(event.target.value as CaseState)} aria-label={tx('สถานะเคส', 'Case status')}>
        {GAME_CASE_STATES.map((value) => (
          <option key={value} value={value}>
            {label('game-case', value)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Finance's resolution of one case: align the partner or write the suspense off, with a reason. */
function ResolveCaseDialog({ gameCase, form, isPending, onResolve, onClose }: { gameCase: GameCase; form: UseFormReturn<ResolveForm>; isPending: boolean; onResolve: (values: ResolveForm) => void; onClose: () => void }) {
  const tx = useBilingual();
  return (
    <Dialog label={tx('ปิดเคส', 'Resolve case')} onClose={onClose}>
      <form className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl" onSubmit={form.handleSubmit(onResolve)} noValidate>
        <h2 className="text-lg font-semibold">
          {tx('ปิดเคส', 'Resolve case')} · {gameCase.phoneNumber} · {formatBaht(gameCase.difference)}
        </h2>
        <Field label={tx('วิธีปิด', 'Resolution')} error={form.formState.errors.resolution?.message}>
          <select className="input" {...form.register('resolution')}>
            <option value="align_partner">{tx('ให้ค่ายเกมปรับยอดตามบัญชีเรา', 'Make the partner match our ledger')}</option>
            <option value="write_off">{tx('ตัดยอดพักเป็นค่าใช้จ่าย (ตกลงกับค่ายเกมภายนอก)', 'Write the suspense off (settled with the partner outside)')}</option>
          </select>
        </Field>
        <Field label={tx('เหตุผล', 'Reason')} error={form.formState.errors.reason?.message}>
          <textarea className="input" rows={3} {...form.register('reason')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="plain" onClick={onClose}>
            {tx('ยกเลิก', 'Cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {tx('ปิดเคส', 'Resolve')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
