import { createSseParser, type SseEvent } from '../../lib/sse.ts';

/**
 * The signed-in member's live events: `GET /user-profile-composite/v1/events`, a text/event-stream
 * read with fetch() (EventSource cannot send X-Api-Key and Authorization). Events carry no
 * amounts, only that something changed (`event: balance`, `data: {"reason":"deposit"}`); the
 * caller refetches what it shows.
 *
 * The loop reconnects with backoff when the stream ends or fails, and stops for good when the
 * caller aborts (sign-out, page left), when there is no session, or on 401/403.
 */
export const MEMBER_EVENTS_PATH = '/user-profile-composite/v1/events';

/** First reconnect waits this long, doubling per failed attempt up to the maximum. */
export const RECONNECT_BASE_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** The server sends keep-alives; a stream silent this long is presumed dead and reopened. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Delay before reconnect attempt `attempt` (1, 2, …): base × 2^(attempt−1), capped, with ±20% jitter. */
export function reconnectDelayMs(attempt: number, baseMs = RECONNECT_BASE_DELAY_MS, random = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 10);
  const delay = Math.min(baseMs * 2 ** exponent, RECONNECT_MAX_DELAY_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export interface MemberEventsOptions {
  /** Request headers (API key, bearer token); null means signed out: stop. */
  getHeaders: () => Promise<Record<string, string> | null>;
  onEvent: (event: SseEvent) => void;
  /** Called each time a stream opens; `isReconnect` is true after the first, when events may have been missed. */
  onOpen?: (isReconnect: boolean) => void;
  /** The server refused the session (401/403); the loop has stopped. */
  onUnauthorized?: () => void;
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export async function runMemberEvents(options: MemberEventsOptions): Promise<void> {
  const { signal } = options;
  // A wrapper, not `fetch` itself: called as a method of an options object, the browser's fetch
  // throws "Illegal invocation".
  const fetchImpl: typeof fetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? abortableSleep;
  let failedAttempts = 0;
  let baseDelayMs = RECONNECT_BASE_DELAY_MS;
  let hasOpened = false;

  while (!signal.aborted) {
    const headers = await options.getHeaders().catch(() => undefined);
    if (headers === null || signal.aborted) return;
    if (headers !== undefined) {
      const outcome = await readOneStream({
        ...options,
        headers,
        fetchImpl,
        onOpen: () => {
          options.onOpen?.(hasOpened);
          hasOpened = true;
        },
        onRetry: (ms) => {
          baseDelayMs = Math.min(Math.max(ms, 250), RECONNECT_MAX_DELAY_MS);
        },
      });
      if (outcome === 'unauthorized') {
        options.onUnauthorized?.();
        return;
      }
      failedAttempts = outcome === 'received' ? 1 : failedAttempts + 1;
    } else {
      failedAttempts += 1;
    }
    if (signal.aborted) return;
    await sleep(reconnectDelayMs(failedAttempts, baseDelayMs, options.random), signal);
  }
}

type StreamOutcome = 'unauthorized' | 'failed' | 'received';

async function readOneStream(options: {
  headers: Record<string, string>;
  fetchImpl: typeof fetch;
  signal: AbortSignal;
  onEvent: (event: SseEvent) => void;
  onOpen: () => void;
  onRetry: (ms: number) => void;
}): Promise<StreamOutcome> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  options.signal.addEventListener('abort', abort);
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(abort, STREAM_IDLE_TIMEOUT_MS);
  };
  let hasReceived = false;
  try {
    armIdleTimer();
    const { fetchImpl } = options;
    const response = await fetchImpl(MEMBER_EVENTS_PATH, {
      headers: { Accept: 'text/event-stream', ...options.headers },
      signal: connection.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (response.status === 401 || response.status === 403) return 'unauthorized';
    if (!response.ok || !response.body) return 'failed';
    options.onOpen();
    const parser = createSseParser(options.onEvent, options.onRetry);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      armIdleTimer();
      hasReceived = true;
      parser.push(value);
    }
  } catch {
    // Network error, idle timeout or abort: reconnect (or stop, when aborted) below.
  } finally {
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', abort);
    connection.abort();
  }
  return hasReceived ? 'received' : 'failed';
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
