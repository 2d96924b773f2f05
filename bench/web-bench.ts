/**
 * Member-site delivery benchmark (issue 14 §1). Builds apps/web, starts the product the way the
 * quick start does (in-memory PGlite, sandbox, API serving apps/web/dist) on free ports and runs
 * Lighthouse 12 (mobile, default simulated throttling) in Debian's Chromium on three pages:
 * `/`, `/user/login` and `/user/home` signed in as the demo member. Prints numbers; asserts nothing.
 *
 *   npm run bench:web
 *   BENCH_RUNS=5 npm run bench:web
 *
 * Env: BENCH_RUNS (default 3; each figure is the run with the median performance score),
 * BENCH_SKIP_BUILD=1 (serve apps/web/dist as it is), BENCH_PAGES (e.g. "/,/user/login": only those),
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_WEB_DIST (serve that build folder instead of
 * apps/web/dist, with BENCH_SKIP_BUILD=1: interleave two builds without swapping folders),
 * BENCH_REPORT_DIR (writes each run's Lighthouse JSON and its trace there; the trace of a run
 * Lighthouse could not measure too), BENCH_CPU_SLOWDOWN
 * (Lighthouse's `throttling.cpuSlowdownMultiplier`, default 4: the simulation multiplies the main
 * thread's observed time by it, layout tasks by half of it), BENCH_STORED_SETTINGS=1 (the signed-in
 * page also finds the site settings in local storage, as a member who signed in through the login
 * page, or visited any page of the site before, has them: `sabai.siteSettings`, lib/stored-site-settings.ts;
 * without it the home's first load has no stored settings, a first visit's case: since docs/adr/0050's
 * addendum app.html carries the settings itself, so both cases draw the same home).
 *
 * A run Lighthouse cannot measure (a runtime error such as NO_NAVSTART: its trace has no start of
 * the page's navigation) is made again, up to 3 attempts, and said so in the output.
 *
 * Every run prints Lighthouse's benchmarkIndex (its measure of this host's CPU at that moment; the
 * simulated phone is this host slowed 4×, so a low index is a slower phone) and the summary gives
 * their range: the target (issue 26 §4) holds at any index, so read each score with its index.
 *
 * Every run gets a fresh Chromium profile, so nothing is cached and no service worker is
 * installed. The signed-in page gets its session the way the site keeps it: the token and user
 * are written to local storage on a same-origin page that loads no asset, then Lighthouse runs
 * without its own storage reset (which would wipe them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { REPO_ROOT, startStack } from '../scripts/stack.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_STORED_SETTINGS=1: the signed-in page finds the site settings stored (see the header). */
const STORE_SETTINGS = process.env.BENCH_STORED_SETTINGS === '1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = parsePositiveInteger('BENCH_RUNS', process.env.BENCH_RUNS ?? '3');
const REPORT_DIR = process.env.BENCH_REPORT_DIR ? path.resolve(process.env.BENCH_REPORT_DIR) : null;
const DEMO_MEMBER = { phoneNumber: '0800000001', password: 'demo1234' };
const CHROMIUM_START_TIMEOUT_MS = 15_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Lighthouse 12's mobile throttling (its constants.js `mobileSlow4G`), with the CPU multiplier of BENCH_CPU_SLOWDOWN. */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN === undefined ? 4 : Number(process.env.BENCH_CPU_SLOWDOWN);
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number ≥ 1, got "${process.env.BENCH_CPU_SLOWDOWN}"`);
const THROTTLING = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: CPU_SLOWDOWN,
};

interface PageToMeasure {
  name: string;
  path: string;
  isSignedIn: boolean;
}

const ALL_PAGES: PageToMeasure[] = [
  { name: '/', path: '/', isSignedIn: false },
  { name: '/user/login', path: '/user/login', isSignedIn: false },
  { name: '/user/home (signed in)', path: '/user/home', isSignedIn: true },
];
/** BENCH_PAGES=/,/user/login measures only those (by path). */
const PAGES = process.env.BENCH_PAGES ? ALL_PAGES.filter((page) => process.env.BENCH_PAGES?.split(',').includes(page.path)) : ALL_PAGES;

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  benchmarkIndex: number | null;
  /** Same-origin scripts the page requested, gzip-9 size (independent of what the server sends). */
  scriptGzipBytes: number;
  scriptCount: number;
  /** Bytes the server actually sent for every request (headers included), as Lighthouse saw them. */
  transferBytes: number;
  failedAudits: string[];
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

function parsePositiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${text}"`);
  return value;
}

