import { formatBaht } from '@sabai/money';

export { formatBaht };

/**
 * Dates, times and counts as Thai members read them, by arithmetic on the time (Bangkok is UTC+7
 * all year, no daylight saving) and tables, not with `Intl`: the first `Intl` object a page makes
 * loads the browser's locale data, 120–145 ms on a phone-class CPU (Chromium at 4× CPU slowdown,
 * measured) before the first paint of `/` and `/user/home` (docs/adr/0032). The output is
 * Chromium's th-TH output (checked against `Intl` by format.test.ts), with the Thai day period
 * (ก่อนเที่ยง / หลังเที่ยง) where some browsers' data prints "AM"/"PM".
 */

/** Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
/** The Buddhist era (พ.ศ.) Thai dates count years in: Gregorian year + 543. */
const BUDDHIST_ERA_OFFSET_YEARS = 543;
const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;

/** The fields of a time on Bangkok's wall clock. */
interface BangkokTime {
  year: number;
  /** 0–11 */
  monthIndex: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
}

function toBangkokTime(time: string | number | Date | null | undefined): BangkokTime | null {
  if (time === null || time === undefined || time === '') return null;
  const epochMs = new Date(time).getTime();
  if (Number.isNaN(epochMs)) return null;
  const wall = new Date(epochMs + BANGKOK_OFFSET_MS); // read with the UTC getters: Bangkok's wall clock
  return {
    year: wall.getUTCFullYear(),
    monthIndex: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** "22 พฤศจิกายน 2569": day, full month name, Buddhist year. */
const thaiDate = ({ day, monthIndex, year }: BangkokTime): string => `${day} ${THAI_MONTHS[monthIndex]} ${year + BUDDHIST_ERA_OFFSET_YEARS}`;

/** "2:30:55 หลังเที่ยง": 12-hour clock (12, not 0, at noon and midnight) with the Thai day period. */
const thaiClock12 = ({ hour, minute, second }: BangkokTime): string =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${twoDigits(minute)}:${twoDigits(second)} ${hour < 12 ? 'ก่อนเที่ยง' : 'หลังเที่ยง'}`;

/**
 * An ISO-8601 time as Thai members read it (spec §9: day, full month name, year, 12-hour time
 * with seconds): "22 พฤศจิกายน 2569 เวลา 2:30:55 หลังเที่ยง". '-' for a missing or bad time.
 */
export function formatThaiDateTime(isoTime: string | null | undefined): string {
  const time = toBangkokTime(isoTime);
  return time ? `${thaiDate(time)} เวลา ${thaiClock12(time)}` : '-';
}

/**
 * The same time as formatThaiDateTime, as its two halves ("22 พฤศจิกายน 2569", "2:30:55 หลังเที่ยง"),
 * so a narrow column can keep each half on one line and break only between them. Null for a
 * missing or bad time.
 */
export function formatThaiDateTimeParts(isoTime: string | null | undefined): { date: string; time: string } | null {
  const time = toBangkokTime(isoTime);
  return time ? { date: thaiDate(time), time: thaiClock12(time) } : null;
}

/**
 * An ISO-8601 time as Thai text reads it outside the deposit views (issue 26 §3: 24-hour, with
 * "น."): "22 พฤศจิกายน 2569 เวลา 15:23 น.". The space before "น." is a no-break space, so "น."
 * never starts a line on its own. '-' for a missing or bad time. The deposit views keep
 * formatThaiDateTime (spec §9 asks 12-hour time with seconds there).
 */
export function formatThaiDateTime24(isoTime: string | null | undefined): string {
  const time = toBangkokTime(isoTime);
  return time ? `${thaiDate(time)} เวลา ${twoDigits(time.hour)}:${twoDigits(time.minute)}\u00a0น.` : '-';
}

/** The time of day in Bangkok, 24-hour with seconds ("14:03:22"): when a live figure was read. '-' for a bad time. */
export function formatThaiTime(time: string | number | Date | null | undefined): string {
  const wall = toBangkokTime(time);
  return wall ? `${twoDigits(wall.hour)}:${twoDigits(wall.minute)}:${twoDigits(wall.second)}` : '-';
}

/**
 * A count with thousands separators and at most two decimals, trailing zeros dropped:
 * 1250 → "1,250", 12.5 → "12.5", 267.455 → "267.46". Rounded as `Intl.NumberFormat` rounds:
 * half away from zero on the number's shortest decimal form (what `String(value)` prints), not
 * on its binary value as `toFixed` does (267.455.toFixed(2) is "267.45"). Not for money: money is
 * formatBaht (always two decimals, from satang).
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const hundredths = toHundredths(Math.abs(value));
  if (hundredths === 0n) return '0';
  // Hundredths are laid out as satang are: formatBaht's separators, then the zero decimals dropped.
  return formatBaht(value < 0 ? -hundredths : hundredths).replace(/\.?0+$/, '');
}

/** A non-negative finite number in hundredths, rounded half up on its shortest decimal form. */
function toHundredths(value: number): bigint {
  const text = String(value);
  if (text.includes('e')) return value < 1 ? 0n : BigInt(Math.round(value)) * 100n; // below 1e-6 or from 1e21 up
  const [whole = '0', fraction = ''] = text.split('.');
  const hundredths = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  return (fraction[2] ?? '0') >= '5' ? hundredths + 1n : hundredths;
}

/** Prize points (แต้มรางวัล) as whole numbers with separators ("1,250"); fractions only when there are some. */
export const formatPoints = (points: number): string => formatCount(points);

/**
 * A Thai list joined as Thai writes it: CLDR th's conjunction pattern, as `Intl.ListFormat('th')`
 * prints it ("คาสิโนสด สล็อต และโป๊กเกอร์"; two items "สล็อตและโป๊กเกอร์").
 */
export function joinThaiList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]}และ${items[1]}`;
  return `${items.slice(0, -1).join(' ')} และ${items[items.length - 1]}`;
}
