import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dashboardResponse, moneyApprovalsResponse } from '@sabai/contracts';
import { apiGet, endsSession, requestHeaders, session, SESSION_EXPIRED_EVENT } from '../lib/api';
import { chime } from './chime';
import type { QueueName } from './routes';

export type QueueCounts = Record<QueueName, number>;

/** Queries the staff event stream refreshes when money moves (their query-key heads). */
export const LIVE_QUERY_KEYS = ['dashboard', 'withdrawals', 'held-deposits', 'failed-payouts', 'approvals', 'payouts', 'affiliate-withdrawals', 'adjustments'] as const;
/** Waits before connecting the event stream again after it ended or failed (ms; the server's `retry:`). */
const RECONNECT_MS = 3_000;
/** A safety net when the stream is down: the counts are asked again this often (ms). */
const POLL_MS = 60_000;

const LiveQueuesContext = createContext<{ counts: QueueCounts | null; newSince: QueueCounts | null; seen: () => void }>({ counts: null, newSince: null, seen: () => undefined });

/**
 * The live queues of every page (issue 25 §4): withdrawals waiting, held deposits and failed
 * payouts (the dashboard's `waiting` counts) and approvals waiting for this staff member (when they
 * may decide). One event-stream connection for the whole back office (`GET /admin-api/v1/events`,
 * `event: changed` when money moved): each change refetches the queues and every open list, in
 * the background (`x-sabai-background: 1`, so it never extends the session's idle timeout). When
 * a count grows the chime plays (app/chime.ts) and the menu badge counts what is new.
 */
export function LiveQueuesProvider({ enabled, mayDecideApprovals, children }: { enabled: boolean; mayDecideApprovals: boolean; children: ReactNode }) {
  const client = useQueryClient();
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => apiGet('/dashboard', dashboardResponse), enabled, refetchInterval: POLL_MS, retry: false });
  const approvals = useQuery({ queryKey: ['approvals', 'queue'], queryFn: () => apiGet('/approvals?scope=queue', moneyApprovalsResponse), enabled: enabled && mayDecideApprovals, refetchInterval: POLL_MS, retry: false });
  const waiting = dashboard.data?.waiting;
  const counts: QueueCounts | null = waiting
    ? { withdrawals: waiting.withdrawals, heldDeposits: waiting.heldDeposits, failedPayouts: waiting.failedPayouts, approvals: approvals.data?.filter((row) => row.status === 'pending').length ?? 0 }
    : null;
  const baseline = useRef<QueueCounts | null>(null);
  const previous = useRef<QueueCounts | null>(null);
  const [newSince, setNewSince] = useState<QueueCounts | null>(null);
  const key = counts ? `${counts.withdrawals}/${counts.heldDeposits}/${counts.failedPayouts}/${counts.approvals}` : '';
  useEffect(() => {
    if (!counts) return;
    const before = previous.current;
    previous.current = counts;
    baseline.current ??= counts;
    if (before && (Object.keys(counts) as QueueName[]).some((name) => counts[name] > before[name])) chime();
    const base = baseline.current;
    setNewSince({
      withdrawals: Math.max(0, counts.withdrawals - base.withdrawals),
      heldDeposits: Math.max(0, counts.heldDeposits - base.heldDeposits),
      failedPayouts: Math.max(0, counts.failedPayouts - base.failedPayouts),
      approvals: Math.max(0, counts.approvals - base.approvals),
    });
  }, [key]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void followEvents(client, controller.signal);
    return () => controller.abort();
  }, [client, enabled]);
  const seen = () => {
    baseline.current = previous.current;
    setNewSince(null);
  };
  return <LiveQueuesContext.Provider value={{ counts, newSince, seen }}>{children}</LiveQueuesContext.Provider>;
}

/** The live queue counts (null before the first answer), what is new since `seen()`, and `seen`. */
export const useLiveQueues = () => useContext(LiveQueuesContext);

/** Refetches the live lists in the background (the event stream said money moved). */
export function refreshLiveQueries(client: QueryClient): void {
  for (const head of LIVE_QUERY_KEYS) void client.invalidateQueries({ queryKey: [head] });
}

/**
 * Reads the staff event stream until `signal` aborts, connecting again after it ends (the server
 * closes it with the session; a proxy may cut it). Server-sent events split across chunks are
 * joined before reading. A 401 says the session is over (the sign-in dialog opens); the loop
 * waits while there is no session.
 */
export async function followEvents(client: QueryClient, signal: AbortSignal, reconnectMs = RECONNECT_MS): Promise<void> {
  while (!signal.aborted) {
    if (session.get() !== null) {
      try {
        const response = await fetch('/admin-api/v1/events', { headers: requestHeaders({ background: true }), signal });
        if (response.status === 401) {
          const body = (await response.json().catch(() => null)) as { code?: string } | null;
          if (endsSession(401, body?.code) && session.get() !== null) {
            session.clear();
            window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
          }
        } else if (response.ok && response.body) {
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const events = buffer.split('\n\n');
            buffer = events.pop() ?? '';
            if (events.some((event) => event.split('\n').includes('event: changed'))) refreshLiveQueries(client);
          }
        }
      } catch {
        // Network error or aborted: connect again below.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, reconnectMs));
  }
}
