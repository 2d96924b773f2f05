import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

describe('security headers (helmet built once at start)', () => {
  it('puts the same headers on every answer, found or not, from one middleware', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } } });
    app.get('/hello', async () => ({ ok: true }));
    await app.ready();
    for (const url of ['/hello', '/hello', '/missing']) {
      const response = await app.inject({ url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/^default-src 'self';/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
  });

  it('refuses a bad option at start, not on a request', () => {
    const app = Fastify();
    expect(() => registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], 'bad directive': ['x'] } } })).toThrow();
  });
});
