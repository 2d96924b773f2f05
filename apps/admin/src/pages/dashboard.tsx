import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardResponse, type DashboardWire } from '@sabai/contracts';
import { apiGet, session } from '../lib/api';
import { formatBaht } from '../lib/format';

/** A short two-tone chime (Web Audio): a new withdrawal or held deposit is waiting. */
function chime(): void {
  try {
    const audio = new AudioContext();
    [880, 1320].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.value = 0.08;
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + index * 0.15);
      tone.stop(audio.currentTime + index * 0.15 + 0.12);
    });
  } catch {
    // No audio (a browser policy before the first click): the badge still shows.
  }
}

/**
 * Today at a glance (issue 11 "Dashboard"): deposits by channel, paid withdrawals, net, what waits
 * for staff. Live: the server's event stream says when money moved; the figures refetch, and a
 * badge and a chime mark a queue that grew.
 */
export function DashboardPage() {
  const client = useQueryClient();
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => apiGet('/dashboard', dashboardResponse), refetchInterval: 60_000 });
  const [badge, setBadge] = useState(0);
  const previous = useRef<DashboardWire['waiting'] | null>(null);
  useEffect(() => {
    const waiting = figures.data?.waiting;
    if (!waiting) return;
    const before = previous.current;
    if (before && (waiting.withdrawals > before.withdrawals || waiting.heldDeposits > before.heldDeposits)) {
      setBadge((count) => count + 1);
      chime();
    }
    previous.current = waiting;
  }, [figures.data]);
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await fetch('/admin-api/v1/events', { headers: { authorization: `Bearer ${session.get() ?? ''}` }, signal: controller.signal });
          const reader = response.body?.getReader();
          if (!reader) break;
          const decoder = new TextDecoder();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (decoder.decode(value).includes('event: changed')) void client.invalidateQueries({ queryKey: ['dashboard'] });
          }
        } catch {
          // Reconnect below.
        }
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
    })();
    return () => controller.abort();
  }, [client]);
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
        <h1 className="text-xl font-semibold">ภาพรวมวันนี้</h1>
        {badge > 0 && (
          <button type="button" className="rounded-full bg-red-600 px-3 py-1 text-sm text-white" onClick={() => setBadge(0)} data-testid="dashboard-badge">
            มีรายการใหม่ {badge}
          </button>
        )}
      </div>
      <div className="grid grid-cols-4 gap-4">
        {tile(`ยอดฝาก (${data.deposits.count} รายการ)`, formatBaht(data.deposits.amount), 'dashboard-deposits')}
        {tile(`ยอดถอนที่จ่ายแล้ว (${data.withdrawals.count} รายการ)`, formatBaht(data.withdrawals.amount))}
        {tile('สุทธิ', formatBaht(data.net))}
        {tile('ถอนรออนุมัติ / ฝากรอตรวจสอบ', `${data.waiting.withdrawals} / ${data.waiting.heldDeposits}`, 'dashboard-waiting')}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-white p-4 shadow">
          <h2 className="mb-2 font-semibold">ยอดฝากตามช่องทาง</h2>
          {data.deposits.byChannel.map((row) => (
            <p key={row.channelId} className="flex justify-between tabular-nums"><span>{row.channelId} ({row.count})</span><span>{formatBaht(row.amount)}</span></p>
          ))}
        </div>
        <div className="rounded-lg bg-white p-4 shadow text-sm">
          <h2 className="mb-2 font-semibold">รอเจ้าหน้าที่</h2>
          <p>ปรับยอดรออนุมัติ: {data.waiting.adjustments}</p>
          <p>ถอนรายได้แนะนำรออนุมัติ: {data.waiting.affiliateWithdrawals}</p>
          <p>งานเบื้องหลังที่ล้มเหลว: {data.waiting.deadJobs}</p>
          <p>เคสกระเป๋าเกมไม่ตรงกับค่ายเกม: {data.waiting.openGameCases}</p>
        </div>
      </div>
    </section>
  );
}
