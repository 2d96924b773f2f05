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
  hour12: true,
});

/** An ISO-8601 time as Thai members read it: Buddhist year, Bangkok time (spec §9). */
export function formatThaiDateTime(isoTime: string | null | undefined): string {
  if (!isoTime) return '-';
  const date = new Date(isoTime);
  return Number.isNaN(date.getTime()) ? '-' : THAI_DATE_TIME.format(date);
}
