import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { auditEntriesResponse, auditFiltersResponse, auditVerifyResponse, type AuditEntryWire } from '@sabai/contracts';
import type { z } from 'zod';
import { apiGet, ApiError, session } from '../../lib/api';
import { useSearchFilters } from '../../lib/search-state';
import { useBilingual } from '../../lib/bilingual';
import { formatDateTime } from '../../lib/format';
import { Button, ErrorText } from '../../ui';

/** Rows per page of the audit screen. */
const PAGE_SIZE = 50;

interface AuditFilters {
  actor: string;
  action: string;
  subjectId: string;
  from: string;
  to: string;
}
/** What can be filtered on: the staff in the log and the actions recorded. */
type AuditFilterChoices = z.infer<typeof auditFiltersResponse>['data'];
const NO_FILTERS: AuditFilters = { actor: '', action: '', subjectId: '', from: '', to: '' };

/** The query string of the filters (empty ones left out). */
export function auditQueryString(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value.trim() !== '') params.set(key, value.trim());
  return params.toString();
}

/** A short text of a JSON value for the table (the full value is in the row's title and the CSV). */
function compact(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>).map(([key, inner]) => `${key}: ${typeof inner === 'object' && inner !== null ? JSON.stringify(inner) : String(inner)}`).join(', ');
}

/**
 * The row's reason: its own column, or (older actions recorded it there) `details.reason`, so the
 * reason a member reads for a rejection shows in the Reason column, not only in the details.
 */
function reasonOf(row: AuditEntryWire): string | null {
  if (row.reason) return row.reason;
  const details = row.details;
  if (details && typeof details === 'object' && typeof (details as { reason?: unknown }).reason === 'string') return (details as { reason: string }).reason;
  return null;
}

async function downloadAuditCsv(query: string): Promise<string | null> {
  const response = await fetch(`/admin-api/v1/audit.csv?${query}`, { headers: { authorization: `Bearer ${session.get() ?? ''}` } });
  if (!response.ok) return `HTTP ${response.status}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `sabai-audit-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
  return null;
}

/**
 * The audit trail (issue 25 §4; owner, auditor): filters by staff, action, target and Bangkok days;
 * each row with its reason and before / after; a row whose content no longer matches the hash
 * chain is highlighted; older / newer pages; CSV for Excel. Laid out to fit 1440 px (fixed columns,
 * long values wrap).
 */
