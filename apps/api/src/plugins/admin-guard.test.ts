import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('back-office routes authenticate before anything else (issue 13 §3.3)', () => {
  it.each([
    ['POST', '/admin-api/v1/deposits/dep_x/assign', '{"memberPhoneNumber": 42}'],
    ['POST', '/admin-api/v1/withdrawals/wdr_x/reject', '{"reason": ' + '"x",'.repeat(3) + '}'],
    ['GET', '/admin-api/v1/withdrawals?status=nonsense&limit=-1', undefined],
    ['POST', '/admin-api/v1/game/cases/grc_x/resolve', '{}'],
  ] as const)('%s %s with a bad body and no token answers 401, not 400', async (method, url, payload) => {
    const response = await t.app.inject({ method, url, ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 for a wrong token too, and 400 for a bad body only once authenticated', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/admin-api/v1/deposits/dep_x/assign', payload: '{}', headers: { 'content-type': 'application/json', authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/admin-api/v1/deposits/dep_x/assign', payload: '{}', headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.staffToken('finance')}` } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('JSON bodies (issue 13 §3.7)', () => {
  const refund = async (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/deposits/dep_unknown/refund',
      payload,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.staffToken('finance')}` },
    });

  it('parses a clean body (the refund of an unknown deposit gets as far as the use case)', async () => {
    expect((await refund('{"note":"x","bankCode":"004","accountNumber":"1234567890"}')).statusCode).toBe(404);
  });

  it.each(['{"note":"x","__proto__":{"isAdmin":true}}', '{"note":"x","constructor":{"prototype":{"isAdmin":true}}}'])(
    'refuses a body that tries prototype poisoning with 400: %s',
    async (payload) => {
      const response = await refund(payload);
      expect(response.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );
});
