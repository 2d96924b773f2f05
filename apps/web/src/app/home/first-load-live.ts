import { runMemberEvents } from '../../features/member/member-events.ts';
import { fetchFirstLoadCard, type FirstLoadCard } from './first-load-card.ts';

/** Server events that mean "your money changed" (features/member/components/live-balance-updates.tsx). */
const MONEY_EVENTS = new Set(['balance']);

export interface FirstLoadLiveOptions {
  appId: string;
  token: string;
  /** The figures answered (first, then after each money event): the shell draws them. */
  onCard: (card: FirstLoadCard) => void;
  /** The refresh call did not answer with a member, or the stream refused the session: the member app takes over. */
  onHandOver: () => void;
  /** Aborted when the member app takes over: it asks and listens itself from then on. */
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * Keeps the first load's member card current without the member app (docs/adr/0045): asks for its
 * figures once (app/home/first-load-card.ts), then listens to the member's event stream
 * (features/member/member-events.ts, as the member app does) and asks again after every money
 * event, so a deposit shows on the card as before, whether or not the app has loaded. Stops when
 * `signal` aborts. Answers that land after the abort are dropped.
 *
 * The stream is asked for first and the card's three calls in the next task (issue 26 §4): each
 * `fetch` costs the main thread a few ms on a slow phone, four in one task made it a long one. A
 * money event from the moment the stream is asked for is therefore never between the card's
 * answer and the stream (the card is asked after it).
 */
export function startFirstLoadLive({ appId, token, onCard, onHandOver, signal, fetchImpl }: FirstLoadLiveOptions): void {
  let asked = 0;
  const ask = async () => {
    const call = (asked += 1);
    const answer = await fetchFirstLoadCard({ appId, token, ...(fetchImpl ? { fetchImpl } : {}) });
    if (signal.aborted || call !== asked) return; // the app took over, or a later answer is coming
    if (answer.kind === 'card') onCard(answer.card);
    else onHandOver();
  };
  void runMemberEvents({
    signal,
    getHeaders: () => Promise.resolve({ 'Accept-Language': 'th', 'X-Api-Key': appId, Authorization: `Bearer ${token}` }),
    onEvent: (event) => {
      if (MONEY_EVENTS.has(event.event)) void ask();
    },
    // After a gap the stream cannot replay what was missed: ask once more.
    onOpen: (isReconnect) => {
      if (isReconnect) void ask();
    },
    onUnauthorized: () => {
      if (!signal.aborted) onHandOver();
    },
    ...(fetchImpl ? { fetchImpl } : {}),
  });
  setTimeout(() => {
    if (!signal.aborted && asked === 0) void ask();
  }, 0);
}
