import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { dailyReportResponse, type DailyReportWire } from '@sabai/contracts';
import { apiGet, ApiError, session } from '../lib/api';
import { formatBaht } from '../lib/format';
import { bangkokDate, useBilingual } from '../lib/bilingual';
import { DataTable } from '../data-table';
import { Button, ErrorText } from '../ui';

type ChannelRow = DailyReportWire['channels'][number];
type RewardRow = DailyReportWire['rewards'][number];

/** Sum of baht numbers through satang integers (no float drift in the totals line). */
const sumBaht = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/** Reports (issue 11 "Reports"; finance, owner, auditor): daily totals by channel and reward costs for a date range, CSV for Excel. */
export function ReportsPage() {
  const tx = useBilingual();
  const [range, setRange] = useState({ from: bangkokDate(-6), to: bangkokDate() });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const report = useQuery({ queryKey: ['report', range], queryFn: () => apiGet(`/reports/daily?from=${range.from}&to=${range.to}`, dailyReportResponse) });
  const download = async () => {
    setDownloadError(null);
    const response = await fetch(`/admin-api/v1/reports/daily.csv?from=${range.from}&to=${range.to}`, { headers: { authorization: `Bearer ${session.get() ?? ''}` } });
    if (!response.ok) {
      setDownloadError(`HTTP ${response.status}`);
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `sabai-report-${range.from}-${range.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const money = (value: unknown) => <span className="tabular-nums">{formatBaht(Number(value))}</span>;
  const channelColumns: ColumnDef<ChannelRow, unknown>[] = [
    { header: tx('วันที่', 'Day'), accessorKey: 'day' },
    { header: tx('ช่องทาง', 'Channel'), accessorKey: 'channel', cell: (info) => (info.getValue() === 'payout' ? tx('โอนถอน (payout)', 'Payouts') : String(info.getValue())) },
    { header: tx('รายการฝาก', 'Deposits #'), accessorKey: 'depositCount' },
    { header: tx('ยอดฝาก', 'Deposits'), accessorKey: 'deposits', cell: (info) => money(info.getValue()) },
    { header: tx('รายการถอน', 'Withdrawals #'), accessorKey: 'withdrawalCount' },
    { header: tx('ยอดถอน', 'Withdrawals'), accessorKey: 'withdrawals', cell: (info) => money(info.getValue()) },
    { header: tx('สุทธิ', 'Net'), accessorKey: 'net', cell: (info) => <strong className={Number(info.getValue()) < 0 ? 'text-red-700' : ''}>{money(info.getValue())}</strong> },
  ];
  const rewardColumns: ColumnDef<RewardRow, unknown>[] = [
    { header: tx('วันที่', 'Day'), accessorKey: 'day' },
    { header: tx('ต้นทุนโบนัส', 'Bonus cost'), accessorKey: 'bonusCost', cell: (info) => money(info.getValue()) },
    { header: tx('คืนยอดเสีย', 'Cashback paid'), accessorKey: 'cashbackPaid', cell: (info) => money(info.getValue()) },
    { header: tx('ค่าแนะนำเพื่อน', 'Affiliate paid'), accessorKey: 'affiliatePaid', cell: (info) => money(info.getValue()) },
  ];
  const channels = report.data?.channels ?? [];
  const rewards = report.data?.rewards ?? [];
  const totals = [
    [tx('ยอดฝากรวม', 'Deposits'), sumBaht(channels.map((row) => row.deposits))],
    [tx('ยอดถอนรวม', 'Withdrawals'), sumBaht(channels.map((row) => row.withdrawals))],
    [tx('สุทธิ', 'Net'), sumBaht(channels.map((row) => row.net))],
    [tx('ต้นทุนโบนัส', 'Bonus cost'), sumBaht(rewards.map((row) => row.bonusCost))],
    [tx('คืนยอดเสีย', 'Cashback'), sumBaht(rewards.map((row) => row.cashbackPaid))],
    [tx('ค่าแนะนำเพื่อน', 'Affiliate'), sumBaht(rewards.map((row) => row.affiliatePaid))],
  ] as const;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('รายงาน', 'Reports')}</h1>
        <form
          className="flex items-center gap-2 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setRange({ from: String(data.get('from')), to: String(data.get('to')) });
          }}
        >
          <input type="date" name="from" className="input w-auto" defaultValue={range.from} aria-label={tx('ตั้งแต่', 'From')} />
          <span>–</span>
          <input type="date" name="to" className="input w-auto" defaultValue={range.to} aria-label={tx('ถึง', 'To')} />
          <Button type="submit" variant="plain">{tx('แสดง', 'Show')}</Button>
        </form>
        <Button onClick={() => void download()} data-testid="download-csv">{tx('ดาวน์โหลด CSV (Excel)', 'Download CSV (Excel)')}</Button>
      </div>
      <ErrorText message={downloadError ?? (report.error instanceof ApiError ? report.error.message : null)} />
      <div className="grid grid-cols-6 gap-3">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white p-3 shadow">
            <p className="text-xs text-slate-600">{label}</p>
            <p className="text-lg font-semibold tabular-nums">{formatBaht(value)}</p>
          </div>
        ))}
      </div>
      <h2 className="font-semibold">{tx('ยอดรายวันตามช่องทาง (วันตามเวลาไทย)', 'Daily totals by channel (Bangkok days)')}</h2>
      <DataTable columns={channelColumns} data={channels} empty={tx('ไม่มีรายการในช่วงนี้', 'Nothing in this range')} testId="report-channels" />
      <h2 className="font-semibold">{tx('ต้นทุนโบนัสและรางวัล', 'Bonus and reward costs')}</h2>
      <DataTable columns={rewardColumns} data={rewards} empty={tx('ไม่มีรายการในช่วงนี้', 'Nothing in this range')} testId="report-rewards" />
    </section>
  );
}
