import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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
  const [caseStatus, setCaseStatus] = useSearchParam<(typeof GAME_CASE_STATES)[number]>('cases', 'open', GAME_CASE_STATES);
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
    mutationFn: (input: { caseId: string } & z.infer<typeof resolveForm>) => apiPost(`/game/cases/${input.caseId}/resolve`, { resolution: input.resolution, reason: input.reason }, resolvedGameCaseResponse),
    onSuccess: () => {
      setResolving(null);
      setError(null);
      void client.invalidateQueries({ queryKey: ['game-cases'] });
      void client.invalidateQueries({ queryKey: ['game-reconciliation'] });
    },
    onError,
  });
  const form = useForm<z.infer<typeof resolveForm>>({ resolver: zodResolver(resolveForm), defaultValues: { resolution: 'align_partner', reason: '' } });
  const money = (value: number | null) => (value === null ? '—' : formatBaht(value));

  const memberColumns: ColumnDef<GameReconciliationLine, unknown>[] = [
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('บัญชีเกม', 'Game account'), accessorKey: 'username' },
    { header: tx('สถานะ', 'State'), accessorKey: 'state', cell: (info) => <span className={STATE_STYLE[info.row.original.state]}>{label('game-wallet', info.row.original.state)}</span> },
    { header: tx('ยอดในบัญชีเรา', 'Ledger'), accessorKey: 'ledgerGameWallet', cell: (info) => <span className="tabular-nums">{money(info.row.original.ledgerGameWallet)}</span> },
    { header: tx('ยอดที่ค่ายเกม', 'Partner'), accessorKey: 'partnerGameWallet', cell: (info) => <span className="tabular-nums">{money(info.row.original.partnerGameWallet)}</span> },
    { header: tx('ส่วนต่าง', 'Difference'), accessorKey: 'difference', cell: (info) => <span className="tabular-nums">{money(info.row.original.difference)}</span> },
    { header: tx('โอนค้าง', 'In flight'), accessorKey: 'transfersInFlight' },
    { header: tx('เคส', 'Case'), accessorKey: 'openCaseId', enableSorting: false, cell: (info) => info.row.original.openCaseId ?? '—' },
  ];
  const caseColumns: ColumnDef<GameCase, unknown>[] = [
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
          canResolve ? (
            <Button onClick={() => setResolving(row.original)} data-testid={`resolve-${row.original.id}`}>{tx('ปิดเคส', 'Resolve')}</Button>
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

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('กระทบยอดเกม', 'Game reconciliation')}</h1>
        {canRun && (
          <Button onClick={() => run.mutate()} disabled={run.isPending} data-testid="game-reconcile-run">
            {tx('ตรวจสอบหน้านี้ตอนนี้', 'Look at this page now')}
          </Button>
        )}
        {report.data && (
          <span className="text-sm" data-testid="game-reconcile-summary">
            {tx(`ส่วนต่าง ${report.data.withDifference} · อ่านไม่ได้ ${report.data.unknown} · โอนค้าง ${report.data.inFlight}`, `difference ${report.data.withDifference} · unknown ${report.data.unknown} · in flight ${report.data.inFlight}`)}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {tx(
          'ยอดกระเป๋าเกมในบัญชีของเราเทียบกับยอดที่ค่ายเกมตอนนี้ ส่วนต่างที่อธิบายไม่ได้จะเปิดเป็นเคสและพักเงินไว้ในบัญชีพัก ไม่เข้ากระเป๋าสมาชิก',
          'Our ledger’s game wallet against the partner’s live balance. A difference nothing explains opens a case and is held in suspense, never credited to the member.',
        )}
      </p>
      <ErrorText message={error ?? (report.error instanceof Error ? report.error.message : cases.error instanceof Error ? cases.error.message : null)} />
      <DataTable columns={memberColumns} data={report.data?.members ?? []} empty={tx('ยังไม่มีบัญชีเกม', 'No game accounts yet')} testId="game-reconciliation" />
      <div className="flex gap-2">
        <Button variant="plain" disabled={pages.length === 0} onClick={() => setPages((list) => list.slice(0, -1))}>
          {tx('ก่อนหน้า', 'Previous')}
        </Button>
        <Button variant="plain" disabled={!report.data?.nextAfter} onClick={() => report.data?.nextAfter && setPages((list) => [...list, report.data.nextAfter!])}>
          {tx('ถัดไป', 'Next')}
        </Button>
      </div>

      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold">{tx('เคสส่วนต่าง', 'Difference cases')}</h2>
        <select className="input w-auto" value={caseStatus} onChange={(event) => setCaseStatus(event.target.value as (typeof GAME_CASE_STATES)[number])} aria-label={tx('สถานะเคส', 'Case status')}>
          {GAME_CASE_STATES.map((value) => (
            <option key={value} value={value}>
              {label('game-case', value)}
            </option>
          ))}
        </select>
      </div>
      <DataTable columns={caseColumns} data={cases.data ?? []} empty={tx('ไม่มีเคส', 'No cases')} testId="game-cases" />

      {resolving && (
        <Dialog label={tx('ปิดเคส', 'Resolve case')} onClose={() => setResolving(null)}>
          <form className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl" onSubmit={form.handleSubmit((values) => resolve.mutate({ caseId: resolving.id, ...values }))} noValidate>
            <h2 className="text-lg font-semibold">
              {tx('ปิดเคส', 'Resolve case')} · {resolving.phoneNumber} · {formatBaht(resolving.difference)}
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
              <Button type="button" variant="plain" onClick={() => setResolving(null)}>
                {tx('ยกเลิก', 'Cancel')}
              </Button>
              <Button type="submit" disabled={resolve.isPending}>
                {tx('ปิดเคส', 'Resolve')}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
