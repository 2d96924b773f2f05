import { useQuery } from '@tanstack/react-query';
import { dashboardResponse, type DashboardWire } from '@sabai/contracts';
import { apiGet } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { formatBaht, formatDateTime } from '../../lib/format';

/** The money given to members, by kind (the money report's givenOut, issue 25 §3). */
const GIVEN_OUT_LABELS = [
  ['bonus', 'โบนัส', 'Bonus'],
  ['itemCode', 'โค้ดรับเงิน', 'Item codes'],
  ['wheel', 'รางวัลวงล้อ', 'Wheel'],
  ['cashback', 'คืนยอดเสีย', 'Cashback'],
  ['affiliate', 'ค่าแนะนำเพื่อน', 'Affiliate'],
  ['adjustment', 'ปรับยอดโดยพนักงาน', 'Staff adjustments'],
] as const;

/** A money total, or — when the server hides it from this role (issue 25 §1). */
const money = (amount: number | null) => (amount === null ? '—' : formatBaht(amount));

/** A reconcile older than this is flagged on the dashboard (ADR 0027: the full run is nightly). */
const STALE_RECONCILE_MS = 26 * 3_600_000;

/**
 * Today at a glance (issue 11 "Dashboard"; the money figures are the money report's, from the
 * ledger, issue 25 §3): deposits by channel, paid withdrawals by bank, cash net, what was given to
 * members (adjustments and item codes included), GGR and the result, failed payouts to handle,
 * what waits for staff, the last ledger reconcile (sound or not, when, what it checked) and the
 * partner (game) reconciliation: open cases and their suspense. Live: the shell's event stream
 * (app/live-queues.tsx) refetches the figures when money moved; the menu badges and the chime mark a queue that grew.
 */
