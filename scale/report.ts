import type { CheckResult, OutboxHandlerFigures, PeriodicJobFigures, SettleFigures } from './checks.ts';
import type { ServerStats } from './haproxy.ts';
import type { Metrics } from './metrics.ts';
import type { SimulatedMember } from './simulated-member.ts';
import type { StreamFigures } from './stream-checks.ts';

/** A process killed with SIGKILL and started again; times from the start of the load. */
export interface ChaosEvent {
  name: string;
  killedAtMs: number;
  restartedAtMs: number;
  /** Healthy again (API) or connected to PostgreSQL again (worker). */
  backAtMs: number;
}

export interface Report {
  settings: { durationMs: number; memberCount: number };
  startupMs: number;
  loadMs: number;
  metrics: Metrics;
  members: readonly SimulatedMember[];
  deposits: Record<string, number>;
  withdrawals: Record<string, number>;
  chaos: readonly ChaosEvent[];
  serverStats: readonly ServerStats[];
  streams: StreamFigures;
  periodicRows: readonly PeriodicJobFigures[];
  openAtEnd: Record<string, number>;
  settle: SettleFigures;
  outbox: readonly OutboxHandlerFigures[];
  logProblems: ReadonlyArray<{ name: string; problems: Array<[string, number]> }>;
  checks: readonly CheckResult[];
  /** From the start until the checks ended (teardown not included). */
  totalMs: number;
  isPassed: boolean;
  runDir: string;
}

const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;
const pad = (text: string | number, width: number) => String(text).padStart(width);
const figuresLine = (figures: Record<string, number>) => Object.entries(figures).map(([name, value]) => `${name} ${value}`).join(', ');

/** The figures of a run, then the checks (scale/README.md explains how to read them). */
export function printReport(report: Report): void {
  const { metrics } = report;
  const lines: string[] = [];
  lines.push('', `== operations (${report.settings.memberCount} members, load ${seconds(report.loadMs)}, ${metrics.totalCalls()} calls)`);
  lines.push(`${'kind'.padEnd(20)}${pad('ok', 7)}${pad('refused', 9)}${pad('errors', 8)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}`);
  for (const row of metrics.rows()) {
    lines.push(`${row.kind.padEnd(20)}${pad(row.ok, 7)}${pad(row.refused, 9)}${pad(row.error, 8)}${pad(row.p50Ms.toFixed(0), 9)}${pad(row.p99Ms.toFixed(0), 9)}${pad(row.maxMs.toFixed(0), 9)}`);
  }
  const spins = report.members.reduce((sum, member) => sum + member.spins, 0);
  const retries = report.members.reduce((sum, member) => sum + member.moneyCallRetries, 0);
  lines.push(`money calls repeated with the same idempotency key after no answer or a 502/503/504: ${retries}; wheel spins won or lost: ${spins}`);

  lines.push('', '== refusals (4xx: the product said no) and errors (no answer, 429, 5xx) by kind, status and code');
  const notOk = metrics.notOkRows();
  if (notOk.length === 0) lines.push('none');
  for (const row of notOk) lines.push(`${row.outcome.padEnd(8)} ${row.kind.padEnd(20)} ${pad(row.status, 3)} ${row.code.padEnd(28)} ${pad(row.count, 6)}`);
  const timeline = metrics.errorTimeline();
  if (timeline.length > 0) lines.push(`errors by second of the load: ${timeline.map(([second, count]) => `${second}s:${count}`).join(' ')}`);

  lines.push('', '== deposits and withdrawals');
  lines.push(`deposits: ${figuresLine(report.deposits)}`);
  lines.push(`withdrawals: ${figuresLine(report.withdrawals)}`);
  lines.push(`open when the load stopped: ${figuresLine(report.settle.openAtStart)}`);
  lines.push(`settling: ${report.settle.steps.length === 0 ? 'nothing to wait for' : report.settle.steps.map((step) => `${step.what} at ${seconds(step.atMs)}`).join(', ')}`);
  lines.push(`open at the end: ${figuresLine(report.openAtEnd)}`);
  lines.push('outbox follow-ups (from the event to the delivery done):');
  for (const row of report.outbox) {
    const counts = row.handler.startsWith('(') ? `${pad(row.deliveries, 6)} events relayed` : `${pad(row.deliveries, 6)} deliveries, ${row.retried} retried, ${row.dead} dead`;
    lines.push(`  ${row.handler.padEnd(22)} ${counts}; delay p50 ${row.p50DelayS.toFixed(1)} s, p99 ${row.p99DelayS.toFixed(1)} s, max ${row.maxDelayS.toFixed(1)} s`);
  }

  lines.push('', '== restarts (kill -9, then started again; times from the start of the load)');
  for (const event of report.chaos) {
    lines.push(`${event.name}: killed at ${seconds(event.killedAtMs)}, started at ${seconds(event.restartedAtMs)}, back at ${seconds(event.backAtMs)} (down ${seconds(event.backAtMs - event.killedAtMs)})`);
  }
  if (report.serverStats.length > 0) {
    lines.push(`HAProxy: ${report.serverStats.map((server) => `${server.name} ${server.requests} requests, ${server.responses5xx} 5xx, down ${server.checkDowns}× (${server.status})`).join('; ')}`);
  }

  const { streams } = report;
  lines.push('', '== live balance streams (SSE through HAProxy)');
  lines.push(`streams ${streams.streams}, connections ${streams.connections} (reconnects ${streams.reconnects})`);
  lines.push(`deposit events: expected ${streams.expected}, received ${streams.received}, missed on the killed process ${streams.missedOnKilledProcess} (excused), missed on surviving processes ${streams.missedOnSurvivingProcess}, deposits sent while reconnecting ${streams.notCovered} (not counted)`);
  lines.push(`uninterrupted streams: ${streams.exact.members} members, deposit events received ${streams.exact.received} / recorded in the database ${streams.exact.expected}`);

  lines.push('', `== periodic jobs (periods run / periods of the load; how long a run took)`);
  for (const row of report.periodicRows) {
    const notes = [row.failed > 0 ? `${row.failed} failed` : '', row.unfinished > 0 ? `${row.unfinished} claimed, not finished` : ''].filter(Boolean).join(', ');
    lines.push(`  ${row.job.padEnd(24)} ${pad(`${row.runs}/${row.expected}`, 7)}  run p50 ${row.p50RunS.toFixed(2)} s, max ${row.maxRunS.toFixed(2)} s${notes ? `  (${notes})` : ''}`);
  }

  lines.push('', '== warnings and errors the processes logged');
  const logged = report.logProblems.filter((entry) => entry.problems.length > 0);
  if (logged.length === 0) lines.push('none');
  for (const entry of logged) {
    for (const [message, count] of entry.problems.slice(0, 6)) lines.push(`${entry.name.padEnd(8)} ${pad(count, 5)}× ${message}`);
    if (entry.problems.length > 6) lines.push(`${entry.name.padEnd(8)} … ${entry.problems.length - 6} more kinds`);
  }

  lines.push('', '== checks');
  for (const check of report.checks) lines.push(`${check.isPassed ? 'PASS' : 'FAIL'}  ${check.name}\n      ${check.detail}`);
  lines.push('', `startup ${seconds(report.startupMs)}, load ${seconds(report.loadMs)}, until the checks ended ${seconds(report.totalMs)}`);
  lines.push(report.isPassed ? 'scale test passed' : `scale test FAILED (process logs kept in ${report.runDir})`);
  console.log(lines.join('\n'));
}
