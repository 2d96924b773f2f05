import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from './app.ts';

describe('sandbox app', () => {
  let app: SandboxApp;
  beforeEach(async () => {
    app = await buildSandboxApp({ apiKey: 'key', feedSecret: 'secret' });
  });
  afterEach(async () => {
    await app.close();
  });

  it('keeps the index, health check and bank pages public and everything else behind the key', async () => {
    for (const url of ['/', '/healthz', '/bank', '/?x=1']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const lookup = { method: 'POST' as const, url: '/name-inquiry/v1/lookup', payload: { bankCode: '004', accountNumber: '0401234567' } };
    expect((await app.inject(lookup)).statusCode).toBe(401);
    expect((await app.inject({ ...lookup, headers: { 'x-sandbox-key': 'key' } })).json()).toEqual({ found: true, firstName: 'สมชาย', lastName: 'ใจดี' });
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(401);
  });

  it('refuses an API base URL that is not http(s)', () => {
    expect(() => app.setApiBaseUrl('not a url')).toThrow(TypeError);
    expect(() => app.setApiBaseUrl('http://127.0.0.1:3000')).not.toThrow();
  });
});