export function DashboardPage() {
  const tx = useBilingual();
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => apiGet('/dashboard', dashboardResponse), refetchInterval: 60_000 });
  const data = figures.data;
  if (!data) return <p className="text-slate-600">…</p>;
  const tile = (label: string, value: string, testId?: string) => (
    <div className="rounded-lg bg-white p-4 shadow" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('ภาพรวมวันนี้', 'Today')}</h1>
      </div>
      <div className="grid grid-cols-4 gap-4">
        {tile(tx(`ยอดฝาก (${data.deposits.count} รายการ)`, `Deposits (${data.deposits.count})`), money(data.deposits.amount), 'dashboard-deposits')}
        {tile(tx(`ยอดถอนที่จ่ายแล้ว (${data.withdrawals.count} รายการ)`, `Withdrawals paid (${data.withdrawals.count})`), money(data.withdrawals.amount))}
        {tile(tx('เงินสดสุทธิ (ฝาก − ถอน − คืนผู้โอน)', 'Cash net (deposits − withdrawals − refunds)'), money(data.net), 'dashboard-net')}
        {tile(tx('ถอนรออนุมัติ / ฝากรอตรวจสอบ', 'Withdrawals waiting / held deposits'), `${data.waiting.withdrawals} / ${data.waiting.heldDeposits}`, 'dashboard-waiting')}
      </div>
      <div className="grid grid-cols-4 gap-4">
        <div className="rounded-lg bg-white p-4 shadow text-sm" data-testid="dashboard-given-out">
          <p className="text-slate-600">{tx('เงินที่ให้สมาชิก', 'Given to members')}</p>
          <p className="text-2xl font-semibold tabular-nums">{money(data.givenOut?.total ?? null)}</p>
          {GIVEN_OUT_LABELS.map(([kind, th, en]) => (
            <p key={kind} className="flex justify-between tabular-nums"><span>{tx(th, en)}</span><span>{money(data.givenOut?.[kind] ?? null)}</span></p>
          ))}
        </div>
        {tile(tx('ได้เสียจากเกม (GGR)', 'Game results (GGR)'), money(data.ggr), 'dashboard-ggr')}
        {tile(tx('ผลได้เสียของเว็บ (GGR − เงินที่ให้)', 'House result (GGR − given)'), money(data.result), 'dashboard-result')}
        <div className={`rounded-lg p-4 shadow ${data.waiting.failedPayouts > 0 ? 'bg-red-50 ring-1 ring-red-300' : 'bg-white'}`} data-testid="dashboard-failed-payouts">
          <p className="text-sm text-slate-600">{tx('โอนไม่สำเร็จ รอดำเนินการ', 'Failed payouts to handle')}</p>
          <p className={`text-2xl font-semibold tabular-nums ${data.waiting.failedPayouts > 0 ? 'text-red-700' : ''}`}>{data.waiting.failedPayouts}</p>
          <p className="text-xs text-slate-500">{tx(`คืนผู้โอนวันนี้ ${money(data.refunds)}`, `Refunds today ${money(data.refunds)}`)}</p>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-4">
        <div className="rounded-lg bg-white p-4 shadow" data-testid="dashboard-deposits-by-channel">
          <h2 className="mb-2 font-semibold">{tx('ยอดฝากตามช่องทาง', 'Deposits by channel')}</h2>
          {data.deposits.byChannel.length === 0 && <p className="text-sm text-slate-600">{tx('ยังไม่มียอดฝากวันนี้', 'No deposit today')}</p>}
          {data.deposits.byChannel.map((row) => (
            <p key={row.channelId} className="flex justify-between gap-2 tabular-nums"><span className="truncate" title={row.channelId}>{row.label} ({row.count})</span><span className="whitespace-nowrap">{money(row.amount)}</span></p>
          ))}
        </div>
        <div className="rounded-lg bg-white p-4 shadow" data-testid="dashboard-withdrawals-by-bank">
          <h2 className="mb-2 font-semibold">{tx('ยอดถอนตามธนาคารผู้รับ', 'Withdrawals by bank')}</h2>
          {data.withdrawals.byBank.length === 0 && <p className="text-sm text-slate-600">{tx('ยังไม่มียอดถอนที่จ่ายวันนี้', 'No withdrawal paid today')}</p>}
          {data.withdrawals.byBank.map((row) => (
            <p key={row.bankCode} className="flex justify-between gap-2 tabular-nums"><span>{row.bankCode} ({row.count})</span><span>{money(row.amount)}</span></p>
          ))}
        </div>
        <div className="rounded-lg bg-white p-4 shadow text-sm">
          <h2 className="mb-2 font-semibold">{tx('รอเจ้าหน้าที่', 'Waiting for staff')}</h2>
          <p>{tx('ปรับยอดรออนุมัติ', 'Adjustments to approve')}: {data.waiting.adjustments}</p>
          <p>{tx('ถอนรายได้แนะนำรออนุมัติ', 'Affiliate withdrawals')}: {data.waiting.affiliateWithdrawals}</p>
          <p>{tx('งานเบื้องหลังที่ล้มเหลว', 'Failed background jobs')}: {data.waiting.deadJobs}</p>
          <p>{tx('เคสกระเป๋าเกมไม่ตรงกับค่ายเกม', 'Game wallet cases')}: {data.waiting.openGameCases}</p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <ReconcileCard reconcile={data.reconcile} />
        <PartnerCard partner={data.partner} />
      </div>
    </section>
  );
}

const statusClass = { good: 'bg-emerald-100 text-emerald-800', warn: 'bg-amber-100 text-amber-900', bad: 'bg-red-100 text-red-800' } as const;

