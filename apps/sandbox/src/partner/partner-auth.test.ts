import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPublicPartnerRoute, signPartnerRequest } from './index.ts';
import { startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

describe('agent API signature auth', () => {
  let partner: PartnerTestApp;
  beforeEach(async () => {
    partner = await startPartnerApp();
  });
  afterEach(async () => {
    await partner.app.close();
  });

  it('signs hex HMAC-SHA256 over timestamp, method, path with query and raw body', () => {
    const expected = createHmac('sha256', 'secret').update('1700000000000.POST./partner/v1/members.{"username":"abc"}').digest('hex');
    expect(signPartnerRequest({ agentSecret: 'secret', timestamp: 1_700_000_000_000, method: 'post', pathWithQuery: '/partner/v1/members', rawBody: '{"username":"abc"}' })).toBe(expected);
    const withoutBody = createHmac('sha256', 'secret').update('1.GET./partner/v1/bets?limit=5.').digest('hex');
    expect(signPartnerRequest({ agentSecret: 'secret', timestamp: '1', method: 'GET', pathWithQuery: '/partner/v1/bets?limit=5' })).toBe(withoutBody);
  });

  it('accepts a correctly signed request, GET and POST', async () => {
    expect((await partner.call('POST', '/partner/v1/members', { username: 'abc123' })).statusCode).toBe(200);
    expect((await partner.call('GET', '/partner/v1/games?category=EGAMES')).statusCode).toBe(200);
  });

  it('refuses a wrong secret, a wrong agent id and missing headers with AUTH_FAILED', async () => {
    const wrongSecret = await partner.call('POST', '/partner/v1/members', { username: 'abc123' }, { secret: 'not-the-secret' });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({ code: 'AUTH_FAILED' });
    expect((await partner.call('GET', '/partner/v1/games', undefined, { agentId: 'other-agent' })).statusCode).toBe(401);
    const bare = await partner.app.inject({ method: 'GET', url: '/partner/v1/games' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ code: 'AUTH_FAILED' });
  });

  it('refuses a timestamp more than 5 minutes old or ahead, accepts one just inside', async () => {
    const now = partner.clock.nowMs;
    expect((await partner.call('GET', '/partner/v1/games', undefined, { timestampMs: now - 5 * 60_000 - 1 })).statusCode).toBe(401);
    expect((await partner.call('GET', '/partner/v1/games', undefined, { timestampMs: now + 5 * 60_000 + 1 })).statusCode).toBe(401);
    expect((await partner.call('GET', '/partner/v1/games', undefined, { timestampMs: now - 5 * 60_000 })).statusCode).toBe(200);
  });

  it('refuses a tampered body and applies nothing', async () => {
    await partner.fundMember('tamper01', '100.00');
    const signed = { reference: 'ref-tamper', username: 'tamper01', direction: 'out', amount: '1.00' };
    const tampered = await partner.call('POST', '/partner/v1/transfers', signed, { sentBody: JSON.stringify({ ...signed, amount: '100.00' }) });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ code: 'AUTH_FAILED' });
    expect((await partner.call('GET', '/partner/v1/transfers/ref-tamper')).json()).toEqual({ reference: 'ref-tamper', status: 'not_found' });
    expect(partner.partner.balanceOf('tamper01')).toBe(10_000n);
  });

  it('refuses a tampered query string', async () => {
    expect((await partner.call('GET', '/partner/v1/bets?limit=1', undefined, { sentPath: '/partner/v1/bets?limit=500' })).statusCode).toBe(401);
  });

  it('checks the signature before reading the body: a non-JSON body is 401 unsigned, 400 signed', async () => {
    const unsigned = await partner.app.inject({ method: 'POST', url: '/partner/v1/members', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(unsigned.statusCode).toBe(401);
    const signedGarbage = await partner.call('POST', '/partner/v1/members', undefined, { rawBody: '{not json' });
    expect(signedGarbage.statusCode).toBe(400);
    expect(signedGarbage.json()).toEqual({ code: 'INVALID_REQUEST' });
  });

  it('names the routes the sandbox key must not guard', () => {
    for (const route of ['/partner/v1/members', '/partner/v1/bets', '/games/play/:token', '/games/session/:token', '/games/api/slot/spin', '/games/assets/:file']) {
      expect(isPublicPartnerRoute(route)).toBe(true);
    }
    expect(isPublicPartnerRoute('/bank/v1/payouts')).toBe(false);
    expect(isPublicPartnerRoute('/partner')).toBe(false);
  });
});
