import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeMillisBetween, ALL_DAY, assessSilence, formatClockMinutes, isWithinActiveHours, parseClockMinutes, type ActiveHours } from './silence-rules.ts';

const MINUTE = 60_000;
/** An instant given as Bangkok wall-clock time (UTC+07:00). */
const bangkok = (text: string) => new Date(`${text}+07:00`);
const OFFICE: ActiveHours = { fromMinute: 9 * 60, toMinute: 18 * 60 };
const NIGHT: ActiveHours = { fromMinute: 22 * 60, toMinute: 6 * 60 };

describe('active hours (Asia/Bangkok)', () => {
  it('reads HH:MM, with 24:00 only as an end', () => {
    expect(parseClockMinutes('09:30')).toBe(570);
    expect(parseClockMinutes('24:00', { isEnd: true })).toBe(1_440);
    expect(parseClockMinutes('24:00')).toBeNull();
    expect(parseClockMinutes('24:01', { isEnd: true })).toBeNull();
    expect(parseClockMinutes('9:30')).toBeNull();
    expect(formatClockMinutes(1_440)).toBe('24:00');
    expect(formatClockMinutes(570)).toBe('09:30');
  });

  it('places an instant in Bangkok time, end exclusive, wrapping past midnight', () => {
    expect(isWithinActiveHours(bangkok('2026-03-02T09:00:00'), OFFICE)).toBe(true);
    expect(isWithinActiveHours(bangkok('2026-03-02T17:59:59'), OFFICE)).toBe(true);
    expect(isWithinActiveHours(bangkok('2026-03-02T18:00:00'), OFFICE)).toBe(false);
    expect(isWithinActiveHours(new Date('2026-03-02T02:00:00Z'), OFFICE)).toBe(true); // 09:00 in Bangkok
    expect(isWithinActiveHours(bangkok('2026-03-02T23:30:00'), NIGHT)).toBe(true);
    expect(isWithinActiveHours(bangkok('2026-03-02T05:59:00'), NIGHT)).toBe(true);
    expect(isWithinActiveHours(bangkok('2026-03-02T12:00:00'), NIGHT)).toBe(false);
    expect(isWithinActiveHours(bangkok('2026-03-02T03:00:00'), ALL_DAY)).toBe(true);
  });

  it('counts only the silence inside active hours', () => {
    expect(activeMillisBetween(bangkok('2026-03-02T17:50:00'), bangkok('2026-03-03T09:10:00'), OFFICE)).toBe(20 * MINUTE);
    expect(activeMillisBetween(bangkok('2026-03-02T10:00:00'), bangkok('2026-03-02T10:45:00'), OFFICE)).toBe(45 * MINUTE);
    expect(activeMillisBetween(bangkok('2026-03-02T19:00:00'), bangkok('2026-03-03T07:00:00'), NIGHT)).toBe(8 * 60 * MINUTE);
    expect(activeMillisBetween(bangkok('2026-03-02T10:00:00'), bangkok('2026-03-02T09:00:00'), ALL_DAY)).toBe(0);
  });

  it('never counts more than the wall-clock silence, and all of it when active all day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        fc.integer({ min: 0, max: 20 * 86_400_000 }),
        fc.integer({ min: 0, max: 1_439 }),
        fc.integer({ min: 1, max: 1_440 }),
        (startOffset, lengthMs, fromMinute, toMinute) => {
          fc.pre(fromMinute !== toMinute);
          const start = new Date(Date.UTC(2026, 0, 1) + startOffset);
          const end = new Date(start.getTime() + lengthMs);
          const active = activeMillisBetween(start, end, { fromMinute, toMinute });
          expect(active).toBeGreaterThanOrEqual(0);
          expect(active).toBeLessThanOrEqual(lengthMs);
          expect(activeMillisBetween(start, end, ALL_DAY)).toBe(lengthMs);
        },
      ),
    );
  });
});

describe('assessSilence', () => {
  const base = { watchedSince: bangkok('2026-03-01T00:00:00'), hours: OFFICE, maxSilenceMs: 30 * MINUTE };

  it('raises the alarm when silent longer than the threshold inside active hours', () => {
    const lastSeenAt = bangkok('2026-03-02T10:00:00');
    expect(assessSilence({ ...base, lastSeenAt, now: bangkok('2026-03-02T10:20:00') })).toMatchObject({ isAlarm: false, isActiveNow: true, silentForMs: 20 * MINUTE });
    expect(assessSilence({ ...base, lastSeenAt, now: bangkok('2026-03-02T10:45:00') })).toMatchObject({ isAlarm: true, activeSilenceMs: 45 * MINUTE });
  });

  it('raises nothing outside active hours, however long the silence', () => {
    const silence = assessSilence({ ...base, lastSeenAt: bangkok('2026-03-02T10:00:00'), now: bangkok('2026-03-02T19:00:00') });
    expect(silence).toMatchObject({ isAlarm: false, isActiveNow: false, silentForMs: 9 * 60 * MINUTE, activeSilenceMs: 8 * 60 * MINUTE });
  });

  it('does not count a quiet night against the first minutes of the morning', () => {
    const lastSeenAt = bangkok('2026-03-02T17:50:00');
    expect(assessSilence({ ...base, lastSeenAt, now: bangkok('2026-03-03T09:10:00') }).isAlarm).toBe(false);
    expect(assessSilence({ ...base, lastSeenAt, now: bangkok('2026-03-03T09:25:00') }).isAlarm).toBe(true);
  });

  it('counts from when watching began for a source never heard, and never alarms an unmonitored one', () => {
    const now = bangkok('2026-03-01T10:00:00');
    expect(assessSilence({ ...base, watchedSince: bangkok('2026-03-01T09:00:00'), lastSeenAt: null, now }).isAlarm).toBe(true);
    expect(assessSilence({ ...base, lastSeenAt: null, now, maxSilenceMs: null }).isAlarm).toBe(false);
  });
});
