/**
 * The main-thread tasks of a page load, from the traces `npm run bench:web` keeps under BENCH_REPORT_DIR.
 *
 *   npx tsx bench/web-trace-tasks.ts /tmp/runs/user-home-1.trace.json [more traces…]
 *   WEB_TRACE_MIN_MS=5 WEB_TRACE_TOP=12 npx tsx bench/web-trace-tasks.ts /tmp/runs/*.trace.json
 *
 * For each trace: the renderer main thread of the page's document (the process whose `navigationStart`
 * names an http(s) URL), every top-level task (`RunTask`) whose observed wall time (`dur`) is at least
 * WEB_TRACE_MIN_MS (default 5 ms: ×10 simulation makes it a 50 ms long task), with its start and its
 * thread time (`tdur`, which other processes' load stretches less than wall time), both in ms from the
 * navigation, marked before/after the observed first contentful paint, and what it did: the named
 * events inside it by self thread time (script evaluation and calls with their URL and function, style,
 * layout, paint, parse, GC…). Then per trace two sums over every top-level task: observed wall time of
 * the tasks ≥ 50 ms, and Σ max(0, 10·tdur − 50) ms (a ×10 blocking-time estimate for a quiet host, as in
 * docs/adr/0050), before and after the observed FCP; and the thread time, in the first 3 s, of the GPU
 * process's compositor thread (Viz) and the browser's main thread, which share the CPU with the page.
 *
 * Reads only the trace files; the figures are observed (unthrottled) times, not Lighthouse's simulated ones.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
}

interface Task {
  startUs: number;
  durUs: number;
  threadUs: number;
  children: Slice[];
}

interface Slice {
  event: TraceEvent;
  startUs: number;
  endUs: number;
  threadUs: number;
  childThreadUs: number;
}

const MIN_MS = Number(process.env.WEB_TRACE_MIN_MS ?? '5');
const TOP = Number(process.env.WEB_TRACE_TOP ?? '40');

/** Names that say nothing about what a task did (scheduling and tracing plumbing). */
const PLUMBING = /^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask|SequenceManager|TaskGraphRunner|Scheduler|PageAnimator|ScheduleStyleRecalculation|InvalidateLayout|TimerInstall|RequestMainThreadFrame|BeginMainThreadFrame|NeedsBeginFrameChanged|PaintTimingVisualizer|Layer:|SetLayerTreeId|UpdateCounters|Screenshot|ResourceChangePriority|ThrottlingURLLoader|MojoURLLoaderClient|ResourceRequestSender|PageTimingMetricsSender|MetricsWebContentsObserver|FrameLoader:)/;

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = typeof data.url === 'string' ? data.url.replace(/^https?:\/\/[^/]+/, '') : '';
  const fn = typeof data.functionName === 'string' && data.functionName ? `${data.functionName}` : '';
  const type = typeof data.type === 'string' ? data.type : '';
  const stack = Array.isArray(data.stackTrace) ? (data.stackTrace[0] as { url?: string; functionName?: string } | undefined) : undefined;
  const stackUrl = stack?.url ? stack.url.replace(/^https?:\/\/[^/]+/, '') : '';
  const detail = [type, url || stackUrl, fn || stack?.functionName || ''].filter(Boolean).join(' ');
  return detail ? `${event.name}(${detail})` : event.name;
}

