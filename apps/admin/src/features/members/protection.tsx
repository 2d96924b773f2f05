import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PROTECTED_MEMBERS_MAX_PAGE, protectedMembersResponse, type ProtectedMemberWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../../data-table';
import { EXCLUSION_LABEL } from './member-protection';

type ProtectedMember = ProtectedMemberWire;

/**
 * Members with limits or an exclusion in force (issue 12), for support and compliance. Read-only:
 * staff never lift or shorten an exclusion (there is no such route).
 */
export function ProtectionPage() {
  const list = useQuery({ queryKey: ['protection-members'], queryFn: () => apiGet(`/protection/members?limit=${PROTECTED_MEMBERS_MAX_PAGE}`, protectedMembersResponse) });
  const columns: ColumnDef<ProtectedMember, unknown>[] = [
    { header: 'สมาชิก', accessorKey: 'phoneNumber' },
    { header: 'ชื่อ', accessorKey: 'fullName' },
    { header: 'วงเงินที่ตั้ง', accessorKey: 'activeLimits' },
    { header: 'รอมีผล', accessorKey: 'pendingChanges' },
    {
      header: 'พักการเล่น',
      id: 'exclusion',
      accessorFn: (row) => row.exclusion?.endsAt ?? '',
      cell: ({ row }) => (row.original.exclusion ? `${EXCLUSION_LABEL[row.original.exclusion.kind] ?? row.original.exclusion.kind} ถึง ${formatDateTime(row.original.exclusion.endsAt)}` : '—'),
    },
  ];
  return (
    <section className="space-y-4" data-testid="protection-page">
      <h1 className="text-xl font-semibold">สมาชิกที่ตั้งวงเงิน / พักการเล่น</h1>
      <p className="text-sm text-slate-600">ดูได้อย่างเดียว การพักการเล่นยกเลิกก่อนครบกำหนดไม่ได้</p>
      <DataTable columns={columns} data={list.data ?? []} empty="ไม่มีสมาชิกที่ตั้งวงเงินหรือพักการเล่น" />
    </section>
  );
}
