import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createScaleDatabase, REPO_ROOT } from '../scale/product.ts';
import { findFreePort } from '../scale/processes.ts';
import { envInteger } from './env-integer.ts';

/**
 * `npm run bench:cold-start` (issue 24 §3): how long an API process takes from spawn to its first
 * `/healthz` 200, on PostgreSQL (a fresh database of the `DATABASE_URL` server, migrated and seeded
 * first, so the start itself applies no migration, as a restart in production does). Each way of
 * starting it that exists is measured COLD_START_RUNS times (default 5), one process at a time,
 * polled every POLL_MS; prints min / median / max. Asserts nothing. docs/adr/0037.
 */

const POLL_MS = 20;
const START_TIMEOUT_MS = 60_000;

interface Variant {
  name: string;
  command: string;
  args: string[];
  isAvailable: boolean;
}

const compiledApi = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');
const VARIANTS: Variant[] = [
  { name: 'tsx CLI (npm run api before)', command: path.join(REPO_ROOT, 'node_modules/.bin/tsx'), args: ['apps/api/src/server.ts'], isAvailable: true },
  { name: 'node --import tsx (scale test before)', command: process.execPath, args: ['--import', 'tsx', 'apps/api/src/server.ts'], isAvailable: true },
  { name: 'node dist/server.mjs (compiled)', command: process.execPath, args: [compiledApi], isAvailable: existsSync(compiledApi) },
  { name: 'node scripts/run-server.mjs api (npm run api after)', command: process.execPath, args: ['scripts/run-server.mjs', 'api'], isAvailable: existsSync(compiledApi) },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** One start: spawn → first /healthz 200, in ms; the process is then stopped (SIGTERM, then SIGKILL). */
async function measureOnce(variant: Variant, databaseUrl: string): Promise<number> {
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  try {
    while (performance.now() - startedAt < START_TIMEOUT_MS) {
      if (hasExited) throw new Error(`${variant.name} exited before answering`);
      if (await isHealthy(`http://127.0.0.1:${port}/healthz`)) return performance.now() - startedAt;
      await sleep(POLL_MS);
    }
    throw new Error(`${variant.name} did not answer within ${START_TIMEOUT_MS} ms`);
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const runs = envInteger('COLD_START_RUNS', 5, 1, 50);
  const database = await createScaleDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  try {
    for (const variant of VARIANTS) {
      if (!variant.isAvailable) {
        console.log(`${variant.name}: not built (npm run build)`);
        continue;
      }
      const timesMs: number[] = [];
      for (let run = 0; run < runs; run += 1) timesMs.push(await measureOnce(variant, database.url));
      const seconds = (ms: number) => (ms / 1_000).toFixed(2);
      console.log(`${variant.name}: min ${seconds(Math.min(...timesMs))} s, median ${seconds(median(timesMs))} s, max ${seconds(Math.max(...timesMs))} s (${runs} runs: ${timesMs.map(seconds).join(', ')})`);
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
