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

/** The back office at /admin/ (issue 25 §4): every screen has an address a reload or a deep link opens. */
describe('the back office pages', () => {
  it('answers the page for a screen\'s address and a filtered one, the files as themselves, and NOT_FOUND for a missing file', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const app = Fastify();
    await registerStaticFiles(app, undefined, dist);
    try {
      for (const url of ['/admin/', '/admin/withdrawals', '/admin/failed-payouts?state=closed', '/admin/reports?from=2026-11-01&to=2026-11-28']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toContain('text/html');
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.body, url).toContain('id="root"');
      }
      const asset = await app.inject({ method: 'GET', url: '/admin/assets/main-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      const missing = await app.inject({ method: 'GET', url: '/admin/assets/main-old999.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });
});
