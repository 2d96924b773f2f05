import { useQuery } from '@tanstack/react-query';
import { staffMemberProtectionResponse, type StaffMemberProtectionWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';

type PeriodAmounts = StaffMemberProtectionWire['depositLimit'];

/** A limit's period and kind in Thai and English. */
const PERIOD: Record<'day' | 'week' | 'month', [string, string]> = { day: ['24 ชม.', '24 h'], week: ['7 วัน', '7 days'], month: ['30 วัน', '30 days'] };
const KIND: Record<'deposit' | 'loss', [string, string]> = { deposit: ['ฝาก', 'Deposit'], loss: ['ขาดทุน', 'Loss'] };
type Say = (thai: string, english: string) => string;
const amounts = (tx: Say, limits: PeriodAmounts) => (Object.keys(PERIOD) as Array<keyof PeriodAmounts>).map((period) => `${tx(...PERIOD[period])} ${limits[period] === null ? '—' : formatBaht(limits[period]!)}`).join(' · ');

/**
 * Player protection on the member page (issue 12), read-only: date of birth, limits in force and
 * pending loosenings, the exclusion in force and the history, deposits refused or held for
 * protection / AML. Staff see; nothing here lifts or shortens a member's choice.
 */
export function MemberProtection({ memberId }: { memberId: string }) {
  const view = useQuery({ queryKey: ['member-protection', memberId], queryFn: () => apiGet(`/members/${memberId}/protection`, staffMemberProtectionResponse) });
  const data = view.data;
  const tx = useBilingual();
  const label = useLabel();
  return (
    <div className="col-span-3 space-y-1 rounded-lg bg-white p-4 text-sm shadow" data-testid="member-protection">
      <h3 className="font-semibold">{tx('การดูแลผู้เล่น', 'Player protection')}</h3>
      {!data ? (
        <p className="text-slate-500">{view.error ? String(view.error) : tx('กำลังโหลด…', 'Loading…')}</p>
      ) : (
        <>
          <p>{tx('วันเกิด', 'Date of birth')}: {data.dateOfBirth ?? tx('— (สมัครก่อนมีการถามวันเกิด)', '— (signed up before the date of birth was asked)')} · {tx(`แจ้งเตือนเวลาเล่นทุก ${data.realityCheckMinutes} นาที`, `Play-time reminder every ${data.realityCheckMinutes} minutes`)}</p>
          <p data-testid="member-protection-status">
            {tx('สถานะ', 'Status')}:{' '}
            {data.exclusion ? (
              <strong className="text-red-700">{label('exclusion', data.exclusion.kind)} {tx('ถึง', 'until')} {formatDateTime(data.exclusion.endsAt)}</strong>
            ) : (
              tx('เล่นได้ตามปกติ', 'Plays normally')
            )}
          </p>
          <p>{tx('วงเงินฝาก', 'Deposit limit')}: {amounts(tx, data.depositLimit)}</p>
          <p>{tx('วงเงินขาดทุน', 'Loss limit')}: {amounts(tx, data.lossLimit)}</p>
          {data.pending.map((change) => (
            <p key={`${change.kind}-${change.period}`} className="text-amber-700">
              {tx('รอมีผล', 'Pending')}: {tx(...KIND[change.kind])} {tx(...PERIOD[change.period])} → {change.amount === null ? tx('ยกเลิก', 'removed') : formatBaht(change.amount)} ({tx('ยืนยันได้ตั้งแต่', 'can be confirmed from')} {formatDateTime(change.effectiveAt)})
            </p>
          ))}
          <h4 className="pt-2 font-semibold">{tx('ประวัติการพักการเล่น', 'Breaks from play')}</h4>
          {data.exclusions.length === 0 && <p className="text-slate-500">—</p>}
          {data.exclusions.map((row) => (
            <p key={row.startsAt}>
              {label('exclusion', row.kind)} {row.period} · {formatDateTime(row.startsAt)} → {formatDateTime(row.endsAt)}{row.active ? ` · ${tx('มีผลอยู่', 'in force')}` : ''}
            </p>
          ))}
          <h4 className="pt-2 font-semibold">{tx('ยอดฝากที่ถูกพัก / คืน', 'Deposits held / refunded')}</h4>
          {data.heldDeposits.length === 0 && <p className="text-slate-500">—</p>}
          {data.heldDeposits.map((row) => (
            <p key={row.id}>
              {formatBaht(row.amount)} · {label('protection-reason', row.reason)} · {label('deposit', row.status)} · {formatDateTime(row.createdAt)}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
