import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { outboxDeliveriesResponse, outboxRetryResponse, type OutboxDelivery } from '@sabai/contracts';
import { apiGet, apiPost } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DataTable } from '../../data-table';
import { Button } from '../../ui';
import { useSearchParam } from '../../lib/search-state';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';

type Delivery = OutboxDelivery;

/** What the worker did after money moved (docs/adr/0017): failing and dead deliveries, and a retry. */
export function OutboxPage({ canRetry }: { canRetry: boolean }) {
  const { t } = useI18n();
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [status, setStatus] = useSearchParam<'dead' | 'retrying' | 'queued' | 'done'>('status', 'dead', ['dead', 'retrying', 'queued', 'done']);
  const list = useQuery({ queryKey: ['outbox', status], queryFn: () => apiGet(`/outbox/deliveries?status=${status}&limit=100`, outboxDeliveriesResponse), refetchInterval: 10_000 });
  const retry = useMutation({ mutationFn: (delivery: Delivery) => apiPost(`/outbox/deliveries/${delivery.eventId}/${delivery.handler}/retry`, undefined, outboxRetryResponse), onSuccess: () => void client.invalidateQueries({ queryKey: ['outbox'] }) });
  const columns: ColumnDef<Delivery, unknown>[] = [
    { header: t('col.time'), accessorKey: 'updatedAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('เหตุการณ์', 'Event'), accessorKey: 'eventKey' },
    { header: tx('งาน', 'Handler'), accessorKey: 'handler' },
    { header: t('col.status'), accessorKey: 'status', cell: (info) => label('outbox', String(info.getValue())) },
    { header: tx('ครั้งที่ลอง', 'Attempts'), accessorKey: 'attempts' },
    { header: tx('สาเหตุ', 'Reason'), accessorKey: 'lastError', cell: (info) => <span className="text-xs text-red-800">{String(info.getValue() ?? '')}</span> },
    { header: t('col.actions'), id: 'actions', enableSorting: false, cell: ({ row }) => (canRetry && row.original.status === 'dead' ? <Button variant="plain" onClick={() => retry.mutate(row.original)}>{t('outbox.retry')}</Button> : null) },
  ];
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{t('nav.outbox')}</h1>
        <select className="input w-auto" value={status} onChange={(event) => setStatus(event.target.value as typeof status)} aria-label={t('col.status')}>
          {(['dead', 'retrying', 'queued', 'done'] as const).map((value) => (
            <option key={value} value={value}>
              {label('outbox', value)} ({list.data?.counts[value] ?? 0})
            </option>
          ))}
        </select>
        <span className="text-sm text-slate-600">{tx('รอส่งต่อ', 'Not dispatched yet')}: {list.data?.undispatched.count ?? 0}</span>
      </div>
      <DataTable columns={columns} data={list.data?.deliveries ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}
