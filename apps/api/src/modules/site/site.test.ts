import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REGISTRATION_BANKS, siteSettings } from '@sabai/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v2/prefix', () => {
  it('returns the seeded brand and settings in the spec §3 shape, without an app key', async () => {
    const response = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(response.status).toBe(200);
    const settings = siteSettings.parse(response.body.data);
    expect(settings).toMatchObject({
      appId: t.appId,
      LineId: '@sabai.demo',
      Maintenance: false,
      Disabled: false,
      Withdraw: { canWithdraw: true, minWithdraw: 100, maxWithdraw: 50_000, autoWithdraw: 5_000 },
      cashBack: { usecashBack: true, Payout: 5, minWithdraw: 1 },
      Affiliate: { useAffiliate: true, level1: { enable: true, percent: 5 }, level2: { enable: true, percent: 2 } },
    });
    expect(settings.Promotion.map((promotion) => promotion._id)).toEqual(['welcome-100', 'daily-10']);
  });

  it('lists the 17 registration banks with code, Thai name, colour, names and a logo that loads', async () => {
    const { body } = await t.call({ method: 'GET', url: '/v2/prefix' });
    const banks = body.data.getNameBank as Array<{ code: string; logo: string; name: string; color: string; shortName: string }>;
    expect(banks.map((bank) => bank.code)).toEqual(REGISTRATION_BANKS.map((bank) => bank.code));
    for (const bank of banks) {
      const logo = await t.app.inject({ method: 'GET', url: bank.logo });
      expect(logo.statusCode, bank.logo).toBe(200);
      expect(String(logo.headers['content-type'])).toMatch(/^image\//);
    }
  });

  it('reflects a settings change (maintenance) and then refuses member calls with SITE_CLOSED', async () => {
    await t.db.query('UPDATE site_settings SET is_maintenance = true');
    t.context.siteSettings.invalidate();
    try {
      const prefix = await t.call({ method: 'GET', url: '/v2/prefix' });
      expect(prefix.body.data.Maintenance).toBe(true);
      const login = await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: '0800000001', Password: 'demo1234' } });
      expect(login.status).toBe(503);
      expect(login.body.code).toBe('SITE_CLOSED');
    } finally {
      await t.db.query('UPDATE site_settings SET is_maintenance = false');
      t.context.siteSettings.invalidate();
    }
  });
});

describe('wire conventions', () => {
  it('sends an answer of 1 kB or more in brotli or gzip as the client accepts, and a small one as it is', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/v2/prefix', headers: { 'x-api-key': t.appId } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1_024);
    const expected = plain.json();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await t.app.inject({ method: 'GET', url: '/v2/prefix', headers: { 'x-api-key': t.appId, 'accept-encoding': encoding } });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(compressed.rawPayload).toString('utf8'))).toEqual(expected);
    }
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('answers /healthz with the database driver', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'pg' : 'pglite' });
  });

  it('publishes an OpenAPI document of every member call at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/v2/prefix', '/auth-service/v1/login', '/auth-service/v1/signup', '/auth-service/v1/checkPhone', '/auth-service/v1/checkBank', '/auth-service/v1/refresh', '/auth-service/v1/change-password', '/auth-service/v1/logout']) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.paths['/auth-service/v1/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('Password');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/prefix' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(response.headers['content-security-policy']);
    // Only our own pages may frame ours (the game frame's way back, docs/adr/0044); the partner's games may be framed.
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/frame-src 'self' https?:\/\/[^;]+/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with the NOT_FOUND envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/auth-service/v1/nothing-here' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON and oversized bodies with 4xx envelopes', async () => {
    const malformed = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: '{"phoneNumber":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
    const huge = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: 'x'.repeat(100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never answers 5xx to arbitrary JSON bodies on any auth call', async () => {
    const routes = [
      ['POST', '/auth-service/v1/checkPhone'],
      ['POST', '/auth-service/v1/checkBank'],
      ['POST', '/auth-service/v1/signup'],
      ['POST', '/auth-service/v1/login'],
      ['PUT', '/auth-service/v1/change-password'],
    ] as const;
    const field = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }));
    const body = fc.record(
      {
        phoneNumber: field,
        Password: field,
        Confirm_Password: field,
        BankAccount: field,
        BankCode: field,
        firstName: field,
        affiliateKey: field,
        isBonus: field,
        old_Password: field,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(body, fc.jsonValue()), async ([method, url], payload) => {
        const response = await t.call({ method, url, body: JSON.stringify(payload) });
        expect(response.status).toBeLessThan(500);
        expect(response.body.success).toBe(false);
        expect(typeof response.body.message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });
});
