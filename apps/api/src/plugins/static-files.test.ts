import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageFileFor, registerStaticFiles, withPageSiteSettings } from './static-files.ts';

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

/** app.html with the site settings (docs/adr/0050 addendum): a first visit of the member app draws with them at once. */
describe('the member app page with the site settings', () => {
  const makeSite = async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>landing</title></head><body></body></html>');
    writeFileSync(path.join(dist, 'app.html'), '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>');
    return dist;
  };
  const blockOf = (html: string) => /<script type="application\/json" id="site-settings">([^<]*)<\/script><\/head>/.exec(html)?.[1];

  it('sends app.html with the settings as a JSON data block in its head, compressed as asked, revalidated by ETag', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const settings = { siteName: 'ร้าน </script><script>alert(1)</script>', appId: 'key' };
    let asked = 0;
    const app = Fastify();
    await registerStaticFiles(app, await makeSite(), undefined, {
      appPageSettings: async () => {
        asked += 1;
        return settings;
      },
    });
    try {
      const brotli = await app.inject({ method: 'GET', url: '/user/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('text/html');
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(brotli.headers.vary).toContain('accept-encoding');
      const html = brotliDecompressSync(brotli.rawPayload).toString('utf8');
      expect(html).not.toContain('</script><script>'); // nothing in the settings closes the block
      expect(JSON.parse(blockOf(html) ?? 'null')).toEqual(settings);
      const gzip = await app.inject({ method: 'GET', url: '/user/deposit', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(html);
      const plain = await app.inject({ method: 'GET', url: '/user/home' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      const again = await app.inject({ method: 'GET', url: '/user/home', headers: { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(asked).toBe(4); // asked on every page load: the settings the page carries are the current ones
      const landing = await app.inject({ method: 'GET', url: '/' });
      expect(landing.body).not.toContain('site-settings'); // only the member app's page
    } finally {
      await app.close();
    }
  });

  it("takes the page's preload of /v2/prefix out when it carries the settings, and nothing else", () => {
    const head = (links: string) => `<!doctype html><html><head>\n    <meta charset="UTF-8" />\n${links}    <title>Sabai</title>\n  </head><body></body></html>`;
    const preload = '    <link rel="preload" href="/v2/prefix" as="fetch" crossorigin="anonymous" />\n';
    const icon = '    <link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />\n';
    const page = withPageSiteSettings(head(icon + preload), { appId: 'key' });
    expect(page).toBe(head(icon).replace('</head>', '<script type="application/json" id="site-settings">{"appId":"key"}</script></head>'));
    expect(withPageSiteSettings(head(icon), { appId: 'key' })).toBe(page);
  });

  it('sends app.html as built while the site is not open (no settings) or when the settings cannot be read', async () => {
    const dist = await makeSite();
    for (const appPageSettings of [async () => null, async () => Promise.reject(new Error('database down'))]) {
      const app = Fastify();
      await registerStaticFiles(app, dist, undefined, { appPageSettings });
      try {
        const page = await app.inject({ method: 'GET', url: '/user/home' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.body).not.toContain('site-settings');
      } finally {
        await app.close();
      }
    }
  });
});
