import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isMemberApiPath } from './member-api-guard.ts';
import { sendError } from './error-handler.ts';

const require = createRequire(import.meta.url);
/** Bank logos: the PNGs of `thai-banks-logo`, plus our own drawings for banks it lacks. */
const BANK_LOGO_DIRS = [
  path.join(path.dirname(require.resolve('thai-banks-logo/package.json')), 'icons'),
  fileURLToPath(new URL('../../static/banks/', import.meta.url)),
];
/** The demo brand's logo and images. */
const BRAND_DIR = fileURLToPath(new URL('../../static/brand/', import.meta.url));
/** Where the web build puts the bank logos sized for the site, as WebP (apps/web/scripts/make-images.ts). */
const SIZED_BANK_LOGO_DIR = 'static/banks';

/** Content-hashed file names (Vite's assets/, Workbox's runtime): a new build never reuses one. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages, the service worker and the manifest: always asked again (ETag answers 304 when unchanged). */
const REVALIDATE = 'no-cache';
/** Unhashed pictures (icons, game tiles): a day, then asked again. */
const ONE_DAY = 'public, max-age=86400';
const BANK_LOGO_CACHE = 'public, max-age=604800';
/** Text files the build writes `.br` and `.gz` twins of (apps/web/vite.config.ts). */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/;

/** Paths the member site owns (spec §2): `/`, `/{shareToken}` and everything under `/user/`. */
const isSitePath = (url: string) => !url.startsWith('/static/') && !url.startsWith('/docs') && !isMemberApiPath(url) && !url.startsWith('/v2/');
/**
 * The page file a site path gets: login.html for the login page (its first load without the member
 * app, docs/adr/0028; app.html in a build without it), app.html for the member app's other pages,
 * index.html for every other path, the public site's first load (docs/adr/0014).
 */
export function pageFileFor(url: string, hasLoginPage = true): 'index.html' | 'app.html' | 'login.html' {
  if (hasLoginPage && (url === '/user/login' || url === '/user/login/')) return 'login.html';
  return url === '/user' || url.startsWith('/user/') ? 'app.html' : 'index.html';
}

/** Cache-Control of a file of the built site, by its path inside dist (a `.br`/`.gz` twin like its original). */
export function siteCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/') || /^workbox-[0-9a-f]+\.js$/.test(file)) return IMMUTABLE;
  if (file.endsWith('.html') || file === 'sw.js' || file.endsWith('.webmanifest')) return REVALIDATE;
  return ONE_DAY;
}

/** The id of the JSON data block app.html carries the site settings in (apps/web lib/stored-site-settings.ts reads it). */
export const PAGE_SITE_SETTINGS_ID = 'site-settings';

/**
 * The page's `<link rel="preload">` of `GET /v2/prefix` (apps/web app.html): the page asks for the
 * settings with its code, unless it carries them.
 */
const SETTINGS_PRELOAD = /[ \t]*<link rel="preload" href="\/v2\/prefix"[^>]*>\n?/;

/**
 * `html` with `settings` (the `data` of `GET /v2/prefix`) as a JSON data block at the end of its
 * `<head>`: `<script type="application/json">`, which the browser never runs (the CSP's script-src
 * does not apply), with `<` escaped so no text in the settings can close it. The page's preload of
 * `/v2/prefix` is taken out: the same JSON is in the page, and on a slow connection that request
 * shared the bandwidth with the stylesheet and the boot script the first paint waits for
 * (docs/adr/0050 second addendum). The member app still asks for the settings after the paint.
 */
export function withPageSiteSettings(html: string, settings: unknown): string {
  const block = `<script type="application/json" id="${PAGE_SITE_SETTINGS_ID}">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`;
  if (!html.includes('</head>')) throw new Error('the page has no </head>');
  return html.replace(SETTINGS_PRELOAD, '').replace('</head>', () => `${block}</head>`);
}

interface BuiltPage {
  key: string;
  etag: string;
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer };
}

export interface StaticFileOptions {
  /**
   * The site settings app.html is sent with (the `data` of `GET /v2/prefix`), or null while the
   * site is not open: a first visit of the member app then draws the signed-in home from HTML with
   * the operator's brand at once, with no settings stored yet (docs/adr/0050 addendum). Without
   * it, or when it gives null or fails, app.html is sent as built.
   */
  appPageSettings?: () => Promise<unknown>;
}

