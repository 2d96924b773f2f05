import type { Db } from '@sabai/db';
import { BALANCE_CHANNEL, type BalanceChange } from '../../lib/balance-notifications.ts';

type Listener = (change: BalanceChange) => void;

/** At most this many live streams per member (tabs and devices); the oldest is closed to make room. */
export const MAX_STREAMS_PER_MEMBER = 5;

/**
 * Fans "balance changed" notifications (lib/balance-notifications.ts, PostgreSQL NOTIFY on commit)
 * out to the member's open event streams in this process. Every API process runs one, so a
 * deposit credited by any process reaches the member wherever their stream is connected.
 */
export function createBalanceEvents(db: Db) {
  // Per member, in subscription order (a Map keeps insertion order): listener → how to evict it.
  const listeners = new Map<string, Map<Listener, () => void>>();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start(): Promise<void> {
      unlisten = await db.listen(BALANCE_CHANNEL, (payload) => {
        let message: { memberId?: unknown; reason?: unknown; depositId?: unknown };
        try {
          message = JSON.parse(payload) as typeof message;
        } catch {
          return;
        }
        if (typeof message.memberId !== 'string') return;
        const change: BalanceChange = { reason: typeof message.reason === 'string' ? message.reason : 'changed' };
        if (typeof message.depositId === 'string') change.depositId = message.depositId;
        for (const listener of [...(listeners.get(message.memberId)?.keys() ?? [])]) listener(change);
      }, {
        // The LISTEN connection was lost and is back: events sent meanwhile are gone, so every open
        // stream is told its balance may have changed (clients refetch).
        onReconnect: () => {
          for (const subscribers of listeners.values()) for (const listener of [...subscribers.keys()]) listener({ reason: 'adjustment' });
        },
      });
    },
    /**
     * Registers a listener; returns its removal. At MAX_STREAMS_PER_MEMBER the member's oldest
     * stream is evicted (its `onEvicted` runs, which closes it) to make room: a new tab or device
     * always gets its stream (issue 13 §3.2).
     */
    subscribe(memberId: string, listener: Listener, onEvicted: () => void): () => void {
      const subscribers = listeners.get(memberId) ?? new Map<Listener, () => void>();
      listeners.set(memberId, subscribers);
      while (subscribers.size >= MAX_STREAMS_PER_MEMBER) {
        const [oldest, evict] = subscribers.entries().next().value as [Listener, () => void];
        subscribers.delete(oldest);
        evict();
      }
      subscribers.set(listener, onEvicted);
      let isRemoved = false;
      return () => {
        if (isRemoved) return;
        isRemoved = true;
        subscribers.delete(listener);
        // Only drop the member's entry if it is still this map and it is empty: a stream opened
        // meanwhile may have created or joined the current one.
        if (subscribers.size === 0 && listeners.get(memberId) === subscribers) listeners.delete(memberId);
      };
    },
    async stop(): Promise<void> {
      listeners.clear();
      await unlisten?.();
    },
  };
}
export type BalanceEvents = ReturnType<typeof createBalanceEvents>;
