import type { Db } from '@sabai/db';
import { BALANCE_CHANNEL } from '../../lib/balance-notifications.ts';

type Listener = (reason: string) => void;

/** At most this many live streams per member (tabs and devices); the oldest is closed beyond it. */
export const MAX_STREAMS_PER_MEMBER = 5;

/**
 * Fans "balance changed" notifications (lib/balance-notifications.ts, PostgreSQL NOTIFY on commit)
 * out to the member's open event streams in this process. Every API process runs one, so a
 * deposit credited by any process reaches the member wherever their stream is connected.
 */
export function createBalanceEvents(db: Db) {
  const listeners = new Map<string, Set<Listener>>();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start(): Promise<void> {
      unlisten = await db.listen(BALANCE_CHANNEL, (payload) => {
        let message: { memberId?: unknown; reason?: unknown };
        try {
          message = JSON.parse(payload) as typeof message;
        } catch {
          return;
        }
        if (typeof message.memberId !== 'string') return;
        for (const listener of listeners.get(message.memberId) ?? []) listener(typeof message.reason === 'string' ? message.reason : 'changed');
      });
    },
    /** Registers a listener; returns its removal. Beyond MAX_STREAMS_PER_MEMBER returns undefined. */
    subscribe(memberId: string, listener: Listener): (() => void) | undefined {
      const set = listeners.get(memberId) ?? new Set<Listener>();
      if (set.size >= MAX_STREAMS_PER_MEMBER) return undefined;
      set.add(listener);
      listeners.set(memberId, set);
      let isRemoved = false;
      return () => {
        if (isRemoved) return;
        isRemoved = true;
        set.delete(listener);
        // Only drop the member's entry if it is still this set and it is empty: a stream opened
        // meanwhile may have created or joined the current set.
        if (set.size === 0 && listeners.get(memberId) === set) listeners.delete(memberId);
      };
    },
    async stop(): Promise<void> {
      listeners.clear();
      await unlisten?.();
    },
  };
}
export type BalanceEvents = ReturnType<typeof createBalanceEvents>;
