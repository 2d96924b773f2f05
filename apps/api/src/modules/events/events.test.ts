import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, postFeed, statementFrom } from '../../test/money-helpers.ts';
import { DEMO_APP_ID } from '../demo/index.ts';
import { MAX_STREAMS_PER_MEMBER } from './balance-events.ts';
import { RECENT_CHANGE_REASON } from './routes.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t.close());

/** Opens the member's event stream and collects its text until `predicate` holds or the time runs out. */
async function readStream(token: string, untilText: string, trigger: () => Promise<unknown>, timeoutMs = 5_000): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/user-profile-composite/v1/events`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-key': DEMO_APP_ID },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  let triggered = false;
  try {
    while (Date.now() < deadline && !text.includes(untilText)) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
      if (chunk && !chunk.done) text += decoder.decode(chunk.value, { stream: true });
      if (!triggered && text.includes('event: ready')) {
        triggered = true;
        await trigger();
      }
    }
  } finally {
    controller.abort();
  }
  return text;
}

/** Opens a stream and waits for `ready`; `endedWithin` tells whether the server ended it in time. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/user-profile-composite/v1/events`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-key': DEMO_APP_ID },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: ready')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  let hasEnded = false;
  const ended = (async () => {
    try {
      while (!(await reader.read()).done) {
        // keep reading until the server ends the stream
      }
      hasEnded = true;
    } catch {
      // aborted by the test
    }
  })();
  return {
    async endedWithin(timeoutMs: number): Promise<boolean> {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
      return hasEnded;
    },
    abort: () => controller.abort(),
  };
}

/** A signed-up, signed-in member with no money and so no balance events of their own yet. */
async function signedInMember() {
  const member = await t.signUp();
  return { ...member, token: await t.logIn(member.phoneNumber, member.password) };
}

describe('GET /user-profile-composite/v1/events', () => {
  it('tells the member, without amounts, when a deposit is credited', async () => {
    // A member who never had money: the deposit event can only be this deposit's (a funding
    // deposit's own events could still be on their way when the stream opens). The credit then
    // moves into the game account ('adjustment'), so wait for the deposit's event itself.
    const member = await signedInMember();
    const text = await readStream(member.token, 'event: balance\ndata: {"reason":"deposit","depositId":', () =>
      postFeed(t, 'statement', statementFrom(member, '77.00'), { sourceId: 'src_statement_bbl' }),
    );
    const line = /event: balance\ndata: (\{"reason":"deposit","depositId":[^\n]*\})/.exec(text)?.[1];
    const data = JSON.parse(line ?? 'null') as { reason: string; depositId: string };
    // Exactly the reason and the deposit's id: never an amount or a balance.
    expect(Object.keys(data).sort()).toEqual(['depositId', 'reason']);
    const { rows } = await t.db.query<{ phone_number: string; amount_satang: string }>(
      'SELECT m.phone_number, d.amount_satang::text FROM deposits d JOIN members m ON m.id = d.member_id WHERE d.id = $1',
      [data.depositId],
    );
    expect(rows).toEqual([{ phone_number: member.phoneNumber, amount_satang: '7700' }]);
  });

  it('starts a stream with a balance event when the money changed just before it opened (the page read before)', async () => {
    // A page reads the balance, then opens its stream; a change committed in between reached no
    // stream (e2e responsible-gaming: the card kept a read taken while the deposit's move into the
    // game was reserved). The first stream sees the deposit's own event, so the process has it.
    const member = await signedInMember();
    const first = await readStream(member.token, '"reason":"deposit"', () => postFeed(t, 'statement', statementFrom(member, '12.00'), { sourceId: 'src_statement_bbl' }));
    expect(first).not.toContain(RECENT_CHANGE_REASON);
    const next = await readStream(member.token, RECENT_CHANGE_REASON, async () => undefined);
    expect(next).toContain(`event: ready\ndata: {}\n\nevent: balance\ndata: {"reason":"${RECENT_CHANGE_REASON}"}`);
  });

  it('does not tell one member about another member’s money', async () => {
    // Alice has never had money, so any balance event on her stream would be someone else's.
    const alice = await signedInMember();
    const bob = await fundedMember(t, '10.00');
    const text = await readStream(alice.token, 'event: balance', () => postFeed(t, 'statement', statementFrom(bob, '5.00'), { sourceId: 'src_statement_bbl' }), 1_500);
    expect(text).toContain('event: ready');
    expect(text).not.toContain('event: balance');
  });

  it('ends the stream when its session logs out (issue 13 §3.2)', async () => {
    const member = await signedInMember();
    const stream = await openStream(member.token);
    const logout = await t.call({ method: 'POST', url: '/auth-service/v1/logout', token: member.token });
    expect(logout.status).toBe(200);
    expect(await stream.endedWithin(3_000)).toBe(true);
  });

  it('ends the other devices\u2019 streams on a password change, and keeps the changer\u2019s', async () => {
    const member = await signedInMember();
    const otherToken = await t.logIn(member.phoneNumber, member.password);
    const other = await openStream(otherToken);
    const own = await openStream(member.token);
    const changed = await t.call({
      method: 'PUT',
      url: '/auth-service/v1/change-password',
      token: member.token,
      body: { old_Password: member.password, Password: 'another-pass-91', Confirm_Password: 'another-pass-91' },
    });
    expect(changed.status).toBe(200);
    expect(await other.endedWithin(3_000)).toBe(true);
    expect(await own.endedWithin(500)).toBe(false);
    own.abort();
  });

  it('closes the oldest stream when a member opens one more than the limit', async () => {
    const member = await signedInMember();
    const streams = [];
    for (let index = 0; index < MAX_STREAMS_PER_MEMBER; index += 1) streams.push(await openStream(member.token));
    const newest = await openStream(member.token);
    expect(await streams[0]!.endedWithin(2_000)).toBe(true);
    expect(await streams[1]!.endedWithin(300)).toBe(false);
    for (const stream of [...streams.slice(1), newest]) stream.abort();
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${baseUrl}/user-profile-composite/v1/events`, { headers: { 'x-api-key': DEMO_APP_ID } });
    expect(response.status).toBe(401);
  });
});
