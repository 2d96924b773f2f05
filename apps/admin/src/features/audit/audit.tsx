import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { auditEntriesResponse, auditVerifyResponse, type AuditEntryWire } from '@sabai/contracts';
import { apiGet, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';
import { useSearchFilters } from '../../lib/search-state';

type AuditEntry = AuditEntryWire;

const PAGE_SIZE = 100;

/**
 * The audit trail (issue 11 "Audit"): newest first, filtered on the server by actor, action
 * (prefix) and target id, paged by the chain position (`beforeSeq`: "older" asks for the next
 * page); and the chain check.
 */
export function AuditPage() {
  const { t } = useI18n();
  const tx = useBilingual();
  const [filter, setFilter] = useSearchFilters({ actor: '', action: '', subjectId: '' });
  const list = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        limit: String(PAGE_SIZE),
        ...(filter.actor ? { actor: filter.actor } : {}),
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
        ...(pageParam === null ? {} : { beforeSeq: pageParam }),
      });
      return apiGet(`/audit?${query.toString()}`, auditEntriesResponse);
    },
    initialPageParam: null as string | null,
    // A full page may have older rows behind it; the oldest row's position is where the next page starts.
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? (last.at(-1)?.seq ?? null) : null),
  });
  const entries = list.data?.pages.flat() ?? [];
  const verify = useMutation({ mutationFn: () => apiGet('/audit/verify', auditVerifyResponse) });
  const columns: ColumnDef<AuditEntry, unknown>[] = [
    { header: '#', accessorKey: 'seq' },
    { header: t('col.time'), accessorKey: 'at', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: 'ผู้ทำ', id: 'actor', cell: ({ row }) => `${row.original.actor}${row.original.role ? ` (${row.original.role})` : ''}` },
    { header: 'รายการ', accessorKey: 'action' },
    { header: 'เป้าหมาย', id: 'target', enableSorting: false, cell: ({ row }) => `${row.original.target.type} ${row.original.target.id}` },
    { header: 'รายละเอียด', id: 'details', enableSorting: false, cell: ({ row }) => <code className="text-xs">{JSON.stringify(row.original.details)}</code> },
    { header: 'ที่อยู่', accessorKey: 'address' },
  ];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-xl font-semibold">{t('nav.audit')}</h1>
        <form
          key={`${filter.actor}|${filter.action}|${filter.subjectId}`}
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setFilter({ actor: String(data.get('actor') ?? '').trim(), action: String(data.get('action') ?? '').trim(), subjectId: String(data.get('subjectId') ?? '').trim() });
          }}
        >
          <input name="actor" className="input w-48" placeholder="staff:username" defaultValue={filter.actor} aria-label={tx('เจ้าหน้าที่', 'Staff')} />
          <input name="action" className="input w-48" placeholder="withdrawal." defaultValue={filter.action} aria-label={tx('การกระทำ', 'Action')} />
          <input name="subjectId" className="input w-56" placeholder={tx('รหัสเป้าหมาย เช่น mbr_…', 'target id, e.g. mbr_…')} defaultValue={filter.subjectId} aria-label={tx('รหัสเป้าหมาย', 'Target id')} />
          <Button type="submit" variant="plain">กรอง</Button>
        </form>
        <Button onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">{t('audit.verify')}</Button>
        {verify.data && <span className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="audit-sound">{t('audit.sound')} ({verify.data.rows})</span>}
      </div>
      <ErrorText message={verify.error instanceof ApiError ? verify.error.message : null} />
      <ErrorText message={list.error instanceof ApiError ? list.error.message : null} />
      <DataTable columns={columns} data={entries} empty={t('withdrawals.empty')} testId="audit-entries" />
      {list.hasNextPage && (
        <Button variant="plain" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="audit-older">
          {tx('รายการเก่ากว่า', 'Older entries')}
        </Button>
      )}
    </section>
  );
}
