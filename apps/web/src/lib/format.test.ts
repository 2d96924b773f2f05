import { describe, expect, it } from 'vitest';
import { formatPoints, formatThaiDateTime, formatThaiDateTimeParts, formatThaiTime } from './format.ts';

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
