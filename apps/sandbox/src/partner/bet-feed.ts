import { satangToDecimalString } from '@sabai/money';
import type { PartnerContext } from './partner-context.ts';
import type { BetRecord } from './partner-state.ts';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 500;
/** How many records a `duplicate_delivery` page delivers twice. */
export const REPEATED_ON_DUPLICATE = 3;

const CURSOR_PREFIX = 'seq:';

/** The opaque cursor that resumes after feed position `afterSequence` (0 = from the start). */
export function encodeCursor(afterSequence: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${afterSequence}`, 'utf8').toString('base64url');
}

/** The feed position of a cursor (absent = 0), or null for a cursor this feed never issued. */
export function decodeCursor(context: PartnerContext, cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX) || !/^\d{1,15}$/.test(text.slice(CURSOR_PREFIX.length))) return null;
  const afterSequence = Number(text.slice(CURSOR_PREFIX.length));
  return afterSequence <= context.state.records.length ? afterSequence : null;
}

/**
 * Up to `limit` feed entries after `afterSequence`, in sequence order, and the cursor after the
 * last one (the same position when nothing is new). When a `duplicate_delivery` transfer armed
 * it, the next page that can (limit ≥ 2, something new) first re-delivers up to
 * REPEATED_ON_DUPLICATE entries from before the cursor, or, at the very start of the feed,
 * repeats its own last entries; the page never exceeds `limit` and its cursor is still right.
 */
export function readBetPage(context: PartnerContext, afterSequence: number, limit: number): { records: BetRecord[]; nextCursor: string } {
  const { records } = context.state;
  const hasNew = records.length > afterSequence;
  if (!context.feed.isDuplicateArmed || !hasNew || limit < 2) {
    const page = records.slice(afterSequence, afterSequence + limit);
    return { records: page, nextCursor: encodeCursor(afterSequence + page.length) };
  }
  context.feed.isDuplicateArmed = false;
  const delivered = records.slice(Math.max(0, afterSequence - REPEATED_ON_DUPLICATE), afterSequence);
  if (delivered.length > 0) {
    const repeats = delivered.slice(-(limit - 1));
    const fresh = records.slice(afterSequence, afterSequence + limit - repeats.length);
    return { records: [...repeats, ...fresh], nextCursor: encodeCursor(afterSequence + fresh.length) };
  }
  const repeatCount = Math.min(REPEATED_ON_DUPLICATE, limit - 1, records.length - afterSequence);
  const fresh = records.slice(afterSequence, afterSequence + limit - repeatCount);
  return { records: [...fresh, ...fresh.slice(fresh.length - repeatCount)], nextCursor: encodeCursor(afterSequence + fresh.length) };
}

/** The wire shape of a feed entry (the agent API contract). */
export function betRecordToWire(record: BetRecord) {
  return {
    roundId: record.roundId,
    username: record.username,
    gameCode: record.gameCode,
    stake: satangToDecimalString(record.stakeSatang),
    payout: satangToDecimalString(record.payoutSatang),
    result: record.result,
    status: record.status,
    settledAt: record.settledAt,
  };
}
