import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, newIp, type TestApp } from '../test/test-app.ts';
import { fundedMember } from '../test/money-helpers.ts';
import { metricsAllowList, mayReadMetrics } from './metrics.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** One sample of the text format: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(remoteAddress = '127.0.0.1'): Promise<Sample[]> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(response.body);
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;

describe('GET /metrics: who may read it', () => {
  it('answers loopback, over IPv4, IPv6 and an IPv4-mapped IPv6 address', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: address })).statusCode).toBe(200);
    }
  });

  it('refuses any other client with 403 before reading anything, and is not fooled by X-Forwarded-For from an untrusted client', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: newIp() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const forged = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
  });

  it('lets the addresses and CIDRs of METRICS_ALLOW read it, and no neighbour of them', () => {
    const allowed = metricsAllowList(['10.1.0.0/16', '192.0.2.7', '2001:db8::/32']);
    expect(mayReadMetrics('10.1.200.3', allowed)).toBe(true);
    expect(mayReadMetrics('::ffff:10.1.0.1', allowed)).toBe(true);
    expect(mayReadMetrics('192.0.2.7', allowed)).toBe(true);
    expect(mayReadMetrics('2001:db8::1', allowed)).toBe(true);
    expect(mayReadMetrics('10.2.0.1', allowed)).toBe(false);
    expect(mayReadMetrics('192.0.2.8', allowed)).toBe(false);
    expect(mayReadMetrics('2001:db9::1', allowed)).toBe(false);
    expect(mayReadMetrics('not an address', allowed)).toBe(false);
    expect(mayReadMetrics('127.0.0.1', metricsAllowList([]))).toBe(true);
  });
});

describe('GET /metrics: what it says', () => {
  it('counts a credited deposit and a paid withdrawal, in rows and satang, from the database', async () => {
    const before = await scrape();
    const member = await fundedMember(t, '20000.00');
    const paid = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 1000.5, Channel: 'BANK' } });
    expect(paid.body.data.Status).toBe(1);
    const after = await scrape();
    const change = (name: string, labels: Record<string, string>) => (valueOf(after, name, labels) ?? NaN) - (valueOf(before, name, labels) ?? NaN);
    expect(change('sabai_deposits', { status: 'credited' })).toBe(1);
    expect(change('sabai_deposits_satang', { status: 'credited' })).toBe(2_000_000);
    expect(change('sabai_withdrawals', { status: 'paid' })).toBe(1);
    expect(change('sabai_withdrawals_satang', { status: 'paid' })).toBe(100_050);
    expect(change('sabai_withdrawals', { status: 'failed' })).toBe(0);
    expect(valueOf(after, 'sabai_deposits', { status: 'held' })).toBe(0);
    expect(valueOf(after, 'sabai_outbox_deliveries', { status: 'dead' })).toBe(0);
    expect(valueOf(after, 'sabai_metrics_database_read_success', { part: 'money' })).toBe(1);
    expect(valueOf(after, 'sabai_metrics_database_read_success', { part: 'queues' })).toBe(1);
  });

  it('leaves the money series out when their read fails (a statement timeout), and still reports the queues', async () => {
    const db = t.context.db;
    t.context.db = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: (sql, params, options) => (sql.includes('FROM deposits') ? Promise.reject(new Error('canceling statement due to statement timeout')) : tx.query(sql, params, options)),
            exec: (sql) => tx.exec(sql),
          }),
        ),
    };
    try {
      const samples = await scrape();
      expect(valueOf(samples, 'sabai_metrics_database_read_success', { part: 'money' })).toBe(0);
      expect(valueOf(samples, 'sabai_deposits', { status: 'credited' })).toBeUndefined();
      expect(valueOf(samples, 'sabai_withdrawals', { status: 'paid' })).toBeUndefined();
      expect(valueOf(samples, 'sabai_metrics_database_read_success', { part: 'queues' })).toBe(1);
      expect(valueOf(samples, 'sabai_outbox_deliveries', { status: 'dead' })).toBe(0);
    } finally {
      t.context.db = db;
    }
    expect(valueOf(await scrape(), 'sabai_deposits', { status: 'credited' })).toBeGreaterThan(0);
  });

  it('labels request durations by route pattern, never by the URL asked', async () => {
    await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw?page=1' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/12345', remoteAddress: newIp() });
    const samples = await scrape();
    const routes = new Set(samples.filter((sample) => sample.name === 'sabai_http_request_duration_seconds_count').map((sample) => sample.labels.route));
    expect(routes).toContain('/user-profile-composite/v1/history/withdraw');
    expect(routes).toContain('unmatched');
    expect([...routes].some((route) => route?.includes('12345') || route?.includes('?'))).toBe(false);
  });

  it('reports each periodic job, active feed source and the pool', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'sabai_periodic_job_period_seconds', { job: 'payout-recovery' })).toBe(t.context.config.RECOVERY_INTERVAL_MS / 1_000);
    expect(valueOf(samples, 'sabai_periodic_job_last_success_timestamp_seconds', { job: 'payout-recovery' })).toBe(0);
    expect(valueOf(samples, 'sabai_feed_source_last_message_timestamp_seconds', { source: 'src_statement_bbl' })).toBeGreaterThan(Date.now() / 1_000 - 600);
    expect(valueOf(samples, 'sabai_feed_source_silence_alarm', { source: 'src_statement_bbl' })).toBe(0);
    expect(valueOf(samples, 'sabai_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers and holds every migration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: newIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the migration the database lacks', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    const newest = rows[0]!.name;
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [newest]);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: newIp() });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'migrations', missingMigrations: [newest] });
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [newest]);
    }
  });
});

describe('docs/operations/prometheus-alerts.yml', () => {
  const rulesFile = new URL('../../../../docs/operations/prometheus-alerts.yml', import.meta.url);
  const rules = (parse(readFileSync(rulesFile, 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }> }> }).groups.flatMap((group) => group.rules);

  it('alerts on dead outbox deliveries, a silent feed source, failed payouts, a reconcile failure and a job not run', () => {
    const names = rules.map((rule) => rule.alert);
    for (const required of ['SabaiOutboxDeadDeliveries', 'SabaiFeedSourceSilent', 'SabaiPayoutsFailed', 'SabaiReconcileFailed', 'SabaiPeriodicJobNotRun']) expect(names).toContain(required);
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|ticket)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it('uses only metric names this API exports', async () => {
    const exported = new Set((await scrape()).map((sample) => sample.name));
    // Names in expressions: sabai_* (ours) and process_/nodejs_ (prom-client's defaults); PromQL functions are not.
    const used = new Set(rules.flatMap((rule) => [...rule.expr.matchAll(/\b((?:sabai|process|nodejs)_[a-zA-Z0-9_]+)/g)].map((match) => match[1]!)));
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) expect(exported, `${name} is used by a rule`).toContain(name);
  });
});
