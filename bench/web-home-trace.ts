/**
 * The signed-in home's first load traced, two builds alternated (docs/adr/0064): for each load a fresh
 * Chromium (Playwright, 390×844, the demo member's session stored as after a login), a Chrome trace of
 * the load (the devtools timeline categories), read by bench/web-trace-tasks.ts: each main-thread task's
 * thread time (`tdur`), which the other processes' load stretches far less than wall time.
 *
 *   npx tsx bench/web-home-trace.ts <distA> <distB> [loads per build, default 5] [trace folder]
 *
 * Prints each load's tasks and, per build, the median and range of: thread time before the observed
 * first contentful paint, Σ max(0, 10·tdur − 50) before and after it, the longest task after it.
 * Also writes a 390×844 PNG of each build's home (first load) into the trace folder.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { startStack } from '../scripts/stack.ts';
import { analyse, type TraceSummary } from './web-trace-tasks.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_MEMBER = { phoneNumber: '0800000001', password: 'demo1234' };
/** Lighthouse's own trace has the screenshots too: each new frame is copied, as in a bench:web run. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'loading', 'blink.user_timing', 'v8.execute', 'toplevel'];
/** How long after the load event a load is traced: the card's calls, the member app's code, the idle tasks. */
const AFTER_LOAD_MS = 4_000;

const [distA, distB, loadsText = '5', outText = '/tmp/web-home-trace'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: npx tsx bench/web-home-trace.ts <distA> <distB> [loads per build] [trace folder]');
  process.exit(1);
}
const loads = Number(loadsText);
const outDir = path.resolve(outText);
mkdirSync(outDir, { recursive: true });

async function signIn(origin: string): Promise<{ token: string; user: unknown }> {
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const response = await fetch(`${origin}/auth-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': prefix.data.appId },
    body: JSON.stringify({ phoneNumber: DEMO_MEMBER.phoneNumber, Password: DEMO_MEMBER.password }),
  });
  const body = (await response.json()) as { authToken?: string; data?: unknown };
  if (!body.authToken) throw new Error('demo member login failed');
  return { token: body.authToken, user: body.data };
}

async function traceLoad(origin: string, session: { token: string; user: unknown }, traceFile: string, screenshotFile: string | null): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate(
      `localStorage.setItem('sabai.token', ${JSON.stringify(session.token)}); localStorage.setItem('sabai.user', ${JSON.stringify(JSON.stringify(session.user))})`,
    );
    await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.goto(`${origin}/user/home`, { waitUntil: 'load' });
    await sleep(AFTER_LOAD_MS);
    await browser.stopTracing();
    if (screenshotFile) await page.screenshot({ path: screenshotFile });
  } finally {
    await browser.close();
  }
}

const builds = [
  { name: 'A', dist: path.resolve(distA) },
  { name: 'B', dist: path.resolve(distB) },
];
const stacks = await Promise.all(builds.map((build) => startStack({ apiPort: 0, sandboxPort: 0, logLevel: 'warn', env: { WEB_DIST_DIR: build.dist } })));
const summaries = new Map<string, TraceSummary[]>(builds.map((build) => [build.name, []]));
try {
  const sessions = await Promise.all(stacks.map((stack) => signIn(stack.apiUrl)));
  for (let load = 1; load <= loads; load += 1) {
    for (const [index, build] of builds.entries()) {
      const traceFile = path.join(outDir, `${build.name}-${load}.trace.json`);
      const stack = stacks[index];
      const session = sessions[index];
      if (!stack || !session) throw new Error('no stack');
      console.log(`\n${build.name} (${build.dist}) load ${load}/${loads}, load average ${loadavg()[0]?.toFixed(1)}`);
      await traceLoad(stack.apiUrl, session, traceFile, load === 1 ? path.join(outDir, `${build.name}-home.png`) : null);
      const summary = analyse(traceFile);
      if (summary) summaries.get(build.name)?.push(summary);
    }
  }
} finally {
  await Promise.all(stacks.map((stack) => stack.close()));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const figure = (values: number[]) => `${median(values).toFixed(1)} [${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}]`;
console.log('\n| figure (ms, median [min–max]) | ' + builds.map((build) => build.name).join(' | ') + ' |');
console.log('| --- | ' + builds.map(() => '--:').join(' | ') + ' |');
const rows: [string, (summary: TraceSummary) => number][] = [
  ['observed FCP', (summary) => summary.fcpMs ?? Number.NaN],
  ['thread time of the tasks before FCP', (summary) => summary.threadBeforeFcpMs],
  ['Σ max(0, 10·tdur − 50) before FCP', (summary) => summary.blocking10BeforeFcpMs],
  ['Σ max(0, 10·tdur − 50) after FCP', (summary) => summary.blocking10AfterFcpMs],
  ['longest task after FCP (thread)', (summary) => summary.longestAfterFcpThreadMs],
  ['Σ wall of tasks ≥ 50 ms', (summary) => summary.wallOfTasksOver50Ms],
  ['Viz compositor thread time, first 3 s', (summary) => summary.vizFirst3sMs],
  ['browser main thread time, first 3 s', (summary) => summary.browserMainFirst3sMs],
];
for (const [name, value] of rows) console.log(`| ${name} | ${builds.map((build) => figure((summaries.get(build.name) ?? []).map(value))).join(' | ')} |`);
