import { describe, expect, it } from 'vitest';
import type { Db } from '@sabai/db';
import { BALANCE_CHANNEL, SESSION_ENDED_REASON } from '../../lib/balance-notifications.ts';
import { RECENT_CHANGE_WINDOW_MS, createBalanceEvents } from './balance-events.ts';

/** The fan-out without a database: notifications are handed to it as PostgreSQL would deliver them. */
async function openEvents() {
  let deliver: ((payload: string) => void) | undefined;
  let clock = 1_000_000;
  const db = {
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      expect(channel).toBe(BALANCE_CHANNEL);
      deliver = onPayload;
      return async () => undefined;
    },
  } as unknown as Db;
  const events = createBalanceEvents(db, { now: () => clock });
  await events.start();
  return {
    events,
    notify: (memberId: string, reason: string) => deliver!(JSON.stringify({ memberId, reason })),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('balance events: the last change of a member, for streams that open after it', () => {
  it('remembers a change for RECENT_CHANGE_WINDOW_MS, then forgets it', async () => {
    const { events, notify, advance } = await openEvents();
    expect(events.hasRecentChange('mbr_a')).toBe(false);
    notify('mbr_a', 'deposit');
    expect(events.hasRecentChange('mbr_a')).toBe(true);
    expect(events.hasRecentChange('mbr_b')).toBe(false);
    advance(RECENT_CHANGE_WINDOW_MS);
    expect(events.hasRecentChange('mbr_a')).toBe(true);
    advance(1);
    expect(events.hasRecentChange('mbr_a')).toBe(false);
  });

  it('counts from the latest change of the member', async () => {
    const { events, notify, advance } = await openEvents();
    notify('mbr_a', 'deposit');
    advance(RECENT_CHANGE_WINDOW_MS - 10);
    notify('mbr_a', 'adjustment');
    notify('mbr_b', 'deposit');
    advance(20);
    expect(events.hasRecentChange('mbr_a')).toBe(true);
    expect(events.hasRecentChange('mbr_b')).toBe(true);
  });

  it('does not count an ended session as a change of money', async () => {
    const { events, notify } = await openEvents();
    notify('mbr_a', SESSION_ENDED_REASON);
    expect(events.hasRecentChange('mbr_a')).toBe(false);
  });
});
