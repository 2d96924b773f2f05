import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { registerPartner, signPartnerRequest, type PartnerOptions, type PartnerSandbox } from '../index.ts';

export const AGENT_ID = 'sabai-test-agent';
export const AGENT_SECRET = 'test-agent-secret-0123456789';
export const PUBLIC_BASE_URL = 'http://sandbox.test:3100';

/** A clock the test moves by hand. */
export class TestClock {
  nowMs = Date.parse('2026-03-05T03:04:05.000Z');
  readonly now = (): Date => new Date(this.nowMs);
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

export interface CallOptions {
  secret?: string;
  agentId?: string;
  /** Timestamp to sign and send (default: the clock's now). */
  timestampMs?: number;
  /** Sign and send exactly this text as the body (instead of JSON of `body`). */
  rawBody?: string;
  /** Send this body instead of the signed one (tampering). */
  sentBody?: string;
  /** Send to this path instead of the signed one. */
  sentPath?: string;
}

export interface PartnerTestApp {
  app: FastifyInstance;
  partner: PartnerSandbox;
  clock: TestClock;
  /** A signed agent-API call, as Sabai's adapter makes it. */
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** Creates a member and moves `amount` in. */
  fundMember(username: string, amount: string): Promise<void>;
  /** Launches a game and opens the launch link: the session token of the game page. */
  openGame(username: string, gameCode: string): Promise<string>;
}

export async function startPartnerApp(options: Partial<PartnerOptions> = {}): Promise<PartnerTestApp> {
  const clock = new TestClock();
  const app = Fastify({ logger: false });
  const partner = await registerPartner(app, {
    agentId: AGENT_ID,
    agentSecret: AGENT_SECRET,
    publicBaseUrl: () => PUBLIC_BASE_URL,
    faultHoldMs: 50,
    now: clock.now,
    ...options,
  });
  await app.ready();
  let referenceNumber = 0;

  const call: PartnerTestApp['call'] = (method, path, body, callOptions = {}) => {
    const rawBody = callOptions.rawBody ?? (body === undefined ? '' : JSON.stringify(body));
    const timestamp = String(callOptions.timestampMs ?? clock.nowMs);
    const signature = signPartnerRequest({ agentSecret: callOptions.secret ?? AGENT_SECRET, timestamp, method, pathWithQuery: path, rawBody });
    const sentBody = callOptions.sentBody ?? rawBody;
    return app.inject({
      method,
      url: callOptions.sentPath ?? path,
      headers: {
        'x-agent-id': callOptions.agentId ?? AGENT_ID,
        'x-timestamp': timestamp,
        'x-signature': signature,
        ...(sentBody === '' ? {} : { 'content-type': 'application/json' }),
      },
      ...(sentBody === '' ? {} : { payload: sentBody }),
    });
  };

  return {
    app,
    partner,
    clock,
    call,
    async fundMember(username, amount) {
      await call('POST', '/partner/v1/members', { username });
      referenceNumber += 1;
      const reply = await call('POST', '/partner/v1/transfers', { reference: `fund-${username}-${referenceNumber}`, username, direction: 'in', amount });
      if (reply.json().status !== 'succeeded') throw new Error(`funding ${username} failed: ${reply.body}`);
    },
    async openGame(username, gameCode) {
      const launch = await call('POST', '/partner/v1/launch', { username, gameCode, returnUrl: 'https://sabai.test/user/play' });
      const url = new URL(launch.json().url as string);
      const opened = await app.inject({ method: 'GET', url: url.pathname });
      const location = String(opened.headers.location ?? '');
      const match = /^\/games\/session\/([\w-]+)$/.exec(location);
      if (opened.statusCode !== 303 || !match?.[1]) throw new Error(`launch link did not open a session: ${opened.statusCode} ${location}`);
      return match[1];
    },
  };
}

/** Plays `count` slot spins of `stake` baht; returns the replies' JSON. */
export async function spinSlot(app: FastifyInstance, token: string, stake: string, count = 1): Promise<Record<string, unknown>[]> {
  const replies = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token, stake } });
    if (reply.statusCode !== 200) throw new Error(`spin failed: ${reply.statusCode} ${reply.body}`);
    replies.push(reply.json() as Record<string, unknown>);
  }
  return replies;
}