/**
 * Serves bank logos under `/static/banks/` and, when `webDistDir` holds a build, the member site:
 * its files with their brotli or gzip twin when the browser takes one, hashed assets cached for a
 * year, pages and the service worker revalidated every time; `login.html` for `/user/login`,
 * `app.html` for another page under `/user/` and `index.html` for any other site path (the client
 * decides the rest). Unknown API paths get the NOT_FOUND envelope.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  webDistDir: string | undefined,
  adminDistDir?: string | undefined,
  options: StaticFileOptions = {},
): Promise<void> {
  const hasSite = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  const hasLoginPage = hasSite && existsSync(path.join(webDistDir, 'login.html'));
  const hasAdmin = adminDistDir !== undefined && existsSync(path.join(adminDistDir, 'index.html'));
  if (hasAdmin) {
    // The back office (issue 11) at /admin/: its hashed assets cached a year, its page revalidated.
    await app.register(async (admin) => {
      await admin.register(fastifyStatic, {
        root: adminDistDir,
        prefix: '/admin/',
        index: false,
        wildcard: false,
        decorateReply: false,
        cacheControl: false,
        setHeaders: (response, filePath) => {
          response.setHeader('cache-control', siteCacheControl(path.relative(adminDistDir, filePath)));
          response.setHeader('x-robots-tag', 'noindex');
        },
      });
      const page = readFileSync(path.join(adminDistDir, 'index.html'));
      const sendPage = async (_request: FastifyRequest, reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('x-robots-tag', 'noindex').send(page);
      admin.get('/admin', sendPage);
      admin.get('/admin/', sendPage);
      // Every screen has its address (issue 25 §4, docs/adr/0051): a reload or a deep link under
      // /admin/ gets the page and the client's router draws the screen. A path with a file
      // extension is a file that does not exist (a stale asset): NOT_FOUND, never the page.
      admin.get('/admin/*', async (request, reply) => {
        if (path.extname(request.url.split('?')[0] ?? '') !== '') return sendError(reply, 'NOT_FOUND');
        return sendPage(request, reply);
      });
    });
  }
  const sizedLogos = hasSite ? loadSizedBankLogos(path.join(webDistDir, SIZED_BANK_LOGO_DIR)) : new Map<string, SizedLogo>();
  await app.register(async (banks) => {
    // Same address for every browser: WebP at the shown size to those that take it, the PNG to the rest.
    banks.addHook('onRequest', async (request, reply) => {
      const logo = rasterFor(request, /^\/static\/banks\/([A-Za-z0-9_-]+)\.(?:png|svg)$/, sizedLogos);
      if (logo) return sendSizedLogo(request, reply, logo, BANK_LOGO_CACHE);
    });
    await banks.register(fastifyStatic, {
      root: BANK_LOGO_DIRS,
      prefix: '/static/banks/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (response) => {
        response.setHeader('cache-control', BANK_LOGO_CACHE);
        response.setHeader('vary', 'accept');
      },
    });
  });
  const brandRasters = loadSizedBankLogos(BRAND_DIR);
  await app.register(async (brand) => {
    // The demo brand's SVGs (Thai text) as WebP to browsers that take it: an SVG <img> costs the
    // page a document and a font search on the main thread (docs/adr/0025). Same address for all.
    brand.addHook('onRequest', async (request, reply) => {
      const raster = rasterFor(request, /^\/static\/brand\/([A-Za-z0-9_-]+)\.svg$/, brandRasters);
      if (raster) return sendSizedLogo(request, reply, raster, ONE_DAY);
    });
    await brand.register(fastifyStatic, {
      root: BRAND_DIR,
      prefix: '/static/brand/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', ONE_DAY);
        if (filePath.endsWith('.svg')) response.setHeader('vary', 'accept');
      },
    });
  });
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Only the originals get routes; their twins are found by preCompressed.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', siteCacheControl(path.relative(webDistDir, filePath)));
        if (COMPRESSIBLE.test(filePath.replace(/\.(br|gz)$/, ''))) response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const { appPageSettings } = options;
  /** app.html with the settings, compressed once per settings (and build): the last one kept. */
  let builtAppPage: BuiltPage | undefined;
  const appPageWithSettings = async (): Promise<BuiltPage | null> => {
    if (!hasSite || !appPageSettings) return null;
    const settings = await appPageSettings().catch((error: unknown) => {
      app.log.warn({ err: error }, 'app.html sent without site settings');
      return null;
    });
    if (settings === null || settings === undefined) return null;
    const file = path.join(webDistDir, 'app.html');
    const key = `${statSync(file).mtimeMs}:${JSON.stringify(settings)}`;
    if (builtAppPage?.key === key) return builtAppPage;
    const identity = Buffer.from(withPageSiteSettings(readFileSync(file, 'utf8'), settings));
    builtAppPage = {
      key,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      bodies: {
        identity,
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(identity, { level: 9 }),
      },
    };
    return builtAppPage;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isSitePath(url) && !path.extname(url);
    if (!hasSite || !wantsPage) return sendError(reply, 'NOT_FOUND');
    const pageFile = pageFileFor(url, hasLoginPage);
    const page = pageFile === 'app.html' ? await appPageWithSettings() : null;
    if (!page) return reply.sendFile(pageFile);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const etag = `${page.etag.slice(0, -1)}-${encoding}"`;
    reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding').header('etag', etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page.bodies[encoding]);
  });
}

/** The encoding of a page for `Accept-Encoding`: brotli, else gzip, else none (q-values of 0 honoured). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

interface SizedLogo {
  body: Buffer;
  etag: string;
}

/** The WebP files of `dir` by name (`KBANK` for `KBANK.webp`), read once: 2–14 kB each. */
function loadSizedBankLogos(dir: string): Map<string, SizedLogo> {
  const logos = new Map<string, SizedLogo>();
  if (!existsSync(dir)) return logos;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.webp'))) {
    const body = readFileSync(path.join(dir, file));
    logos.set(path.basename(file, '.webp'), { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });
  }
  return logos;
}

/**
 * The WebP twin of a PNG or SVG picture (`pattern` captures its name), when the browser says it
 * takes WebP (`Accept`) and there is one; undefined otherwise (the original is sent).
 */
function rasterFor(request: FastifyRequest, pattern: RegExp, logos: Map<string, SizedLogo>): SizedLogo | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const match = pattern.exec(request.url.split('?')[0] ?? '');
  if (!match?.[1] || !String(request.headers.accept ?? '').includes('image/webp')) return undefined;
  return logos.get(match[1]);
}

function sendSizedLogo(request: FastifyRequest, reply: FastifyReply, logo: SizedLogo, cacheControl: string): FastifyReply {
  reply.header('cache-control', cacheControl).header('vary', 'accept').header('etag', logo.etag);
  if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send();
  return reply.type('image/webp').send(logo.body);
}
