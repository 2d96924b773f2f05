import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the back-office dashboard (issue 11)', () => {
  it("shows today's deposits by channel and what waits for staff", async () => {
    await fundedMember(t, '750.00');
    const stranger = await t.signUp();
    await postFeed(t, 'statement', statementFrom(stranger, '100000.25'), { sourceId: 'src_statement_bbl' });
    const dashboard = await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'support');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.deposits.amount).toBeGreaterThanOrEqual(750);
    expect(dashboard.body.data.deposits.byChannel.length).toBeGreaterThan(0);
    expect(dashboard.body.data.waiting.heldDeposits).toBeGreaterThanOrEqual(1);
  });

  it('tells an open staff stream when money moves, so the screen refetches', async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const token = await t.staffToken('finance');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/admin-api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = (async () => {
      while (!text.includes('event: changed')) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    })();
    const stranger = await t.signUp();
    await postFeed(t, 'statement', statementFrom(stranger, '100000.75'), { sourceId: 'src_statement_bbl' });
    await Promise.race([read, new Promise((resolve) => setTimeout(resolve, 8_000))]);
    controller.abort();
    expect(text).toContain('event: changed');
    const refused = await fetch(`http://127.0.0.1:${port}/admin-api/v1/events`);
    expect(refused.status).toBe(401);
  });
});