export function AuditLogPage() {
  const tx = useBilingual();
  // The applied filters live in the address (reload and Back keep them, issue 25 §4); the form's
  // draft is local until "ค้นหา".
  const [filters, setFilters] = useSearchFilters<keyof AuditFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const verify = useMutation({ mutationFn: () => apiGet('/audit/verify', auditVerifyResponse) });
  /** The `beforeSeq` of each page opened so far (undefined: the newest page). */
  const [pages, setPages] = useState<Array<string | undefined>>([undefined]);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const beforeSeq = pages[pages.length - 1];
  const choices = useQuery({ queryKey: ['audit-filters'], queryFn: () => apiGet('/audit/filters', auditFiltersResponse) });
  const entries = useQuery({
    queryKey: ['audit', filters, beforeSeq],
    queryFn: () => apiGet(`/audit?${auditQueryString(filters, { limit: String(PAGE_SIZE), ...(beforeSeq ? { beforeSeq } : {}) })}`, auditEntriesResponse),
  });
  const rows: AuditEntryWire[] = entries.data ?? [];
  const apply = () => {
    setFilters(draft);
    setPages([undefined]);
  };
  return (
    <section className="max-w-[1400px] space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">{tx('บันทึกการทำงานของเจ้าหน้าที่', 'Audit log')}</h1>
        <div className="flex items-center gap-2">
          {verify.data && (
            <span className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="audit-sound">
              {tx('ห่วงโซ่บันทึกถูกต้อง', 'The chain is sound')} ({verify.data.rows})
            </span>
          )}
          <Button variant="plain" onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">
            {tx('ตรวจทั้งห่วงโซ่', 'Verify the whole chain')}
          </Button>
          <Button variant="plain" data-testid="audit-csv" onClick={() => void downloadAuditCsv(auditQueryString(filters)).then(setDownloadError)}>
            {tx('ดาวน์โหลด CSV', 'Download CSV')}
          </Button>
        </div>
      </div>
      <ErrorText message={verify.error instanceof ApiError ? verify.error.message : null} />
      <AuditFilterForm draft={draft} onDraft={setDraft} choices={choices.data} onApply={apply} onClear={() => { setDraft(NO_FILTERS); setFilters(NO_FILTERS); setPages([undefined]); }} />
      <ErrorText message={entries.error?.message ?? downloadError} />
      {rows.some((row) => row.tampered) && (
        <p role="alert" className="rounded-md bg-red-100 px-3 py-2 text-sm font-medium text-red-900" data-testid="audit-tampered-warning">
          {tx('พบรายการที่ถูกแก้ไขหลังบันทึก (ไม่ตรงกับ hash chain) — แจ้งเจ้าของระบบทันที', 'A row was changed after it was written (it does not match the hash chain) — tell the owner now')}
        </p>
      )}
      <AuditTable rows={rows} isEmpty={entries.isSuccess && rows.length === 0} />
      <div className="flex items-center gap-3">
        <Button variant="plain" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))} data-testid="audit-newer">{tx('← ใหม่กว่า', '← Newer')}</Button>
        <span className="text-sm text-slate-600">{tx(`หน้า ${pages.length}`, `Page ${pages.length}`)}</span>
        <Button variant="plain" disabled={rows.length < PAGE_SIZE} onClick={() => setPages([...pages, rows[rows.length - 1]!.seq])} data-testid="audit-older">{tx('เก่ากว่า →', 'Older →')}</Button>
      </div>
    </section>
  );
}

/** The filters' draft: staff (from those in the log), action (with the known ones offered), target id, Bangkok days. */
function AuditFilterForm({ draft, onDraft, choices, onApply, onClear }: { draft: AuditFilters; onDraft: (draft: AuditFilters) => void; choices: AuditFilterChoices | undefined; onApply: () => void; onClear: () => void }) {
  const tx = useBilingual();
  const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';
  return (
    <form
      className="grid grid-cols-6 items-end gap-3 rounded-lg bg-white p-4 shadow"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <label className="space-y-1 text-sm">
        <span className="font-medium text-slate-700">{tx('เจ้าหน้าที่', 'Staff')}</span>
        <select className={input} value={draft.actor} onChange={(event) => onDraft({ ...draft, actor: event.target.value })} data-testid="audit-actor">
          <option value="">{tx('ทุกคน', 'Everyone')}</option>
          {choices?.actors.map((actor) => <option key={actor.actor} value={actor.actor}>{actor.actor.replace(/^staff:/, '')}{actor.role ? ` (${actor.role})` : ''}</option>)}
        </select>
      </label>
      <label className="space-y-1 text-sm">
        <span className="font-medium text-slate-700">{tx('การกระทำ', 'Action')}</span>
        <input className={input} list="audit-actions" value={draft.action} onChange={(event) => onDraft({ ...draft, action: event.target.value })} placeholder="member." data-testid="audit-action" />
        <datalist id="audit-actions">{choices?.actions.map((action) => <option key={action} value={action} />)}</datalist>
      </label>
      <label className="space-y-1 text-sm">
        <span className="font-medium text-slate-700">{tx('รหัสเป้าหมาย', 'Target id')}</span>
        <input className={input} value={draft.subjectId} onChange={(event) => onDraft({ ...draft, subjectId: event.target.value })} placeholder="mbr_…" data-testid="audit-subject" />
      </label>
      <label className="space-y-1 text-sm">
        <span className="font-medium text-slate-700">{tx('ตั้งแต่วันที่', 'From')}</span>
        <input type="date" className={input} value={draft.from} onChange={(event) => onDraft({ ...draft, from: event.target.value })} data-testid="audit-from" />
      </label>
      <label className="space-y-1 text-sm">
        <span className="font-medium text-slate-700">{tx('ถึงวันที่', 'To')}</span>
        <input type="date" className={input} value={draft.to} onChange={(event) => onDraft({ ...draft, to: event.target.value })} data-testid="audit-to" />
      </label>
      <div className="flex gap-2">
        <Button type="submit" data-testid="audit-apply">{tx('ค้นหา', 'Filter')}</Button>
        <Button type="button" variant="plain" onClick={onClear}>{tx('ล้าง', 'Clear')}</Button>
      </div>
    </form>
  );
}