/** The last `npm run ledger:reconcile` (money_reconcile_runs): sound or not, when, what it checked, what it found. */
function ReconcileCard({ reconcile }: { reconcile: DashboardWire['reconcile'] }) {
  const tx = useBilingual();
  const run = reconcile.lastRun;
  const isStale = run !== null && Date.now() - Date.parse(run.finishedAt) > STALE_RECONCILE_MS;
  const [tone, label] = !run
    ? (['warn', tx('ยังไม่เคยตรวจ', 'Never run')] as const)
    : !run.isSound
      ? (['bad', tx(`พบความไม่ตรงกัน ${run.violationCount} ข้อ`, `${run.violationCount} violation(s)`)] as const)
      : isStale
        ? (['warn', tx('ถูกต้อง แต่ตรวจนานแล้ว', 'Sound, but not checked lately')] as const)
        : (['good', tx('ถูกต้องทุกข้อ', 'Sound')] as const);
  return (
    <div className="space-y-1 rounded-lg bg-white p-4 text-sm shadow" data-testid="dashboard-reconcile">
      <CardTitle title={tx('ตรวจสอบบัญชีเงิน (ledger:reconcile)', 'Ledger reconcile (ledger:reconcile)')} tone={tone} label={label} testId="dashboard-reconcile-status" />
      {!run && <p className="text-slate-600">{tx('รัน npm run ledger:reconcile แล้วผลจะแสดงที่นี่', 'Run npm run ledger:reconcile; its result shows here')}</p>}
      {run && (
        <>
          <p>{tx('ตรวจล่าสุด', 'Last run')}: {formatDateTime(run.finishedAt)}</p>
          <p>
            {tx('ขอบเขต', 'Checked')}:{' '}
            {run.isFullRun
              ? tx(`ทุกรายการ (ถึงรายการโอน #${run.ledgerThroughTransferId})`, `everything (through transfer #${run.ledgerThroughTransferId})`)
              : tx(`รายการโอน #${run.ledgerFromTransferId}–#${run.ledgerThroughTransferId} และรายการที่ยังเปิดอยู่`, `transfers #${run.ledgerFromTransferId}–#${run.ledgerThroughTransferId} and the open rows`)}
          </p>
          {!run.isSound && (
            <>
              <p>{tx('ถูกต้องครั้งล่าสุด', 'Last sound')}: {reconcile.lastSoundAt ? formatDateTime(reconcile.lastSoundAt) : tx('ไม่เคย', 'never')}</p>
              <ul className="list-disc space-y-0.5 pl-5 text-red-800">
                {run.violations.map((violation, index) => (
                  <li key={index} className="break-words"><strong>{violation.invariant}</strong>: {violation.detail}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** A status card's title with its coloured status pill. */
function CardTitle({ title, tone, label, testId }: { title: string; tone: keyof typeof statusClass; label: string; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="font-semibold">{title}</h2>
      <span className={`rounded-full px-3 py-0.5 text-xs font-medium ${statusClass[tone]}`} data-testid={testId}>{label}</span>
    </div>
  );
}

/** The partner (game) reconciliation: open cases, their suspense, the last look of the worker. */
function PartnerCard({ partner }: { partner: DashboardWire['partner'] }) {
  const tx = useBilingual();
  const tone = partner.openCases > 0 ? 'warn' : partner.lastWatch?.outcome === 'failed' ? 'bad' : 'good';
  const label =
    partner.openCases > 0
      ? tx(`มีเคสรอตรวจ ${partner.openCases} เคส`, `${partner.openCases} open case(s)`)
      : partner.lastWatch?.outcome === 'failed'
        ? tx('ตรวจรอบล่าสุดล้มเหลว', 'Last look failed')
        : tx('ตรงกับค่ายเกม', 'In agreement');
  return (
    <div className="space-y-1 rounded-lg bg-white p-4 text-sm shadow" data-testid="dashboard-partner">
      <CardTitle title={tx('กระทบยอดกับค่ายเกม', 'Game partner reconciliation')} tone={tone} label={label} testId="dashboard-partner-status" />
      <p className="flex justify-between tabular-nums"><span>{tx('เคสที่เปิดอยู่', 'Open cases')}</span><span>{partner.openCases}</span></p>
      <p className="flex justify-between tabular-nums"><span>{tx('ยอดพักรอตรวจ (suspense)', 'Suspense')}</span><span>{money(partner.suspense)}</span></p>
      {partner.oldestOpenSince && <p>{tx('เคสเก่าสุดเปิดเมื่อ', 'Oldest open since')}: {formatDateTime(partner.oldestOpenSince)}</p>}
      <p>
        {tx('ตรวจกระเป๋าเกมล่าสุด', 'Last wallet look')}:{' '}
        {partner.lastWatch
          ? `${formatDateTime(partner.lastWatch.at)} · ${partner.lastWatch.outcome === 'ok' ? tx('สำเร็จ', 'ok') : partner.lastWatch.outcome === 'failed' ? tx('ล้มเหลว', 'failed') : tx('กำลังทำงาน', 'running')}`
          : tx('ยังไม่เคย', 'not yet')}
      </p>
    </div>
  );
}
