import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
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

/** Paths the member site owns (spec §2): `/`, `/{shareToken}` and everything under `/user/`. */
const isSitePath = (url: string) => !url.startsWith('/static/') && !url.startsWith('/docs') && !isMemberApiPath(url) && !url.startsWith('/v2/');

/**
 * Serves bank logos under `/static/banks/` and, when `webDistDir` holds a build, the member site:
 * its files as they are, and `index.html` for any other site path (the client router decides).
 * Unknown API paths get the NOT_FOUND envelope.
 */
export async function registerStaticFiles(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  await app.register(fastifyStatic, { root: BANK_LOGO_DIRS, prefix: '/static/banks/', decorateReply: false, maxAge: '7d' });
  await app.register(fastifyStatic, { root: BRAND_DIR, prefix: '/static/brand/', decorateReply: false, maxAge: '1d' });
  const hasSite = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, { root: webDistDir, prefix: '/', wildcard: false, index: false });
    // Vite puts hashed files under /assets/: cache them for long; index.html is never cached.
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(path.join('assets', file), { maxAge: '365d', immutable: true });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isSitePath(url) && !path.extname(url);
    if (hasSite && wantsPage) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND');
  });
}
