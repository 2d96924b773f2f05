import { formatBaht } from '@sabai/money';

export { formatBaht };

const THAI_DATE_TIME = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h12',
});

/** Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/**
 * An ISO-8601 time as Thai members read it (spec §9: day, full month name, year, 12-hour time
 * with seconds): Buddhist year, Bangkok time, and the Thai day period (ก่อนเที่ยง / หลังเที่ยง)
 * rather than the "AM"/"PM" some browsers' th-TH data prints. '-' for a missing or bad time.
 */
export function formatThaiDateTime(isoTime: string | null | undefined): string {
  if (!isoTime) return '-';
  const date = new Date(isoTime);
  if (Number.isNaN(date.getTime())) return '-';
  const isMorning = new Date(date.getTime() + BANGKOK_OFFSET_MS).getUTCHours() < 12;
  return THAI_DATE_TIME.formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? (isMorning ? 'ก่อนเที่ยง' : 'หลังเที่ยง') : part.value))
    .join('');
}

const THAI_DATE = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', day: 'numeric', month: 'long', year: 'numeric' });
const THAI_CLOCK = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', hour: 'numeric', minute: '2-digit', second: '2-digit', hourCycle: 'h12' });

/**
 * The same time as formatThaiDateTime, as its two halves ("22 พฤศจิกายน 2569", "2:30:55 หลังเที่ยง"),
 * so a narrow column can keep each half on one line and break only between them. Null for a
 * missing or bad time.
 */
export function formatThaiDateTimeParts(isoTime: string | null | undefined): { date: string; time: string } | null {
  if (!isoTime) return null;
  const date = new Date(isoTime);
  if (Number.isNaN(date.getTime())) return null;
  const isMorning = new Date(date.getTime() + BANGKOK_OFFSET_MS).getUTCHours() < 12;
  const time = THAI_CLOCK.formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? (isMorning ? 'ก่อนเที่ยง' : 'หลังเที่ยง') : part.value))
    .join('')
    .trim();
  return { date: THAI_DATE.format(date), time };
}

const THAI_TIME = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** The time of day in Bangkok, 24-hour with seconds ("14:03:22"): when a live figure was read. '-' for a bad time. */
export function formatThaiTime(time: string | number | Date | null | undefined): string {
  if (time === null || time === undefined) return '-';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '-' : THAI_TIME.format(date);
}

const POINTS = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });

/** Prize points (แต้มรางวัล) as whole numbers with separators ("1,250"); fractions only when there are some. */
export const formatPoints = (points: number): string => POINTS.format(points);
