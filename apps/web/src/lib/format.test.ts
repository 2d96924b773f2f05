import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount, formatPoints, formatThaiDateTime, formatThaiDateTime24, formatThaiDateTimeParts, formatThaiTime, joinThaiList } from './format.ts';

describe('formatThaiDateTime (spec §9: day, full month, year, 12-hour time with seconds)', () => {
  it('prints Bangkok time with the Buddhist year and the Thai afternoon period', () => {
    // 07:30:55 UTC = 14:30:55 in Bangkok.
    expect(formatThaiDateTime('2026-11-22T07:30:55Z')).toBe('22 พฤศจิกายน 2569 เวลา 2:30:55 หลังเที่ยง');
  });

  it('says ก่อนเที่ยง before noon, also across the date line of UTC', () => {
    // 20:05:00 UTC on the 21st = 03:05:00 on the 22nd in Bangkok.
    expect(formatThaiDateTime('2026-11-21T20:05:00Z')).toBe('22 พฤศจิกายน 2569 เวลา 3:05:00 ก่อนเที่ยง');
    // Noon in Bangkok is afternoon; midnight is morning (12-hour clock: 12, not 0).
    expect(formatThaiDateTime('2026-11-22T05:00:00Z')).toMatch(/12:00:00 หลังเที่ยง$/);
    expect(formatThaiDateTime('2026-11-21T17:00:00Z')).toMatch(/12:00:00 ก่อนเที่ยง$/);
  });

  it('prints a dash for a missing or unreadable time', () => {
    expect(formatThaiDateTime(null)).toBe('-');
    expect(formatThaiDateTime('not a time')).toBe('-');
  });
});

describe('formatThaiDateTimeParts (a narrow column breaks only between date and time)', () => {
  it('gives the date and the 12-hour time with the Thai day period as two halves', () => {
    expect(formatThaiDateTimeParts('2026-11-22T07:30:55Z')).toEqual({ date: '22 พฤศจิกายน 2569', time: '2:30:55 หลังเที่ยง' });
    expect(formatThaiDateTimeParts('2026-11-21T20:05:00Z')).toEqual({ date: '22 พฤศจิกายน 2569', time: '3:05:00 ก่อนเที่ยง' });
    expect(formatThaiDateTimeParts('nope')).toBeNull();
  });
});

describe('formatThaiTime and formatPoints', () => {
  it('prints when a live figure was read, Bangkok 24-hour time', () => {
    expect(formatThaiTime('2026-11-22T07:30:55Z')).toBe('14:30:55');
    expect(formatThaiTime(null)).toBe('-');
  });
  it('prints prize points as whole numbers with separators', () => {
    expect(formatPoints(1250)).toBe('1,250');
    expect(formatPoints(70)).toBe('70');
    expect(formatPoints(0.5)).toBe('0.5');
  });
});

describe('the formatters print what Intl th-TH prints, without Intl (docs/adr/0032)', () => {
  // Node's full ICU is the reference: the formatters replaced Intl.DateTimeFormat('th-TH') and
  // Intl.NumberFormat (maximumFractionDigits 2), so over any time and count they must agree.
  const thaiDateTime = new Intl.DateTimeFormat('th-TH', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h12',
  });
  const thaiTime = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const count = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });
  const thaiList = new Intl.ListFormat('th', { type: 'conjunction' });
  // 1970 to 2100, to the second.
  const anyTime = fc.integer({ min: 0, max: 4_102_444_800 }).map((seconds) => new Date(seconds * 1000));

  it('dates and times: day, Thai month, Buddhist year, 12-hour clock with the Thai day period, 24-hour clock', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const iso = time.toISOString();
        const isMorning = (time.getUTCHours() + 7) % 24 < 12;
        const expected = thaiDateTime
          .formatToParts(time)
          .map((part) => (part.type === 'dayPeriod' ? (isMorning ? 'ก่อนเที่ยง' : 'หลังเที่ยง') : part.value))
          .join('');
        expect(formatThaiDateTime(iso)).toBe(expected);
        const parts = formatThaiDateTimeParts(iso);
        expect(`${parts?.date} เวลา ${parts?.time}`).toBe(expected);
        expect(formatThaiTime(iso)).toBe(thaiTime.format(time));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts: separators, at most two decimals, rounded as Intl rounds', () => {
    const anyCount = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000_000 }),
      fc.double({ min: 0, max: 1e9, noNaN: true }),
      fc.integer({ min: 0, max: 100_000_000 }).map((hundredths) => hundredths / 100),
      fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000), // halves of a hundredth
    );
    fc.assert(
      fc.property(anyCount, (value) => {
        expect(formatCount(value)).toBe(count.format(value));
        expect(formatCount(-value)).toBe(count.format(-value) === '-0' ? '0' : count.format(-value)); // not "-0"
      }),
      { numRuns: 5_000 },
    );
  });

  it('lists: spaces between, และ before the last', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('คาสิโนสด', 'สล็อต', 'โป๊กเกอร์', 'กีฬา', 'หวย', 'เทรด'), { maxLength: 6 }), (items) => {
        expect(joinThaiList(items)).toBe(thaiList.format(items));
      }),
    );
  });
});

describe('formatThaiDateTime24 (issue 26 §3: 24-hour "15:23 น." outside the deposit views)', () => {
  it('prints Bangkok wall-clock time on the 24-hour clock with "น." held to it by a no-break space', () => {
    expect(formatThaiDateTime24('2026-11-22T08:23:55Z')).toBe('22 พฤศจิกายน 2569 เวลา 15:23\u00a0น.');
    expect(formatThaiDateTime24('2026-11-21T17:05:00Z')).toBe('22 พฤศจิกายน 2569 เวลา 00:05\u00a0น.');
    expect(formatThaiDateTime24('2026-11-22T05:00:00Z')).toMatch(/เวลา 12:00\u00a0น\.$/);
    expect(formatThaiDateTime24(null)).toBe('-');
    expect(formatThaiDateTime24('not a time')).toBe('-');
  });
});
