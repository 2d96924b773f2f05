import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { DEFAULT_LINE_CHANNEL_ACCESS_TOKEN } from './sandbox-line.ts';

const KEY = 'test-sandbox-key';
const bearer = { authorization: `Bearer ${DEFAULT_LINE_CHANNEL_ACCESS_TOKEN}` };
const RETRY_KEY = '123e4567-e89b-52d3-a456-426614174000';

describe('sandbox LINE (Messaging API subset)', () => {
  let app: SandboxApp;
  beforeEach(async () => {
    app = await buildSandboxApp({ apiKey: KEY, feedSecret: 'secret' });
  });
  afterEach(async () => {
    await app.close();
  });
  const push = (to: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v2/bot/message/push', headers: { ...bearer, ...headers }, payload: { to, messages: [{ type: 'text', text: 'สวัสดี' }] } });

  it('checks the bearer channel access token, not the sandbox key', async () => {
    const user = app.line.createUser('ทดสอบ');
    expect((await app.inject({ method: 'POST', url: '/v2/bot/message/push', headers: { authorization: 'Bearer wrong' }, payload: { to: user.userId, messages: [{ type: 'text', text: 'x' }] } })).statusCode).toBe(401);
    expect((await push(user.userId)).statusCode).toBe(200);
    expect(user.chat).toHaveLength(1);
  });

  it('accepts a retry key once (a repeat answers 409 and delivers nothing), and refuses a key that is not a UUID', async () => {
    const user = app.line.createUser('ทดสอบ');
    expect((await push(user.userId, { 'x-line-retry-key': RETRY_KEY })).statusCode).toBe(200);
    expect((await push(user.userId, { 'x-line-retry-key': RETRY_KEY })).statusCode).toBe(409);
    expect((await push(user.userId, { 'x-line-retry-key': 'not-a-uuid' })).statusCode).toBe(400);
    expect(user.chat).toHaveLength(1);
  });

  it('answers the next N pushes with the injected fault, then normally (the switch needs the sandbox key)', async () => {
    const user = app.line.createUser('ทดสอบ');
    expect((await app.inject({ method: 'POST', url: '/sandbox/v1/line/faults', payload: { status: 429, count: 2 } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/sandbox/v1/line/faults', headers: { 'x-sandbox-key': KEY }, payload: { status: 429, count: 2 } })).statusCode).toBe(200);
    expect([(await push(user.userId)).statusCode, (await push(user.userId)).statusCode, (await push(user.userId)).statusCode]).toEqual([429, 429, 200]);
  });

  it('issues a link token for a known user and shows the chat page (Thai, phone width)', async () => {
    const user = app.line.createUser('สมใจ');
    const token = await app.inject({ method: 'POST', url: `/v2/bot/user/${user.userId}/linkToken`, headers: { ...bearer, 'content-type': 'application/json' } });
    expect(token.json().linkToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await app.inject({ method: 'POST', url: '/v2/bot/user/Unknown/linkToken', headers: bearer })).statusCode).toBe(400);
    await push(user.userId);
    const page = await app.inject({ method: 'GET', url: `/line?user=${user.userId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('max-width:390px');
    expect(page.body).toContain('สวัสดี');
  });
});
