import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { memberRelationsResponse, type MemberRelationsWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { ErrorText } from '../../ui';

type Referral = MemberRelationsWire['referrals'][number];
type Session = MemberRelationsWire['sessions'][number];

/**
 * The member's referrals on two levels and open sessions (issue 11 "Members"), newest first, at
 * most 100 each; members.view. "Sign out everywhere" on the member page ends the sessions listed.
 */
export function MemberRelations({ memberId }: { memberId: string }) {
  const tx = useBilingual();
  const relations = useQuery({ queryKey: ['member-relations', memberId], queryFn: () => apiGet(`/members/${memberId}/relations`, memberRelationsResponse) });
  const referralColumns: ColumnDef<Referral, unknown>[] = [
    { header: tx('ชั้น', 'Level'), accessorKey: 'level' },
    { header: tx('สมาชิก', 'Member'), accessorKey: 'phoneNumber' },
    { header: tx('ชื่อ', 'Name'), accessorKey: 'name' },
    { header: tx('สถานะ', 'Status'), accessorKey: 'status' },
    { header: tx('สมัครเมื่อ', 'Joined'), accessorKey: 'joinedAt', cell: (info) => formatDateTime(String(info.getValue())) },
  ];
  const sessionColumns: ColumnDef<Session, unknown>[] = [
    { header: tx('เข้าสู่ระบบเมื่อ', 'Signed in'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('หมดอายุ', 'Expires'), accessorKey: 'expiresAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('ที่อยู่ IP', 'Address'), accessorKey: 'address', cell: (info) => String(info.getValue() ?? '—') },
    { header: tx('เบราว์เซอร์', 'Browser'), accessorKey: 'userAgent', enableSorting: false, cell: (info) => <span className="text-xs text-slate-600">{String(info.getValue() ?? '—')}</span> },
  ];
  return (
    <div className="grid grid-cols-2 gap-4" data-testid="member-relations">
      <ErrorText message={relations.error instanceof Error ? relations.error.message : null} />
      <div className="space-y-2 rounded-lg bg-white p-4 shadow">
        <h3 className="font-semibold">{tx('เพื่อนที่แนะนำ (2 ชั้น)', 'Referrals (two levels)')}</h3>
        <DataTable columns={referralColumns} data={relations.data?.referrals ?? []} empty={tx('ยังไม่มีเพื่อนที่แนะนำ', 'No referrals yet')} />
      </div>
      <div className="space-y-2 rounded-lg bg-white p-4 shadow">
        <h3 className="font-semibold">{tx('อุปกรณ์ที่เข้าสู่ระบบอยู่', 'Open sessions')}</h3>
        <DataTable columns={sessionColumns} data={relations.data?.sessions ?? []} empty={tx('ไม่มี', 'None')} />
      </div>
    </div>
  );
}