/** Starts Chromium with a fresh profile and its DevTools port; resolves once the port is open. */
async function launchChromium(): Promise<{ port: number; process: ChildProcess; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'sabai-web-bench-'));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: 'ignore',
    detached: true, // its own process group: closing ends its renderer and utility processes too
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    await exited;
    await sleep(200); // the group's last processes let go of the profile
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const portFile = path.join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + CHROMIUM_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
      if (Number.isInteger(port) && port > 0) return { port, process: child, close };
    }
    await sleep(100);
  }
  await close();
  throw new Error(`Chromium (${CHROMIUM_PATH}) did not open a DevTools port within ${CHROMIUM_START_TIMEOUT_MS} ms`);
}

/** Logs the demo member in through the API, as the login form does. */
async function signInDemoMember(origin: string): Promise<{ token: string; user: unknown }> {
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const response = await fetch(`${origin}/auth-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': prefix.data.appId },
    body: JSON.stringify({ phoneNumber: DEMO_MEMBER.phoneNumber, Password: DEMO_MEMBER.password }),
  });
  const body = (await response.json()) as { success: boolean; message: string; authToken?: string; data?: unknown };
  if (!body.success || !body.authToken) throw new Error(`demo member login failed: ${body.message}`);
  return { token: body.authToken, user: body.data };
}

/**
 * Writes the session into the fresh profile's local storage from `/healthz` (same origin, JSON,
 * no asset), so the measured load still starts with an empty HTTP cache.
 */
async function storeSession(port: number, origin: string, session: { token: string; user: unknown }): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    // A string: the bench is type-checked without the DOM library.
    await page.evaluate(
      `localStorage.setItem('sabai.token', ${JSON.stringify(session.token)}); localStorage.setItem('sabai.user', ${JSON.stringify(JSON.stringify(session.user))})`,
    );
    if (STORE_SETTINGS) {
      const prefix = (await (await fetch(`${origin}/v2/prefix`, { headers: { 'Accept-Language': 'th' } })).json()) as { success: boolean; data?: unknown };
      if (!prefix.success || prefix.data === undefined) throw new Error('GET /v2/prefix gave no settings to store');
      await page.evaluate(`localStorage.setItem('sabai.siteSettings', ${JSON.stringify(JSON.stringify(prefix.data))})`);
    }
    await page.close();
  } finally {
    await browser.close(); // over CDP this disconnects; Chromium keeps running
  }
}

async function gzipSizeOf(url: string, cache: Map<string, number>): Promise<number> {
  const known = cache.get(url);
  if (known !== undefined) return known;
  // Asked again once: on a loaded host the server has reset the connection (ECONNRESET) and ended the whole bench.
  const download = async () => Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const body = await download().catch(() => download());
  const size = gzipSync(body, { level: 9 }).length;
  cache.set(url, size);
  return size;
}

async function measure(page: PageToMeasure, origin: string, session: { token: string; user: unknown }, gzipCache: Map<string, number>, run: number): Promise<RunFigures> {
  const browser = await launchChromium();
  try {
    if (page.isSignedIn) await storeSession(browser.port, origin, session);
    const result = await lighthouse(`${origin}${page.path}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: page.isSignedIn,
      // Lighthouse's own default unless BENCH_CPU_SLOWDOWN is set (then the same network, that CPU).
      ...(process.env.BENCH_CPU_SLOWDOWN === undefined ? {} : { throttling: THROTTLING }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const lhr = result.lhr;
    const baseName = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'index'}-${run}`;
    if (lhr.runtimeError) {
      // Kept for a look (the trace Lighthouse could not read): which navigation it saw, and which it did not.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      let kept: string | undefined;
      if (REPORT_DIR && trace) {
        mkdirSync(REPORT_DIR, { recursive: true });
        kept = path.join(REPORT_DIR, `${baseName}-${lhr.runtimeError.code}-${Date.now()}.trace.json`);
        writeFileSync(kept, JSON.stringify(trace));
      }
      throw new LighthouseRunError(lhr.runtimeError.code, `Lighthouse runtime error on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}${kept ? ` (trace: ${kept})` : ''}`);
    }
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const fileName = `${baseName}.json`;
      writeFileSync(path.join(REPORT_DIR, fileName), JSON.stringify(lhr));
      // The trace Lighthouse recorded (observed, unthrottled; its simulation multiplies CPU time by 4).
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(path.join(REPORT_DIR, fileName.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? []);
    const scripts = requests.filter((request) => request.resourceType === 'Script' && request.url.startsWith(origin));
    let scriptGzipBytes = 0;
    for (const script of scripts) scriptGzipBytes += await gzipSizeOf(script.url, gzipCache);
    const failedAudits = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'metricSavings'))
      .map((audit) => audit.id);
    return {
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null])) as RunFigures['scores'],
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      speedIndexMs: numeric('speed-index'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      scriptGzipBytes,
      scriptCount: scripts.length,
      transferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      failedAudits,
    };
  } finally {
    await browser.close();
  }
}

/** A run Lighthouse could not measure (lhr.runtimeError: NO_NAVSTART, NO_FCP…): the run is made again. */
class LighthouseRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
/** Attempts of one run before the bench gives up on it (a runtime error is the trace's, not the page's). */
const ATTEMPTS_PER_RUN = 3;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const score = (value: number | null) => (value === null ? '—' : value.toFixed(2));

function median(runs: RunFigures[]): RunFigures {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] as RunFigures;
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building the member site (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const webDistDir = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : undefined;
if (webDistDir) console.log(`Serving ${webDistDir}`);
const stack = await startStack({ apiPort: 0, sandboxPort: 0, logLevel: 'warn', ...(webDistDir ? { env: { WEB_DIST_DIR: webDistDir } } : {}) });
const results: { page: PageToMeasure; runs: RunFigures[] }[] = [];
try {
  const session = await signInDemoMember(stack.apiUrl);
  const gzipCache = new Map<string, number>();
  for (const page of PAGES) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const loadAtStart = loadavg()[0]?.toFixed(1) ?? '—';
      let figures: RunFigures | undefined;
      for (let attempt = 1; figures === undefined; attempt += 1) {
        try {
          figures = await measure(page, stack.apiUrl, session, gzipCache, run);
        } catch (error) {
          if (!(error instanceof LighthouseRunError) || attempt >= ATTEMPTS_PER_RUN) throw error;
          console.log(`  ${page.name} run ${run}/${RUNS}: attempt ${attempt} not measured, ${error.message}; again`);
        }
      }
      runs.push(figures);
      console.log(
        `  ${page.name} run ${run}/${RUNS}: performance ${score(figures.scores.performance)}, LCP ${seconds(figures.lcpMs)}, FCP ${seconds(figures.fcpMs)}, TBT ${Math.round(figures.tbtMs)} ms, benchmarkIndex ${figures.benchmarkIndex ?? '—'}, load ${loadAtStart}`,
      );
    }
    results.push({ page, runs });
  }
} finally {
  await stack.close();
}

const indexes = results.flatMap(({ runs }) => runs.map((run) => run.benchmarkIndex ?? Number.NaN)).filter((index) => !Number.isNaN(index));
console.log(
  `\nLighthouse 12 mobile (simulated throttling, CPU ×${CPU_SLOWDOWN}), ${RUNS} run(s) per page, median by performance; benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)}; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}\n`,
);
console.log('| page | performance | benchmarkIndex | accessibility | best practices | FCP | LCP | TBT | SI | CLS | JS requested (gzip) | transferred |');
console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
for (const { page, runs } of results) {
  const figures = median(runs);
  const performanceRange = runs.map((run) => score(run.scores.performance)).join(' / ');
  console.log(
    `| ${page.name} | ${score(figures.scores.performance)} (${performanceRange}) | ${runs.map((run) => Math.round(run.benchmarkIndex ?? Number.NaN)).join(' / ')} | ${score(figures.scores.accessibility)} | ${score(figures.scores['best-practices'])} | ${seconds(figures.fcpMs)} | ${seconds(figures.lcpMs)} | ${Math.round(figures.tbtMs)} ms | ${seconds(figures.speedIndexMs)} | ${figures.cls.toFixed(3)} | ${kB(figures.scriptGzipBytes)} in ${figures.scriptCount} files | ${kB(figures.transferBytes)} |`,
  );
}
const landingResult = results.find(({ page }) => page.path === '/');
const landing = landingResult && median(landingResult.runs);
if (landing) console.log(`\nJS a visitor's first load of / needs: ${kB(landing.scriptGzipBytes)} gzip (${landing.scriptCount} files)`);
for (const { page, runs } of results) {
  const failed = median(runs).failedAudits;
  if (failed.length > 0) console.log(`Audits below 1 on ${page.name}: ${failed.join(', ')}`);
}
