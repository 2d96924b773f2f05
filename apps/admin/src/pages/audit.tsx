import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { auditEntriesResponse, auditVerifyResponse, type AuditEntryWire } from '@sabai/contracts';
import { apiGet, ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { DataTable } from '../data-table';
import { Button, ErrorText } from '../ui';

type AuditEntry = AuditEntryWire;

/** The audit trail with filters, and the chain check (issue 11 "Audit"). */
export function AuditPage() {
  const { t } = useI18n();
  const [filter, setFilter] = useState({ actor: '', action: '' });
  const query = new URLSearchParams({ limit: '100', ...(filter.actor ? { actor: filter.actor } : {}), ...(filter.action ? { action: filter.action } : {}) });
  const list = useQuery({ queryKey: ['audit', filter], queryFn: () => apiGet(`/audit?${query.toString()}`, auditEntriesResponse) });
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
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setFilter({ actor: String(data.get('actor') ?? '').trim(), action: String(data.get('action') ?? '').trim() });
          }}
        >
          <input name="actor" className="input w-48" placeholder="staff:username" />
          <input name="action" className="input w-48" placeholder="withdrawal." />
          <Button type="submit" variant="plain">กรอง</Button>
        </form>
        <Button onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">{t('audit.verify')}</Button>
        {verify.data && <span className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="audit-sound">{t('audit.sound')} ({verify.data.rows})</span>}
      </div>
      <ErrorText message={verify.error instanceof ApiError ? verify.error.message : null} />
      <DataTable columns={columns} data={list.data ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}
