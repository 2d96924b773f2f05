import { sleep } from './http-client.ts';

/** Wait before opening the stream again after it ended (the server suggests 3 s; we are impatient). */
const RECONNECT_DELAY_MS = 1_000;
/** Most connections of one stream before it gives up (a runaway loop must not hide a failure). */
const MAX_CONNECTIONS = 50;

/** One connection of a member's stream, through HAProxy to one API process. */
export interface StreamSegment {
  /** The API process that served it (HAProxy's `x-sabai-api` header). */
  server: string | null;
  openedAt: number;
  /** When `event: ready` arrived: from then on the member's balance changes reach this connection. */
  readyAt: number | null;
  closedAt: number | null;
  /** Why it ended: `stopped` (by us), `ended` (server closed), `error: …`, or `http <status>`. */
  closeReason: string | null;
}

export interface StreamEvent {
  at: number;
  /** The `reason` of a `balance` event: deposit, withdrawal or adjustment. */
  reason: string;
  /** The credited deposit's id, on a deposit's own event. */
  depositId: string | null;
  segment: number;
}

/**
 * A member's live balance stream (`GET /user-profile-composite/v1/events`), read with fetch as
 * the member site does: keeps every `balance` event with its arrival time (ms on the test's
 * clock, `performance.now()`), and reconnects when the connection ends until stopped.
 */
export class MemberEventStream {
  readonly segments: StreamSegment[] = [];
  readonly events: StreamEvent[] = [];
  #isStopped = false;
  #controller: AbortController | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** Opens the stream; resolves when the first connection is ready (or failed). */
  async start(): Promise<void> {
    let markFirstReady: () => void = () => undefined;
    const firstReady = new Promise<void>((resolve) => {
      markFirstReady = resolve;
    });
    this.#running = this.#loop(markFirstReady);
    await firstReady;
  }

  async stop(): Promise<void> {
    this.#isStopped = true;
    this.#controller?.abort();
    await this.#running;
  }

  async #loop(markFirstReady: () => void): Promise<void> {
    while (!this.#isStopped && this.segments.length < MAX_CONNECTIONS) {
      await this.#connectOnce(markFirstReady);
      markFirstReady();
      if (!this.#isStopped) await sleep(RECONNECT_DELAY_MS);
    }
  }

  async #connectOnce(markReady: () => void): Promise<void> {
    const segmentIndex = this.segments.length;
    const segment: StreamSegment = { server: null, openedAt: performance.now(), readyAt: null, closedAt: null, closeReason: null };
    this.segments.push(segment);
    const controller = new AbortController();
    this.#controller = controller;
    try {
      const response = await fetch(this.url, { headers: { accept: 'text/event-stream', ...this.headers }, signal: controller.signal });
      segment.server = response.headers.get('x-sabai-api');
      if (!response.ok || !response.body) {
        segment.closeReason = `http ${response.status}`;
        await response.body?.cancel();
        return;
      }
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffered.search(/\r?\n\r?\n/);
        while (boundary >= 0) {
          const block = buffered.slice(0, boundary);
          buffered = buffered.slice(boundary).replace(/^\r?\n\r?\n/, '');
          this.#readBlock(block, segment, segmentIndex, markReady);
          boundary = buffered.search(/\r?\n\r?\n/);
        }
      }
      segment.closeReason = this.#isStopped ? 'stopped' : 'ended';
    } catch (error) {
      segment.closeReason = this.#isStopped ? 'stopped' : `error: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      segment.closedAt = performance.now();
    }
  }

  /** One SSE message: `event:` and `data:` lines; comment lines (`: keep-alive`) are skipped. */
  #readBlock(block: string, segment: StreamSegment, segmentIndex: number, markReady: () => void): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (event === 'ready') {
      segment.readyAt = performance.now();
      markReady();
      return;
    }
    if (event !== 'balance') return;
    const at = performance.now();
    let reason = 'unknown';
    let depositId: string | null = null;
    try {
      const parsed = JSON.parse(data.join('\n')) as { reason?: unknown; depositId?: unknown };
      if (typeof parsed.reason === 'string') reason = parsed.reason;
      if (typeof parsed.depositId === 'string') depositId = parsed.depositId;
    } catch {
      reason = 'unparsable';
    }
    this.events.push({ at, reason, depositId, segment: segmentIndex });
  }
}
