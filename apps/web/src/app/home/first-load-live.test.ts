import { describe, expect, it, vi } from 'vitest';
import { MEMBER_EVENTS_PATH } from '../../features/member/member-events.ts';
import { userFixture } from '../../test/fixtures.ts';
import type { FirstLoadCard } from './first-load-card.ts';
import { startFirstLoadLive } from './first-load-live.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An event stream the test writes to; it stays open until closed. */
function openStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
  };
}

/** The server: refresh answers the main wallet it is given (one more baht per call), the stream is `stream`. */
function server(stream: Response) {
  let mainWallet = 100;
  const refreshes = vi.fn(() => {
    const user = userFixture({ internalWallet: { ...userFixture().internalWallet, mainWallet } });
    mainWallet += 1;
    return json({ success: 0, message: 'ok', data: user });
  });
  const fetchImpl = ((input: RequestInfo | URL) => {
    const path = String(input);
    if (path.endsWith('/refresh')) return Promise.resolve(refreshes());
    if (path.endsWith('/events')) return Promise.resolve(stream);
    return Promise.resolve(json({ success: false, message: 'x' }, 500));
  }) as typeof fetch;
  return { fetchImpl, refreshes };
}

describe('the first load card kept current without the member app (docs/adr/0045)', () => {
  it('draws the first answer, asks again after each money event of the member stream, and stops when the app takes over', async () => {
    const stream = openStream();
    const { fetchImpl, refreshes } = server(stream.response);
    const cards: FirstLoadCard[] = [];
    const onHandOver = vi.fn();
    const takeOver = new AbortController();
    startFirstLoadLive({ appId: 'a', token: 't', onCard: (card) => cards.push(card), onHandOver, signal: takeOver.signal, fetchImpl });
    await vi.waitFor(() => expect(cards.map((card) => card.user.internalWallet.mainWallet)).toEqual([100]));

    stream.send(': keep-alive\n\nevent: hello\ndata: {}\n\n'); // not money: nothing asked
    stream.send('event: balance\ndata: {"reason":"deposit"}\n\n');
    await vi.waitFor(() => expect(cards.map((card) => card.user.internalWallet.mainWallet)).toEqual([100, 101]));
    expect(refreshes).toHaveBeenCalledTimes(2);

    takeOver.abort();
    stream.send('event: balance\ndata: {"reason":"deposit"}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cards).toHaveLength(2); // the member app asks and listens itself now
    expect(onHandOver).not.toHaveBeenCalled();
  });

  it('asks for the stream first and for the card in a later task, so no task starts all four calls (issue 26 §4)', async () => {
    const stream = openStream();
    const { fetchImpl } = server(stream.response);
    const asked: string[] = [];
    const recording = ((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      return fetchImpl(input, init);
    }) as typeof fetch;
    const cards: FirstLoadCard[] = [];
    const takeOver = new AbortController();
    startFirstLoadLive({ appId: 'a', token: 't', onCard: (card) => cards.push(card), onHandOver: vi.fn(), signal: takeOver.signal, fetchImpl: recording });
    await Promise.resolve();
    await Promise.resolve(); // the stream's headers are a promise: its fetch is a microtask away
    expect(asked).toEqual([MEMBER_EVENTS_PATH]); // the card's calls not yet: a task later
    await vi.waitFor(() => expect(cards).toHaveLength(1));
    expect(asked.slice(1).sort()).toEqual(['/auth-service/v1/refresh', '/game-composite/v1/wallet', '/rolling-composite/v1/get-rolling']);
    takeOver.abort();
  });

  it('hands over to the member app when the stream refuses the session', async () => {
    const { fetchImpl } = server(new Response(null, { status: 401 }));
    const onHandOver = vi.fn();
    const takeOver = new AbortController();
    startFirstLoadLive({ appId: 'a', token: 't', onCard: () => undefined, onHandOver, signal: takeOver.signal, fetchImpl });
    await vi.waitFor(() => expect(onHandOver).toHaveBeenCalledTimes(1));
    takeOver.abort();
  });

  it('hands over when refresh refuses the session', async () => {
    const stream = openStream();
    const fetchImpl = ((input: RequestInfo | URL) =>
      Promise.resolve(String(input).endsWith('/events') ? stream.response : json({ success: false, message: 'กรุณาเข้าสู่ระบบใหม่' }, 401))) as typeof fetch;
    const onCard = vi.fn();
    const onHandOver = vi.fn();
    const takeOver = new AbortController();
    startFirstLoadLive({ appId: 'a', token: 't', onCard, onHandOver, signal: takeOver.signal, fetchImpl });
    await vi.waitFor(() => expect(onHandOver).toHaveBeenCalledTimes(1));
    expect(onCard).not.toHaveBeenCalled();
    takeOver.abort();
  });
});