function readTrace(file: string): TraceEvent[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** What one trace's page load ran on its main thread (ms, observed): see the header. */
export interface TraceSummary {
  fcpMs: number | null;
  threadBeforeFcpMs: number;
  wallOfTasksOver50Ms: number;
  blocking10BeforeFcpMs: number;
  blocking10AfterFcpMs: number;
  longestAfterFcpThreadMs: number;
  /** Thread time of the GPU process's compositor (Viz) and the browser's main thread, first 3 s from the navigation. */
  vizFirst3sMs: number;
  browserMainFirst3sMs: number;
}

/** Prints the tasks of one trace file (see the header) and returns its sums. */
export function analyse(file: string): TraceSummary | null {
  const events = readTrace(file);
  const navigation = events.find((event) => event.name === 'navigationStart' && /^https?:/.test(String(event.args?.data?.documentLoaderURL ?? '')));
  if (!navigation) {
    console.log(`${path.basename(file)}: no navigationStart of an http(s) document`);
    return null;
  }
  const { pid, tid } = navigation;
  const frame = navigation.args?.frame;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid && event.args?.frame === frame && event.ts >= navigation.ts);
  const originUs = navigation.ts;
  const fcpUs = fcp ? fcp.ts : Number.POSITIVE_INFINITY;
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && typeof event.dur === 'number').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const tasks: Task[] = [];
  let current: Task | null = null;
  for (const event of thread) {
    const endUs = event.ts + (event.dur ?? 0);
    if (event.name === 'RunTask' && (!current || event.ts >= current.startUs + current.durUs)) {
      current = { startUs: event.ts, durUs: event.dur ?? 0, threadUs: event.tdur ?? event.dur ?? 0, children: [] };
      tasks.push(current);
      continue;
    }
    if (current && event.ts < current.startUs + current.durUs) {
      current.children.push({ event, startUs: event.ts, endUs, threadUs: event.tdur ?? event.dur ?? 0, childThreadUs: 0 });
    }
  }
  // Self thread time of each named slice: its time minus its direct children's.
  for (const task of tasks) {
    const stack: Slice[] = [];
    for (const slice of task.children) {
      while (stack.length > 0 && (stack.at(-1) as Slice).endUs <= slice.startUs) stack.pop();
      const parent = stack.at(-1);
      if (parent && slice.endUs <= parent.endUs) parent.childThreadUs += slice.threadUs;
      stack.push(slice);
    }
  }

  const ms = (us: number) => (us / 1000).toFixed(1);
  const longTasks = tasks.filter((task) => task.startUs >= originUs && task.durUs >= MIN_MS * 1000);
  console.log(`\n${path.basename(file)}: renderer main ${pid}, observed FCP ${fcp ? ms(fcpUs - originUs) : '—'} ms; ${longTasks.length} tasks ≥ ${MIN_MS} ms (start / wall / thread, ms from navigation)`);
  for (const task of [...longTasks].sort((a, b) => b.durUs - a.durUs).slice(0, TOP).sort((a, b) => a.startUs - b.startUs)) {
    const bySelf = new Map<string, number>();
    for (const slice of task.children) {
      if (PLUMBING.test(slice.event.name)) continue;
      const key = describe(slice.event);
      bySelf.set(key, (bySelf.get(key) ?? 0) + Math.max(0, slice.threadUs - slice.childThreadUs));
    }
    const parts = [...bySelf.entries()].filter(([, us]) => us >= 300).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([key, us]) => `${key} ${ms(us)}`);
    const when = task.startUs < fcpUs ? 'before' : 'after ';
    console.log(`  ${when} ${ms(task.startUs - originUs).padStart(7)} ${ms(task.durUs).padStart(6)} ${ms(task.threadUs).padStart(6)}  ${parts.join(' | ') || '(nothing named)'}`);
  }
  const sum = (list: Task[], value: (task: Task) => number) => list.reduce((total, task) => total + value(task), 0);
  const afterOrigin = tasks.filter((task) => task.startUs >= originUs);
  const before = afterOrigin.filter((task) => task.startUs < fcpUs);
  const after = afterOrigin.filter((task) => task.startUs >= fcpUs);
  const wallOver50 = (task: Task) => (task.durUs >= 50_000 ? task.durUs : 0);
  const blocking10 = (task: Task) => Math.max(0, 10 * task.threadUs - 50_000);
  console.log(
    `  Σ wall of tasks ≥ 50 ms: ${ms(sum(afterOrigin, wallOver50))} ms; Σ thread before FCP ${ms(sum(before, (task) => task.threadUs))} ms; Σ max(0, 10·tdur − 50): before FCP ${ms(sum(before, blocking10))}, after ${ms(sum(after, blocking10))} ms`,
  );
  // The other threads sharing the CPU: every frame the page makes is composited by Viz (and, in a
  // Lighthouse trace, copied as a screenshot by the browser), whatever the page's main thread does.
  const threadNames = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, String(event.args?.name));
  const otherThreadMs = (name: string) =>
    events
      .filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.ts >= originUs && event.ts < originUs + 3_000_000 && threadNames.get(`${event.pid}:${event.tid}`) === name)
      .reduce((total, event) => total + (event.tdur ?? 0), 0) / 1000;
  const vizFirst3sMs = otherThreadMs('VizCompositorThread');
  const browserMainFirst3sMs = otherThreadMs('CrBrowserMain');
  console.log(`  other threads, first 3 s (thread time): Viz compositor ${ms(vizFirst3sMs * 1000)} ms, browser main ${ms(browserMainFirst3sMs * 1000)} ms`);
  return {
    vizFirst3sMs,
    browserMainFirst3sMs,
    fcpMs: fcp ? (fcpUs - originUs) / 1000 : null,
    threadBeforeFcpMs: sum(before, (task) => task.threadUs) / 1000,
    wallOfTasksOver50Ms: sum(afterOrigin, wallOver50) / 1000,
    blocking10BeforeFcpMs: sum(before, blocking10) / 1000,
    blocking10AfterFcpMs: sum(after, blocking10) / 1000,
    longestAfterFcpThreadMs: Math.max(0, ...after.map((task) => task.threadUs)) / 1000,
  };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
const files = isMain ? process.argv.slice(2) : [];
if (isMain && files.length === 0) {
  console.error('usage: npx tsx bench/web-trace-tasks.ts <trace.json>…');
  process.exit(1);
}
for (const file of files) analyse(file);
