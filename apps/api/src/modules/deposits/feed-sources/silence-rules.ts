/**
 * When a bank-feed source's silence is an alarm (docs/adr/0013). Pure: no clock, no database.
 *
 * Active hours are a per-source window of Asia/Bangkok wall-clock minutes `[fromMinute, toMinute)`
 * (0–1440; UTC+07:00 all year, no daylight saving). `fromMinute > toMinute` wraps past midnight
 * (22:00–06:00); `0–1440` is all day. Only silence inside active hours counts: a phone last heard
 * at 21:50 whose hours are 08:00–22:00 has been silent 10 active minutes at 08:00 the next day,
 * so the opening hour of a quiet night does not raise the alarm, and nothing is raised outside
 * the hours at all.
 */

export interface ActiveHours {
  /** Minutes after Bangkok midnight, 0–1439. */
  fromMinute: number;
  /** Minutes after Bangkok midnight, 1–1440, never equal to fromMinute. */
  toMinute: number;
}

export const ALL_DAY: ActiveHours = { fromMinute: 0, toMinute: 1440 };

const MINUTE_MS = 60_000;
const DAY_MS = 1_440 * MINUTE_MS;
const BANGKOK_OFFSET_MS = 7 * 60 * MINUTE_MS;
/**
 * Longest stretch of silence added up (one loop step per day). A source silent for longer is
 * reported with the active time of the last 400 days, far past any threshold (≤ 7 days) for any
 * sensible window.
 */
const MAX_LOOKBACK_MS = 400 * DAY_MS;

/** @throws Error when the window is not a valid active-hours window (a programmer error: the database CHECKs the same). */
export function assertActiveHours(hours: ActiveHours): void {
  const isValid =
    Number.isInteger(hours.fromMinute) && Number.isInteger(hours.toMinute) &&
    hours.fromMinute >= 0 && hours.fromMinute <= 1_439 && hours.toMinute >= 1 && hours.toMinute <= 1_440 &&
    hours.fromMinute !== hours.toMinute;
  if (!isValid) throw new Error(`invalid active hours ${JSON.stringify(hours)}`);
}

/** `'HH:MM'` → minutes after midnight; `'24:00'` only when `isEnd`. null when not a time. */
export function parseClockMinutes(text: string, options: { isEnd?: boolean } = {}): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 1_440 || (minutes === 1_440 && !options.isEnd)) return null;
  return minutes;
}

/** Minutes after midnight → `'HH:MM'` (1440 → `'24:00'`). */
export function formatClockMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The window as whole-day segments in minutes: one, or two when it wraps past midnight. */
function segmentsOf(hours: ActiveHours): Array<[number, number]> {
  return hours.fromMinute < hours.toMinute
    ? [[hours.fromMinute, hours.toMinute]]
    : [[0, hours.toMinute], [hours.fromMinute, 1_440]];
}

export function isWithinActiveHours(at: Date, hours: ActiveHours): boolean {
  const localMs = at.getTime() + BANGKOK_OFFSET_MS;
  const minute = Math.floor((((localMs % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
  return segmentsOf(hours).some(([from, to]) => minute >= from && minute < to);
}

/** Milliseconds of `[start, end)` that fall inside the active hours (at most MAX_LOOKBACK_MS back from `end`). */
export function activeMillisBetween(start: Date, end: Date, hours: ActiveHours): number {
  const endLocal = end.getTime() + BANGKOK_OFFSET_MS;
  const startLocal = Math.max(start.getTime() + BANGKOK_OFFSET_MS, endLocal - MAX_LOOKBACK_MS);
  if (endLocal <= startLocal) return 0;
  let total = 0;
  for (let day = Math.floor(startLocal / DAY_MS) * DAY_MS; day < endLocal; day += DAY_MS) {
    for (const [from, to] of segmentsOf(hours)) {
      const overlap = Math.min(endLocal, day + to * MINUTE_MS) - Math.max(startLocal, day + from * MINUTE_MS);
      if (overlap > 0) total += overlap;
    }
  }
  return total;
}

export interface SilenceAssessment {
  /** Wall-clock time since the last sign of life (or since `watchedSince` when never heard). */
  silentForMs: number;
  /** The part of that silence inside active hours: what the threshold is compared with. */
  activeSilenceMs: number;
  isActiveNow: boolean;
  isAlarm: boolean;
}

/**
 * @param input.lastSeenAt the later of the last delivery and the last heartbeat; null = never.
 * @param input.watchedSince when watching began (the source's creation), used when never heard.
 * @param input.maxSilenceMs the threshold; null = the source is not monitored (never an alarm).
 */
export function assessSilence(input: {
  now: Date;
  lastSeenAt: Date | null;
  watchedSince: Date;
  hours: ActiveHours;
  maxSilenceMs: number | null;
}): SilenceAssessment {
  const since = input.lastSeenAt ?? input.watchedSince;
  const silentForMs = Math.max(0, input.now.getTime() - since.getTime());
  const activeSilenceMs = activeMillisBetween(since, input.now, input.hours);
  const isActiveNow = isWithinActiveHours(input.now, input.hours);
  const isAlarm = input.maxSilenceMs !== null && isActiveNow && activeSilenceMs > input.maxSilenceMs;
  return { silentForMs, activeSilenceMs, isActiveNow, isAlarm };
}
