// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RgPlaySession } from '@sabai/contracts';
import '../../../test/setup-dom.ts';
import { renderAt } from '../../../test/render.tsx';
import { RealityCheck, playedFor, type RealityCheckClock } from './reality-check.tsx';

const start = Date.parse('2026-11-25T03:00:00Z');
const fakeClock: RealityCheckClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('RealityCheck (issue 12: every 15 / 30 / 60 minutes of the play session)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

  it('shows the session time and net loss after the chosen 15 minutes; continue waits another 15; leave goes home', async () => {
    let netResult = 0;
    const loadSession = vi.fn(async (): Promise<RgPlaySession> => ({ startedAt: new Date(start).toISOString(), netResult, realityCheckMinutes: 15 }));
    const onLeave = vi.fn();
    renderAt(<RealityCheck loadSession={loadSession} onLeave={onLeave} clock={fakeClock} />, { path: '/user/play' });
    await advance(14 * 60_000 + 59_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    netResult = -250.5;
    await advance(1_000);
    expect(screen.getByTestId('reality-check-time').textContent).toBe('คุณเล่นมาแล้ว 15 นาที');
    expect(screen.getByTestId('reality-check-net').textContent).toBe('ผลรวมรอบนี้: เสีย 250.50 บาท');

    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    netResult = 1000;
    await advance(14 * 60_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(60_000);
    expect(screen.getByTestId('reality-check-time').textContent).toBe('คุณเล่นมาแล้ว 30 นาที');
    expect(screen.getByTestId('reality-check-net').textContent).toBe('ผลรวมรอบนี้: ได้ 1,000.00 บาท');
    fireEvent.click(screen.getByTestId('reality-check-leave'));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('counts from the server’s session start: a page reopened 50 minutes in checks at 60 minutes', async () => {
    vi.setSystemTime(start + 50 * 60_000);
    const loadSession = async (): Promise<RgPlaySession> => ({ startedAt: new Date(start).toISOString(), netResult: -100, realityCheckMinutes: 60 });
    renderAt(<RealityCheck loadSession={loadSession} onLeave={() => undefined} clock={fakeClock} />, { path: '/user/play' });
    await advance(9 * 60_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(60_000);
    expect(screen.getByTestId('reality-check-time').textContent).toBe('คุณเล่นมาแล้ว 1 ชั่วโมง 0 นาที');
  });

  it.each([
    [0, 0, 0],
    [59_999, 0, 0],
    [15 * 60_000, 0, 15],
    [75 * 60_000 + 30_000, 1, 15],
  ])('%i ms is %i hours %i minutes', (ms, hours, minutes) => {
    expect(playedFor(ms)).toEqual({ hours, minutes });
  });
});
