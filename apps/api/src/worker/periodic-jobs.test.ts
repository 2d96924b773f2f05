import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from '../lib/app-error.ts';
import { runPeriodOnce, type PeriodicJob } from './periodic-jobs.ts';

describe('periodic jobs on a fresh database (issue 24 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withoutDemoSeed: true });
  });
  afterAll(async () => t.close());

  it('records a run that found no site yet as done with nothing to do, not as a failure; other errors still fail it', async () => {
    const job = (name: string, error: Error) => ({ name, run: async () => Promise.reject(error) }) as unknown as PeriodicJob;
    const periodStart = new Date('2026-11-28T00:00:00Z');
    const skipped = await runPeriodOnce(t.context, job('test-no-site', new AppError('SITE_NOT_SET_UP')), periodStart);
    expect(skipped).toEqual({ status: 'ok', detail: { skipped: 'site not set up yet' } });
    const failed = await runPeriodOnce(t.context, job('test-broken', new Error('boom')), periodStart);
    expect(failed.status).toBe('failed');
    const { rows } = await t.db.query<{ job_name: string; outcome: string }>(`SELECT job_name, outcome FROM periodic_job_runs WHERE job_name LIKE 'test-%' ORDER BY job_name`);
    expect(rows).toEqual([{ job_name: 'test-broken', outcome: 'failed' }, { job_name: 'test-no-site', outcome: 'ok' }]);
  });
});

describe('offering periodic jobs to pg-boss', () => {
  it('throttles each offer within pg-boss\'s archive interval, so a daily job is accepted (pg-boss refuses a longer window)', async () => {
    const { PERIODIC_JOBS, PG_BOSS_ARCHIVE_SECONDS, singletonSecondsFor } = await import('./periodic-jobs.ts');
    expect(singletonSecondsFor(24 * 60 * 60_000)).toBe(PG_BOSS_ARCHIVE_SECONDS);
    expect(singletonSecondsFor(60_000)).toBe(60);
    expect(singletonSecondsFor(10)).toBe(1);
    expect(PERIODIC_JOBS.some((job) => job.name === 'hub88-day-reconciliation')).toBe(true);
  });
});
