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
