import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { dailyReportResponse, staffActionsReportResponse, type DailyReportWire, type MoneyFiguresWire } from '@sabai/contracts';
import type { z } from 'zod';
import { apiGet, ApiError, session } from '../../lib/api';
import { formatBaht } from '../../lib/format';
import { bangkokDate, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';
import { useSearchFilters } from '../../lib/search-state';

type PeriodRow = DailyReportWire['periods'][number];
type Period = 'day' | 'month';
type Range = { from: string; to: string; period: Period };
type Totals = DailyReportWire['total'];
type StaffActions = z.infer<typeof staffActionsReportResponse>['data'];
type Tx = ReturnType<typeof useBilingual>;

/** The money given to members, by kind: the report's givenOut (house expense accounts). */
const GIVEN_OUT: Array<[keyof MoneyFiguresWire['givenOut'], string, string]> = [
  ['bonus', 'โบนัส', 'Bonus'],
  ['itemCode', 'โค้ดรับเงิน', 'Item codes'],
  ['wheel', 'รางวัลวงล้อ', 'Wheel'],
  ['cashback', 'คืนยอดเสีย', 'Cashback'],
  ['affiliate', 'ค่าแนะนำเพื่อน', 'Affiliate'],
  ['adjustment', 'ปรับยอดโดยพนักงาน', 'Staff adjustments'],
];

/** Downloads a CSV of the back office (the bearer session is a header, so not a plain link). */
async function downloadCsv(path: string, filename: string): Promise<string | null> {
  const response = await fetch(`/admin-api/v1${path}`, { headers: { authorization: `Bearer ${session.get() ?? ''}` } });
  if (!response.ok) return `HTTP ${response.status}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return null;
}

/** A date in the address (`from`, `to`): YYYY-MM-DD, anything else reads as the default. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reports (issue 11 "Reports", issue 25 §3; finance, owner, auditor): every money flow by Bangkok
 * day or month, read from the ledger's house accounts — deposits by channel, withdrawals paid,
 * refunds, what was given to members (bonus, item codes, wheel, cashback, affiliate, staff
 * adjustments), GGR — with the cash net, the house result and what members hold more; CSV for
 * Excel; and the per-staff actions report.
 */
export function ReportsPage() {
  const tx = useBilingual();
  const [filters, setFilters] = useSearchFilters({ from: bangkokDate(-6), to: bangkokDate(), period: 'day' });
  const range: Range = { from: ISO_DAY.test(filters.from) ? filters.from : bangkokDate(-6), to: ISO_DAY.test(filters.to) ? filters.to : bangkokDate(), period: filters.period === 'month' ? 'month' : 'day' };
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = `from=${range.from}&to=${range.to}`;
  const report = useQuery({ queryKey: ['report', range], queryFn: () => apiGet(`/reports/daily?${query}&period=${range.period}`, dailyReportResponse) });
  const staff = useQuery({ queryKey: ['report-staff', range.from, range.to], queryFn: () => apiGet(`/reports/staff-actions?${query}`, staffActionsReportResponse) });
  const total = report.data?.total;
  const download = async (path: string, filename: string) => setDownloadError(await downloadCsv(path, filename));
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('รายงาน', 'Reports')}</h1>
        <RangeForm range={range} onRange={(next) => setFilters(next)} />
        <Button onClick={() => void download(`/reports/daily.csv?${query}&period=${range.period}`, `sabai-report-${range.period === 'month' ? 'monthly-' : ''}${range.from}-${range.to}.csv`)} data-testid="download-csv">
          {tx('ดาวน์โหลด CSV (Excel)', 'Download CSV (Excel)')}
        </Button>
      </div>
      <ErrorText message={downloadError ?? (report.error instanceof ApiError ? report.error.message : null)} />
      <TotalTiles total={total} />
      <p className="text-xs text-slate-500">
        {tx(
          'ตัวเลขทั้งหมดอ่านจากบัญชีของเว็บในสมุดบัญชี (ledger) วันตามเวลาไทย · เงินสดสุทธิ = ฝาก − ถอน − คืนผู้โอน · ผลได้เสีย = GGR − เงินที่ให้สมาชิก',
          'Every figure is read from the house accounts in the ledger, Bangkok days · cash net = deposits − withdrawals − refunds · result = GGR − given to members',
        )}
      </p>
      <h2 className="font-semibold">{range.period === 'day' ? tx('รายวัน', 'By day') : tx('รายเดือน', 'By month')}</h2>
      <DataTable columns={periodColumns(tx, range.period)} data={report.data?.periods ?? []} empty={tx('ไม่มีรายการในช่วงนี้', 'Nothing in this range')} testId="report-periods" />
      <h2 className="font-semibold">{tx('ยอดตามบัญชีของเว็บ (ทั้งช่วง)', 'By house account (whole range)')}</h2>
      <div className="rounded-lg bg-white p-3 text-sm shadow" data-testid="report-channels">
        {(total?.deposits.byChannel ?? []).map((flow) => (
          <p key={`d-${flow.channelId}`} className="flex justify-between tabular-nums"><span>{tx('ฝากเข้า', 'In')} · {flow.label} ({flow.count})</span><span>{formatBaht(flow.amount)}</span></p>
        ))}
        {(total?.withdrawals.byChannel ?? []).map((flow) => (
          <p key={`w-${flow.channelId}`} className="flex justify-between tabular-nums"><span>{tx('โอนถอนออก', 'Paid out')} · {flow.label} ({flow.count})</span><span>{formatBaht(flow.amount)}</span></p>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <h2 className="font-semibold">{tx('รายงานการทำงานของพนักงาน', 'Staff actions')}</h2>
        <Button variant="plain" onClick={() => void download(`/reports/staff-actions.csv?${query}`, `sabai-staff-actions-${range.from}-${range.to}.csv`)} data-testid="download-staff-csv">
          {tx('ดาวน์โหลด CSV', 'Download CSV')}
        </Button>
      </div>
      <StaffActionsReport staff={staff.data} />
    </section>
  );
}

/** The range and period asked for; the form starts again from the address whenever it changes. */
function RangeForm({ range, onRange }: { range: Range; onRange: (range: Range) => void }) {
  const tx = useBilingual();
  return (
    <form
      key={`${range.from}|${range.to}|${range.period}`}
      className="flex items-center gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onRange({ from: String(data.get('from')), to: String(data.get('to')), period: String(data.get('period')) === 'month' ? 'month' : 'day' });
      }}
    >
      <select name="period" className="input w-auto" defaultValue={range.period} aria-label={tx('รายวัน/รายเดือน', 'Daily/monthly')}>
        <option value="day">{tx('รายวัน', 'Daily')}</option>
        <option value="month">{tx('รายเดือน', 'Monthly')}</option>
      </select>
      <input type="date" name="from" className="input w-auto" defaultValue={range.from} aria-label={tx('ตั้งแต่', 'From')} />
      <span>–</span>
      <input type="date" name="to" className="input w-auto" defaultValue={range.to} aria-label={tx('ถึง', 'To')} />
      <Button type="submit" variant="plain">{tx('แสดง', 'Show')}</Button>
    </form>
  );
}

/** One row per Bangkok day or month: cash flows, what was given to members by kind, GGR and the result. */
function periodColumns(tx: Tx, period: Period): ColumnDef<PeriodRow, unknown>[] {
  const money = (value: number) => <span className={`tabular-nums ${value < 0 ? 'text-red-700' : ''}`}>{formatBaht(value)}</span>;
  return [
    { header: period === 'day' ? tx('วันที่', 'Day') : tx('เดือน', 'Month'), accessorKey: 'period' },
    { header: tx('ฝาก', 'Deposits'), id: 'deposits', cell: ({ row }) => <>{money(row.original.deposits.amount)} <span className="text-xs text-slate-500">({row.original.deposits.count})</span></> },
    { header: tx('ถอนที่จ่าย', 'Withdrawals paid'), id: 'withdrawals', cell: ({ row }) => <>{money(row.original.withdrawals.amount)} <span className="text-xs text-slate-500">({row.original.withdrawals.count})</span></> },
    { header: tx('คืนผู้โอน', 'Refunds'), id: 'refunds', cell: ({ row }) => money(row.original.refunds.amount) },
    { header: tx('เงินสดสุทธิ', 'Cash net'), id: 'cashNet', cell: ({ row }) => <strong>{money(row.original.cashNet)}</strong> },
    ...GIVEN_OUT.map(([kind, th, en]): ColumnDef<PeriodRow, unknown> => ({ header: tx(th, en), id: kind, cell: ({ row }) => money(row.original.givenOut[kind]) })),
    { header: tx('GGR', 'GGR'), id: 'ggr', cell: ({ row }) => money(row.original.ggr) },
    { header: tx('ผลได้เสีย', 'Result'), id: 'result', cell: ({ row }) => <strong>{money(row.original.result)}</strong> },
  ];
}

/** The whole range's totals as tiles (negative figures in red). */
function TotalTiles({ total }: { total: Totals | undefined }) {
  const tx = useBilingual();
  const tiles: Array<[string, number, string]> = total
    ? [
        [tx('ยอดฝาก', 'Deposits'), total.deposits.amount, 'deposits'],
        [tx('ยอดถอนที่จ่าย', 'Withdrawals paid'), total.withdrawals.amount, 'withdrawals'],
        [tx('คืนผู้โอน', 'Refunds'), total.refunds.amount, 'refunds'],
        [tx('เงินสดสุทธิ', 'Cash net'), total.cashNet, 'cash-net'],
        [tx('เงินที่ให้สมาชิก', 'Given to members'), total.givenOut.total, 'given-out'],
        [tx('ได้เสียจากเกม (GGR)', 'Game results (GGR)'), total.ggr, 'ggr'],
        [tx('ผลได้เสียของเว็บ', 'House result'), total.result, 'result'],
        [tx('เงินสมาชิกเปลี่ยนสุทธิ', 'Members hold more'), total.membersChange, 'members-change'],
      ]
    : [];
  return (
    <div className="grid grid-cols-4 gap-3" data-testid="report-totals">
      {tiles.map(([label, value, id]) => (
        <div key={id} className="rounded-lg bg-white p-3 shadow" data-testid={`report-total-${id}`}>
          <p className="text-xs text-slate-600">{label}</p>
          <p className={`text-lg font-semibold tabular-nums ${value < 0 ? 'text-red-700' : ''}`}>{formatBaht(value)}</p>
        </div>
      ))}
    </div>
  );
}

/** Adjustments by who requested and who approved them, and the audited actions by staff member and action. */
function StaffActionsReport({ staff }: { staff: StaffActions | undefined }) {
  const tx = useBilingual();
  return (
    <div className="grid grid-cols-2 gap-4 text-sm">
      <div className="rounded-lg bg-white p-3 shadow" data-testid="report-staff-adjustments">
        <h3 className="mb-1 font-medium">{tx('ปรับยอดตามพนักงาน', 'Adjustments by staff')}</h3>
        {(staff?.adjustments ?? []).map((row) => (
          <p key={`${row.requestedBy}-${row.approvedBy ?? ''}`} className="flex justify-between tabular-nums">
            <span>{row.requestedBy} → {row.approvedBy ?? '-'} ({row.count})</span>
            <span>+{formatBaht(row.credited)} / −{formatBaht(row.debited)}</span>
          </p>
        ))}
        {staff?.adjustments.length === 0 && <p className="text-slate-500">{tx('ไม่มี', 'None')}</p>}
      </div>
      <div className="max-h-64 overflow-auto rounded-lg bg-white p-3 shadow" data-testid="report-staff-actions">
        <h3 className="mb-1 font-medium">{tx('การกระทำที่บันทึกไว้', 'Audited actions')}</h3>
        {(staff?.actions ?? []).map((row) => (
          <p key={`${row.actor}-${row.action}`} className="flex justify-between tabular-nums"><span>{row.actor} · {row.action}</span><span>{row.count}</span></p>
        ))}
      </div>
    </div>
  );
}
