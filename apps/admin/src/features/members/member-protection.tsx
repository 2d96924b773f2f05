import { useQuery } from '@tanstack/react-query';
import { staffMemberProtectionResponse, type StaffMemberProtectionWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';

type PeriodAmounts = StaffMemberProtectionWire['depositLimit'];

const PERIOD = { day: '24 ชม.', week: '7 วัน', month: '30 วัน' } as const;
const KIND = { deposit: 'ฝาก', loss: 'ขาดทุน' } as const;
export const EXCLUSION_LABEL: Record<string, string> = { timeout: 'พักชั่วคราว', self_exclusion: 'ระงับตัวเอง' };
const REASON: Record<string, string> = { RG_EXCLUDED: 'ระหว่างพักการเล่น', RG_DEPOSIT_LIMIT: 'เกินวงเงินฝาก', AML_REVIEW: 'ตรวจสอบ AML' };
const amounts = (limits: PeriodAmounts) => (Object.keys(PERIOD) as Array<keyof PeriodAmounts>).map((period) => `${PERIOD[period]} ${limits[period] === null ? '—' : formatBaht(limits[period]!)}`).join(' · ');

/**
 * Player protection on the member page (issue 12), read-only: date of birth, limits in force and
 * pending loosenings, the exclusion in force and the history, deposits refused or held for
 * protection / AML. Staff see; nothing here lifts or shortens a member's choice.
 */
export function MemberProtection({ memberId }: { memberId: string }) {
  const view = useQuery({ queryKey: ['member-protection', memberId], queryFn: () => apiGet(`/members/${memberId}/protection`, staffMemberProtectionResponse) });
  const data = view.data;
  return (
    <div className="col-span-3 space-y-1 rounded-lg bg-white p-4 text-sm shadow" data-testid="member-protection">
      <h3 className="font-semibold">การดูแลผู้เล่น</h3>
      {!data ? (
        <p className="text-slate-500">{view.error ? String(view.error) : 'กำลังโหลด…'}</p>
      ) : (
        <>
          <p>วันเกิด: {data.dateOfBirth ?? '— (สมัครก่อนมีการถามวันเกิด)'} · แจ้งเตือนเวลาเล่นทุก {data.realityCheckMinutes} นาที</p>
          <p data-testid="member-protection-status">
            สถานะ:{' '}
            {data.exclusion ? (
              <strong className="text-red-700">{EXCLUSION_LABEL[data.exclusion.kind] ?? data.exclusion.kind} ถึง {formatDateTime(data.exclusion.endsAt)}</strong>
            ) : (
              'เล่นได้ตามปกติ'
            )}
          </p>
          <p>วงเงินฝาก: {amounts(data.depositLimit)}</p>
          <p>วงเงินขาดทุน: {amounts(data.lossLimit)}</p>
          {data.pending.map((change) => (
            <p key={`${change.kind}-${change.period}`} className="text-amber-700">
              รอมีผล: {KIND[change.kind]} {PERIOD[change.period]} → {change.amount === null ? 'ยกเลิก' : formatBaht(change.amount)} (ยืนยันได้ตั้งแต่ {formatDateTime(change.effectiveAt)})
            </p>
          ))}
          <h4 className="pt-2 font-semibold">ประวัติการพักการเล่น</h4>
          {data.exclusions.length === 0 && <p className="text-slate-500">—</p>}
          {data.exclusions.map((row) => (
            <p key={row.startsAt}>
              {EXCLUSION_LABEL[row.kind] ?? row.kind} {row.period} · {formatDateTime(row.startsAt)} → {formatDateTime(row.endsAt)}{row.active ? ' · มีผลอยู่' : ''}
            </p>
          ))}
          <h4 className="pt-2 font-semibold">ยอดฝากที่ถูกพัก / คืน</h4>
          {data.heldDeposits.length === 0 && <p className="text-slate-500">—</p>}
          {data.heldDeposits.map((row) => (
            <p key={row.id}>
              {formatBaht(row.amount)} · {REASON[row.reason] ?? row.reason} · {row.status} · {formatDateTime(row.createdAt)}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
