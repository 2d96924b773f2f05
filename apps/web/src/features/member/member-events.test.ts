import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_DELAY_MS, reconnectDelayMs, runMemberEvents } from './member-events.ts';
import type { SseEvent } from '../../lib/sse.ts';

const streamOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

describe('reconnect backoff', () => {
  it('doubles from one second and stops growing at the maximum', () => {
    const noJitter = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => reconnectDelayMs(attempt, 1_000, noJitter))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelayMs(50, 1_000, noJitter)).toBe(RECONNECT_MAX_DELAY_MS);
  });

  it('jitters within ±20%', () => {
    expect(reconnectDelayMs(1, 1_000, () => 0)).toBe(800);
    expect(reconnectDelayMs(1, 1_000, () => 1)).toBe(1_200);
  });
});

describe('member event stream', () => {
  it('delivers events, reconnects when the stream ends, and tells the caller it reconnected', async () => {
    const controller = new AbortController();
    const events: SseEvent[] = [];
    const opens: boolean[] = [];
    const sleeps: number[] = [];
    const responses = [
      streamOf(': hello\n\n', 'event: balance\ndata: {"reason":"deposit"}\n\n'),
      streamOf('event: balance\ndata: {"reason":"withdrawal"}\n\n'),
    ];
    let calls = 0;
    await runMemberEvents({
      signal: controller.signal,
      getHeaders: async () => ({ Authorization: 'Bearer t' }),
      fetchImpl: async () => {
        calls += 1;
        const response = responses.shift();
        if (!response) {
          controller.abort();
          throw new DOMException('aborted', 'AbortError');
        }
        return response;
      },
      onEvent: (event) => events.push(event),
      onOpen: (isReconnect) => opens.push(isReconnect),
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    });
    expect(events.map((event) => JSON.parse(event.data))).toEqual([{ reason: 'deposit' }, { reason: 'withdrawal' }]);
    expect(opens).toEqual([false, true]);
    expect(calls).toBe(3);
    expect(sleeps).toEqual([1_000, 1_000]);
  });

  it('stops for good on 401 and reports it', async () => {
    let unauthorized = 0;
    let calls = 0;
    await runMemberEvents({
      signal: new AbortController().signal,
      getHeaders: async () => ({}),
      fetchImpl: async () => {
        calls += 1;
        return new Response('{}', { status: 401 });
      },
      onEvent: () => undefined,
      onUnauthorized: () => (unauthorized += 1),
      sleep: async () => undefined,
    });
    expect({ calls, unauthorized }).toEqual({ calls: 1, unauthorized: 1 });
  });

  it('backs off longer after each failed attempt', async () => {
    const controller = new AbortController();
    const sleeps: number[] = [];
    await runMemberEvents({
      signal: controller.signal,
      getHeaders: async () => ({}),
      fetchImpl: async () => new Response('down', { status: 503 }),
      onEvent: () => undefined,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 3) controller.abort();
      },
      random: () => 0.5,
    });
    expect(sleeps).toEqual([1_000, 2_000, 4_000]);
  });

  it('does not connect without a session', async () => {
    let calls = 0;
    await runMemberEvents({
      signal: new AbortController().signal,
      getHeaders: async () => null,
      fetchImpl: async () => {
        calls += 1;
        return streamOf();
      },
      onEvent: () => undefined,
    });
    expect(calls).toBe(0);
  });
});