/** One page of the trail in fixed columns (fits 1440 px); a row that no longer matches the hash chain is marked. */
function AuditTable({ rows, isEmpty }: { rows: AuditEntryWire[]; isEmpty: boolean }) {
  const tx = useBilingual();
  return (
    <div className="overflow-hidden rounded-lg bg-white shadow">
      <table className="w-full table-fixed text-left text-sm" data-testid="audit-table">
        <colgroup>
          <col className="w-[3.5rem]" />
          <col className="w-[8.5rem]" />
          <col className="w-[8rem]" />
          <col className="w-[12rem]" />
          <col className="w-[10rem]" />
          <col />
          <col className="w-[11rem]" />
        </colgroup>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th className="px-2 py-2">#</th>
            <th className="px-2 py-2">{tx('เวลา', 'Time')}</th>
            <th className="px-2 py-2">{tx('เจ้าหน้าที่', 'Staff')}</th>
            <th className="px-2 py-2">{tx('การกระทำ / เป้าหมาย', 'Action / target')}</th>
            <th className="px-2 py-2">{tx('เหตุผล', 'Reason')}</th>
            <th className="px-2 py-2">{tx('ก่อน → หลัง', 'Before → after')}</th>
            <th className="px-2 py-2">{tx('รายละเอียด', 'Details')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.seq} className={row.tampered ? 'bg-red-100 ring-2 ring-inset ring-red-600' : 'border-t border-slate-100'} data-testid="audit-row" data-tampered={row.tampered ? 'true' : 'false'}>
              <td className="px-2 py-2 align-top tabular-nums">
                {row.seq}
                {row.tampered && <span className="mt-1 block rounded bg-red-700 px-1 text-xs font-semibold text-white">{tx('ถูกแก้ไข', 'Tampered')}</span>}
              </td>
              <td className="px-2 py-2 align-top">{formatDateTime(row.at)}</td>
              <td className="break-words px-2 py-2 align-top">{row.actor.replace(/^staff:/, '')}{row.role ? <span className="block text-xs text-slate-500">{row.role}</span> : null}</td>
              <td className="break-words px-2 py-2 align-top text-xs"><span className="block font-mono text-sm">{row.action}</span>{row.target.type} <span className="font-mono">{row.target.id}</span></td>
              <td className="break-words px-2 py-2 align-top" data-testid="audit-reason">{reasonOf(row) ?? '—'}</td>
              <td className="break-words px-2 py-2 align-top text-xs" data-testid="audit-change" title={JSON.stringify({ before: row.before, after: row.after })}>
                {row.before !== null && row.before !== undefined && <span className="block text-red-800 line-through decoration-red-400">{compact(row.before)}</span>}
                {row.after !== null && row.after !== undefined && <span className="block text-green-800">{compact(row.after)}</span>}
              </td>
              <td className="break-words px-2 py-2 align-top text-xs text-slate-600" title={JSON.stringify(row.details)}>{compact(row.details)}</td>
            </tr>
          ))}
          {isEmpty && (
            <tr><td colSpan={7} className="px-2 py-6 text-center text-slate-500">{tx('ไม่มีรายการ', 'No entries')}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
