import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { sleep } from './http-client.ts';

/**
 * The product's processes as the scale test runs them: `node <entry>` children (compiled bundles,
 * or `node --import tsx <entry>` for TypeScript source),
 * configured only by their environment (as production runs `npm run api` / `worker` / `sandbox`),
 * each writing stdout and stderr to its own log file. Killed with SIGKILL (no goodbye: the
 * point of the test) and started again on demand.
 */
export type ProcessKind = 'api' | 'worker' | 'sandbox';

export interface ManagedProcess {
  name: string;
  kind: ProcessKind;
  entry: string;
  env: Record<string, string>;
  /** The HTTP port (API and sandbox); workers have none. */
  port: number | null;
  logPath: string;
  child: ChildProcess | null;
  /** How many times it was started. */
  starts: number;
  /** Exits we did not cause (a crash): each is a failed check. */
  unexpectedExits: string[];
}

export function createManagedProcess(options: Omit<ManagedProcess, 'child' | 'starts' | 'unexpectedExits'>): ManagedProcess {
  return { ...options, child: null, starts: 0, unexpectedExits: [] };
}

export function startProcess(process_: ManagedProcess, cwd: string): void {
  if (process_.child) throw new Error(`${process_.name} is already running`);
  const logFd = openSync(process_.logPath, 'a');
  // A compiled entry (`.mjs`, docs/adr/0037) runs on plain node; TypeScript source through tsx.
  const loader = process_.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...extraNodeArguments(), ...loader, process_.entry], {
    cwd,
    env: process_.env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  process_.starts += 1;
  process_.child = child;
  child.once('exit', (code, signal) => {
    // `child` is cleared by whoever stops it on purpose, before the signal is sent.
    if (process_.child === child) {
      process_.unexpectedExits.push(`exit code ${code} signal ${signal}`);
      process_.child = null;
    }
  });
}

/**
 * SCALE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for every product process
 * (bench/README.md, "Profiling"); flags like --cpu-prof are refused in NODE_OPTIONS.
 */
function extraNodeArguments(): string[] {
  return (process.env.SCALE_NODE_ARGS ?? '').split(' ').filter((argument) => argument !== '');
}

/** kill -9, and wait for the exit. */
export async function killHard(process_: ManagedProcess): Promise<void> {
  const child = process_.child;
  if (!child) return;
  process_.child = null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
}

/** SIGTERM (the processes close gracefully), then SIGKILL after `timeoutMs`. */
export async function stopProcess(process_: ManagedProcess, timeoutMs = 5_000): Promise<void> {
  const child = process_.child;
  if (!child) return;
  process_.child = null;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** A port that is free right now, chosen by the kernel (listen on 0, then close). */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `url` until it answers 200. @throws after `timeoutMs`, naming the process's last log lines. */
export async function waitForHttpOk(url: string, timeoutMs: number, process_?: ManagedProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const isOk = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.body?.cancel();
        return response.ok;
      })
      .catch(() => false);
    if (isOk) return;
    if (process_ && !process_.child) break;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms${process_ ? `; ${process_.name} log tail:\n${logTail(process_.logPath)}` : ''}`);
}

export function logTail(logPath: string, lines = 20): string {
  try {
    return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Warning and error lines of a process log (pino JSON, level ≥ 40), grouped by message:
 * [message, count], most frequent first.
 */
export function logProblems(logPath: string): Array<[string, number]> {
  let text: string;
  try {
    text = readFileSync(logPath, 'utf8');
  } catch {
    return [];
  }
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let message: string;
    try {
      const entry = JSON.parse(line) as { level?: unknown; msg?: unknown; err?: { message?: unknown } };
      if (typeof entry.level !== 'number' || entry.level < 40) continue;
      const errorMessage = typeof entry.err?.message === 'string' ? `: ${entry.err.message}` : '';
      message = `${entry.level >= 50 ? 'ERROR' : 'WARN'} ${String(entry.msg)}${errorMessage}`;
    } catch {
      // Not pino JSON: a crash trace or a warning from node itself.
      message = `RAW ${line.slice(0, 200)}`;
    }
    message = message.slice(0, 240);
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}
