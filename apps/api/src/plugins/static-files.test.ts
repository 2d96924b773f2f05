import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageFileFor, registerStaticFiles } from './static-files.ts';

/** The demo brand's pictures (apps/api/static/brand): one address, WebP to browsers that take it. */
describe('brand pictures', () => {
  it('sends the WebP twin of an SVG to a browser that takes WebP, the SVG to the others, and says it varies by Accept', async () => {
    const app = Fastify();
    await registerStaticFiles(app, undefined);
    try {
      const webp = await app.inject({ method: 'GET', url: '/static/brand/logo.svg', headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.headers.vary).toBe('accept');
      expect(webp.headers['cache-control']).toBe('public, max-age=86400');
      expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

      const again = await app.inject({ method: 'GET', url: '/static/brand/logo.svg', headers: { accept: 'image/webp', 'if-none-match': String(webp.headers.etag) } });
      expect(again.statusCode).toBe(304);

      const svg = await app.inject({ method: 'GET', url: '/static/brand/logo.svg', headers: { accept: 'image/png,*/*' } });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.headers.vary).toBe('accept');
      expect(svg.body).toContain('<svg');
    } finally {
      await app.close();
    }
  });
});

describe('the page file of a site path', () => {
  it('gives the login page its own file, the member app app.html and every other path the public site', () => {
    expect(pageFileFor('/user/login')).toBe('login.html');
    expect(pageFileFor('/user/login/')).toBe('login.html');
    expect(pageFileFor('/user/home')).toBe('app.html');
    expect(pageFileFor('/user/register')).toBe('app.html');
    expect(pageFileFor('/user')).toBe('app.html');
    expect(pageFileFor('/')).toBe('index.html');
    expect(pageFileFor('/abc123')).toBe('index.html');
  });

  it('serves the login page from app.html when the build has no login.html', () => {
    expect(pageFileFor('/user/login', false)).toBe('app.html');
  });
});
