import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PROTECTED_MEMBERS_MAX_PAGE, protectedMembersResponse, type ProtectedMemberWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../../data-table';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';

type ProtectedMember = ProtectedMemberWire;

/**
 * Members with limits or an exclusion in force (issue 12), for support and compliance. Read-only:
 * staff never lift or shorten an exclusion (there is no such route).
 */
export function ProtectionPage() {
  const tx = useBilingual();
  const label = useLabel();
  const list = useQuery({ queryKey: ['protection-members'], queryFn: () => apiGet(`/protection/members?limit=${PROTECTED_MEMBERS_MAX_PAGE}`, protectedMembersResponse) });
  const columns: ColumnDef<ProtectedMember, unknown>[] = [
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('ชื่อ', 'Name'), accessorKey: 'fullName' },
    { header: tx('วงเงินที่ตั้ง', 'Limits set'), accessorKey: 'activeLimits' },
    { header: tx('รอมีผล', 'Pending changes'), accessorKey: 'pendingChanges' },
    {
      header: tx('พักการเล่น', 'Break from play'),
      id: 'exclusion',
      accessorFn: (row) => row.exclusion?.endsAt ?? '',
      cell: ({ row }) => (row.original.exclusion ? `${label('exclusion', row.original.exclusion.kind)} ${tx('ถึง', 'until')} ${formatDateTime(row.original.exclusion.endsAt)}` : '—'),
    },
  ];
  return (
    <section className="space-y-4" data-testid="protection-page">
      <h1 className="text-xl font-semibold">{tx('สมาชิกที่ตั้งวงเงิน / พักการเล่น', 'Members with limits / breaks from play')}</h1>
      <p className="text-sm text-slate-600">{tx('ดูได้อย่างเดียว การพักการเล่นยกเลิกก่อนครบกำหนดไม่ได้', 'Read-only: a break from play cannot be ended early')}</p>
      <DataTable columns={columns} data={list.data ?? []} empty={tx('ไม่มีสมาชิกที่ตั้งวงเงินหรือพักการเล่น', 'No member has a limit or a break from play')} />
    </section>
  );
}
