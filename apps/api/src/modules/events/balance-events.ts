import type { Db } from '@sabai/db';
import { BALANCE_CHANNEL, SESSION_ENDED_REASON, type BalanceChange } from '../../lib/balance-notifications.ts';

type Listener = (change: BalanceChange) => void;

/** At most this many live streams per member (tabs and devices); the oldest is closed to make room. */
export const MAX_STREAMS_PER_MEMBER = 5;

/**
 * How long a member's last balance change is remembered for streams that open after it, ms. A page
 * reads the balance, then opens its stream: a change committed in between reaches no stream, so a
 * stream opened within this window of a change starts with one `balance` event (the client
 * refetches). It covers a page's start under load (the e2e `responsible-gaming` journey showed a
 * read taken while a deposit's move into the game was reserved, its settlement's event sent before
 * the page's stream opened: ฿ 0.00 for 20 s, docs/adr/0026 "Default"). Longer only costs a refetch.
 */
export const RECENT_CHANGE_WINDOW_MS = 30_000;
/** Members whose last change is remembered at once (style.md: explicit limits); the oldest go first. */
const MAX_RECENT_MEMBERS = 100_000;

/**
 * Fans "balance changed" notifications (lib/balance-notifications.ts, PostgreSQL NOTIFY on commit)
 * out to the member's open event streams in this process. Every API process runs one, so a
 * deposit credited by any process reaches the member wherever their stream is connected.
 */
export function createBalanceEvents(db: Db, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  // Per member, in subscription order (a Map keeps insertion order): listener → how to evict it.
  const listeners = new Map<string, Map<Listener, () => void>>();
  // Per member, when their money last changed (ms), oldest first: re-inserted on every change.
  const lastChangeAt = new Map<string, number>();
  const rememberChange = (memberId: string) => {
    const at = now();
    lastChangeAt.delete(memberId);
    lastChangeAt.set(memberId, at);
    for (const [oldest, oldestAt] of lastChangeAt) {
      if (lastChangeAt.size <= MAX_RECENT_MEMBERS && at - oldestAt <= RECENT_CHANGE_WINDOW_MS) break;
      lastChangeAt.delete(oldest);
    }
  };
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
        if (change.reason !== SESSION_ENDED_REASON) rememberChange(message.memberId);
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
    /**
     * Whether the member's money changed within RECENT_CHANGE_WINDOW_MS: a stream opening now may
     * have missed it (the page read its balance before). Ask after `subscribe`, so no change falls
     * between the two (one that does is told twice: the client only refetches twice).
     */
    hasRecentChange(memberId: string): boolean {
      const at = lastChangeAt.get(memberId);
      return at !== undefined && now() - at <= RECENT_CHANGE_WINDOW_MS;
    },
    async stop(): Promise<void> {
      listeners.clear();
      await unlisten?.();
    },
  };
}
export type BalanceEvents = ReturnType<typeof createBalanceEvents>;
