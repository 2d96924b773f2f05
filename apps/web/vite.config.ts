import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { createHash } from 'node:crypto';
import { createServer, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { firstLoadGraph } from './first-load-graph.ts';
import { classNamesOf, readHomeStylesheetSource } from './home-stylesheet.ts';
import { MANIFEST_TEMPLATE_ID } from './src/lib/manifest-template.ts';

const resolveHere = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The API (apps/api) in development; `npm start` serves the built site and the API together. */
const API_ORIGIN = 'http://127.0.0.1:3000';
/** Path prefixes the dev server forwards to the API: the spec §7 call families plus static files. */
const API_PREFIXES = [
  '/v2',
  '/auth-service',
  '/user-profile-composite',
  '/fund-composite',
  '/rolling-composite',
  '/game-composite',
  '/prize-composite',
  '/static',
  '/healthz',
];
/** The page background (index.css --sabai-background): splash screen and browser chrome of the installed app. */
const BACKGROUND_COLOR = '#0d0b14';
const OUT_DIR = resolveHere('dist');

/**
 * A first paint's code in a few files instead of twenty (docs/adr/0045). On HTTP/1.1 (six
 * connections) each further file before the paint is one more round trip in Lighthouse's mobile
 * simulation (150 ms). The groups follow which pages' first paints evaluate a module (their entries'
 * static import graphs, first-load-graph.ts), so no page downloads a module its first paint does
 * not run: React; what all three pages run; what the landing and the member home run; what the
 * landing and the login page run; what only the member home runs. The member app's own modules stay in the chunks the bundler makes.
 */
const FIRST_LOAD_GROUPS = (() => {
  const entries = { landing: resolveHere('src/main.tsx'), login: resolveHere('src/login-main.tsx'), home: resolveHere('src/app-main.tsx') };
  const entryGraph = (page: keyof typeof entries) => firstLoadGraph(entries[page]).sources;
  const graph = { landing: entryGraph('landing'), login: entryGraph('login'), home: entryGraph('home') };
  // What those pages load lazily (the login form on /user/login's first load, the landing's
  // slide-in forms) counts as theirs: a home-only chunk they import would come with its other modules.
  for (const file of firstLoadGraph(resolveHere('src/app/login/first-load-login-form.tsx')).sources) graph.login.add(file);
  for (const file of firstLoadGraph(resolveHere('src/app/landing/landing-forms.tsx')).sources) graph.landing.add(file);
  const isEntry = (file: string) => Object.values(entries).includes(file);
  const homeOnly = [...graph.home].filter((file) => !isEntry(file) && !graph.landing.has(file) && !graph.login.has(file));
  const allPages = [...graph.home].filter((file) => !isEntry(file) && graph.landing.has(file) && graph.login.has(file));
  const landingAndHome = [...graph.home].filter((file) => !isEntry(file) && graph.landing.has(file) && !graph.login.has(file));
  // What both signed-out pages' entries run and the member home's first paint does not (React's
  // hooks for the session and settings, lib/translate.ts: docs/adr/0050 addendum). Their entries'
  // own static graphs: the forms they load later stay out of the chunk their first paint imports.
  const [landingEntry, loginEntry] = [entryGraph('landing'), entryGraph('login')];
  const landingAndLogin = [...landingEntry].filter((file) => !isEntry(file) && loginEntry.has(file) && !graph.home.has(file));
  return { homeOnly: new Set(homeOnly), allPages: new Set(allPages), landingAndHome: new Set(landingAndHome), landingAndLogin: new Set(landingAndLogin) };
})();
const TH_JSON = resolveHere('src/locales/th.json');
const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * vite-plugin-pwa writes the service worker (sw.js, workbox-<hash>.js) after vite-plugin-compression2
 * has compressed the build: this gives them their brotli and gzip twins too.
 */
function compressServiceWorker(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: 'sabai:compress-service-worker',
    apply: 'build',
    enforce: 'post',
    // The build's own folder (`vite build --outDir …`: first-load-budget.test.ts builds into a temporary one).
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of readdirSync(outDir).filter((name) => name === 'sw.js' || /^workbox-[0-9a-f]+\.js$/.test(name))) {
          const source = readFileSync(path.join(outDir, file));
          writeFileSync(path.join(outDir, `${file}.br`), brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
          writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The HTML-first signed-in home (docs/adr/0050 decision 2). At build time: the home's markup from
 * the member app's own components (src/app/home/static-home-template.tsx, rendered by a Vite SSR
 * load) goes into app.html as `<template id="static-home">`, followed by the render-blocking
 * classic script that fills it from the stored session before the first paint
 * (src/app/home/static-home-boot.ts, bundled on its own). The few Thai strings the filler writes
 * are a JSON data block of the page (`#static-home-strings`), read by the boot script and by
 * app-main.tsx alike, so neither loads th.json for them. The boot script is a file, not an inline
 * script: the CSP allows scripts from 'self' only (apps/api/src/app.ts).
 */
const APP_SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
const MANIFEST_LINK = /<link rel="manifest"[^>]*>/g;

/**
 * The signed-in home's first-paint stylesheet (docs/adr/0050 third addendum, issue 26 §4; built as
 * home-stylesheet.ts says): a module of its own, linked by app.html's `<head>` (render-blocking, as
 * the site's stylesheet was there), so the CSS the first paint waits for is the home's rules only
 * (half the bytes; what that saves is measured in the ADR). The site's whole stylesheet comes with the member app's code
 * (app/mount-member-app.tsx and app/home/first-load-react.tsx import index.css: Vite loads a
 * dynamic chunk's CSS before it runs the chunk).
 */
const HOME_STYLESHEET_URL = '/src/home-first-paint.css';
const HOME_STYLESHEET_ID = resolveHere('src/home-first-paint.css');
const SITE_STYLESHEET = resolveHere('src/index.css');

function staticHome(): Plugin[] {
  let markup: string | undefined;
  let bootFile: string | undefined;
  let stringsScript: string | undefined;
  let homeStylesheet: string | undefined;
  const linkHomeStylesheet: Plugin = {
    name: 'sabai:static-home-stylesheet',
    apply: 'build',
    // Before Vite reads app.html's tags, so the link is built as the page's own stylesheet.
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!context.filename.endsWith('app.html')) return html;
        if (!html.includes('</head>')) throw new Error('sabai:static-home: app.html has no </head>');
        return html.replace('</head>', () => `  <link rel="stylesheet" href="${HOME_STYLESHEET_URL}" />\n  </head>`);
      },
    },
  };
  const main: Plugin = {
    name: 'sabai:static-home',
    apply: 'build',
    resolveId(id) {
      return id === HOME_STYLESHEET_URL ? HOME_STYLESHEET_ID : undefined;
    },
    load(id) {
      if (id !== HOME_STYLESHEET_ID) return undefined;
      if (homeStylesheet === undefined) throw new Error('sabai:static-home: no markup built for the home stylesheet');
      this.addWatchFile(SITE_STYLESHEET);
      return homeStylesheet;
    },
    async buildStart() {
      const server = await createServer({
        configFile: false,
        root: resolveHere('.'),
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: [{ find: /^zod$/, replacement: resolveHere('src/lib/zod-jitless.ts') }] },
        esbuild: { jsx: 'automatic' },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      const globals = globalThis as { window?: unknown };
      const hadWindow = 'window' in globals;
      // The referral link reads window.location.origin (the filler writes the member's own); the
      // bottom bar's active tab, the path (/user/home and /user/home/{token} alike).
      if (!hadWindow) globals.window = { location: { origin: '', pathname: '/user/home' } };
      try {
        const template = (await server.ssrLoadModule(resolveHere('src/app/home/static-home-template.tsx'))) as typeof import('./src/app/home/static-home-template.tsx');
        const fill = (await server.ssrLoadModule(resolveHere('src/app/home/static-home-fill.ts'))) as typeof import('./src/app/home/static-home-fill.ts');
        const { translate } = (await server.ssrLoadModule(resolveHere('src/lib/translate.ts'))) as typeof import('./src/lib/translate.ts');
        markup = template.renderStaticHomeTemplate();
        homeStylesheet = readHomeStylesheetSource(SITE_STYLESHEET, classNamesOf(markup), './app/home/static-home-fill.ts');
        stringsScript = fill.staticHomeStringsScript(fill.pickStaticHomeStrings((key) => translate(key)));
        const bundle = await esbuild({
          entryPoints: [resolveHere('src/app/home/static-home-boot.ts')],
          bundle: true,
          format: 'iife',
          minify: true,
          write: false,
          target: 'es2020',
          legalComments: 'none',
        });
        const source = bundle.outputFiles[0]?.text;
        if (source === undefined) throw new Error('sabai:static-home: the boot script was not built');
        bootFile = `assets/static-home-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source });
      } finally {
        if (!hadWindow) delete globals.window;
        await server.close();
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('app.html')) return html;
        if (markup === undefined || bootFile === undefined || stringsScript === undefined) throw new Error('sabai:static-home: no markup built');
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('sabai:static-home: app.html has no empty #root');
        // The member app's module and its preloads: started by the boot script, after the first
        // paint when it drew the home (nothing the paint waits for or shares the CPU with), at
        // once on any other page (static-home-boot.ts startMemberAppScripts).
        const appTags = html.match(APP_SCRIPT_TAGS) ?? [];
        if (!appTags.some((tag) => tag.startsWith('<script type="module"'))) throw new Error('sabai:static-home: app.html has no module script');
        const withoutAppTags = html.replace(APP_SCRIPT_TAGS, '');
        return withoutAppTags.replace(
          root,
          () => `${root}\n    <template id="static-home">${markup}</template>\n    ${stringsScript}\n    <template id="app-scripts">${appTags.join('')}</template>\n    <script src="/${bootFile}"></script>`,
        );
      },
    },
  };
  // The web app manifest (vite-plugin-pwa's link, added to `<head>` by its own `enforce: 'post'`
  // plugin, listed before this one): kept in a template and linked when the service worker is
  // registered, at the first idle period after the load (lib/service-worker.ts). In `<head>` the
  // browser asked for the manifest and then its 192-px icon at once, on the slow link the first
  // paint's stylesheet and boot script and then the card's calls share (issue 26 §4).
  const keepManifest: Plugin = {
    name: 'sabai:static-home-manifest',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('app.html')) return html;
        const links = html.match(MANIFEST_LINK) ?? [];
        if (links.length !== 1) throw new Error(`sabai:static-home: app.html has ${links.length} manifest links, expected 1`);
        return html.replace(MANIFEST_LINK, '').replace('</body>', () => `  <template id="${MANIFEST_TEMPLATE_ID}">${links.join('')}</template>\n  </body>`);
      },
    },
  };
  return [linkHomeStylesheet, main, keepManifest];
}

export default defineConfig({
  root: resolveHere('.'),
  base: '/',
  resolve: {
    // zod through src/lib/zod-jitless.ts: no `new Function` probe under our CSP (see that file).
    alias: [{ find: /^zod$/, replacement: resolveHere('src/lib/zod-jitless.ts') }],
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // src/lib/service-worker.ts registers it after the page has loaded.
      injectRegister: null,
      manifest: {
        name: 'Sabai สบาย — ฝาก-ถอน อัตโนมัติ',
        short_name: 'Sabai',
        description: 'สมัครสมาชิก ฝาก-ถอน อัตโนมัติ คาสิโนสด สล็อต โป๊กเกอร์',
        lang: 'th',
        dir: 'ltr',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: BACKGROUND_COLOR,
        theme_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: code, styles and the offline page (the manifest's icons are added by the plugin).
        // HTML is not kept: a page is always asked of the network (the server says no-cache), and
        // offline.html answers when it cannot.
        globPatterns: ['assets/**/*.{js,css}', 'offline.html'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // A new version waits until every tab of the old one is closed: a page never mixes builds.
        skipWaiting: false,
        runtimeCaching: [
          {
            // Pages: network only; offline.html when the network fails. Never the API's paths, whose
            // answers (money) are never kept by the service worker: no route here matches them.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(auth-service|user-profile-composite|fund-composite|game-composite|rolling-composite|prize-composite|v2|bank-feed|admin-api|docs|healthz)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // Pictures that are not hashed (bank logos, brand, game tiles): shown at once, refreshed behind.
            urlPattern: ({ request, sameOrigin, url }) =>
              sameOrigin && request.destination === 'image' && /^\/(static\/banks|static\/brand|games|icons)\//.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 } },
          },
        ],
      },
    }),
    // Brotli and gzip next to every text file; the API sends them as they are (@fastify/static preCompressed).
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      threshold: 512,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
      ],
    }),
    compressServiceWorker(),
    staticHome(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // index.html: the public site (a signed-out first load of `/` without the member app);
    // login.html: /user/login (a signed-out first load without the member app, docs/adr/0028);
    // app.html: the member app under /user/ (the server picks one by path, docs/adr/0014).
    rollupOptions: {
      input: { index: resolveHere('index.html'), login: resolveHere('login.html'), app: resolveHere('app.html') },
      // A contract schema the site never uses is not built when its chunk loads: zod's builders make
      // no side effects, but the bundler cannot tell, and kept every unused `z.object(…)` call of a
      // contracts module the site imports (docs/adr/0036). The contracts' own helpers say so in
      // their source (`@__NO_SIDE_EFFECTS__`).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT_MODULES },
            // Only the listed modules: what else they import stays in its own group or chunk.
            { name: 'first-paint', test: (id: string) => FIRST_LOAD_GROUPS.allPages.has(id), includeDependenciesRecursively: false },
            { name: 'site-first-paint', test: (id: string) => FIRST_LOAD_GROUPS.landingAndHome.has(id), includeDependenciesRecursively: false },
            // With th.json (lib/translate.ts's, not a source module the walk lists): the signed-out first paints' text.
            { name: 'public-first-paint', test: (id: string) => FIRST_LOAD_GROUPS.landingAndLogin.has(id) || id === TH_JSON, includeDependenciesRecursively: false },
            { name: 'member-home-first-paint', test: (id: string) => FIRST_LOAD_GROUPS.homeOnly.has(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // Each route is its own chunk (router lazy()); warn if a shared chunk grows past this.
    chunkSizeWarningLimit: 400,
    // The pages' own <link rel=modulepreload> tags stay (HTML: asked for while the page is parsed).
    // A dynamic import asks for its chunk alone: the browser finds the chunk's imports in it, one
    // round trip later. Vite's helper added a link per dependency on the main thread instead, 30
    // at the member app's takeover: 1.3–2.8 ms each, the longest task after /user/home's first
    // paint (docs/adr/0036). CSS of a dynamic chunk is still loaded with it.
    modulePreload: { resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
  preview: { port: 4173 },
});
