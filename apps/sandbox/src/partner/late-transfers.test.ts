import { afterEach, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../app.ts';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET, signPartnerRequest } from './index.ts';
import { MAX_LATE_TRANSFERS } from './late-transfer-queue.ts';
import { startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

const waitFor = async (condition: () => Promise<boolean>, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('apply_late transfer fault', () => {
  let partner: PartnerTestApp;
  const start = async (lateApplyMs: number) => {
    partner = await startPartnerApp({ lateApplyMs });
    await partner.call('POST', '/partner/v1/members', { username: 'late01' });
    await partner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'apply_late' });
  };
  afterEach(async () => {
    await partner.app.close();
  });

  const transfer = (reference: string, direction: 'in' | 'out' = 'in', amount = '10.00') =>
    partner.call('POST', '/partner/v1/transfers', { reference, username: 'late01', direction, amount });
  const status = async (reference: string) => (await partner.call('GET', `/partner/v1/transfers/${reference}`)).json();
  const queued = async () => (await partner.call('GET', '/partner/v1/sandbox/late-transfers')).json().queued;
  const applyNow = async () => (await partner.call('POST', '/partner/v1/sandbox/late-transfers/apply')).json();

  it('answers 500 without applying or storing, lists the transfer as queued, and the apply tool applies it', async () => {
    await start(60_000);
    const reply = await transfer('t-late');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ code: 'INTERNAL_ERROR' });
    expect(await status('t-late')).toEqual({ reference: 't-late', status: 'not_found' });
    expect(partner.partner.balanceOf('late01')).toBe(0n);
    const dueAt = new Date(partner.clock.nowMs + 60_000).toISOString();
    expect(await queued()).toEqual([{ reference: 't-late', username: 'late01', direction: 'in', amount: '10.00', dueAt }]);

    expect(await applyNow()).toEqual({ applied: [{ reference: 't-late', status: 'succeeded', balanceAfter: '10.00' }] });
    expect(await status('t-late')).toEqual({ reference: 't-late', status: 'succeeded', balanceAfter: '10.00' });
    expect(partner.partner.balanceOf('late01')).toBe(1_000n);
    expect(await queued()).toEqual([]);
    expect(await applyNow()).toEqual({ applied: [] });
  });

  it('applies a queued transfer by itself after lateApplyMs', async () => {
    await start(50);
    const started = Date.now();
    expect((await transfer('t-timer')).statusCode).toBe(500);
    await waitFor(async () => (await status('t-timer')).status !== 'not_found', 2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(await status('t-timer')).toEqual({ reference: 't-timer', status: 'succeeded', balanceAfter: '10.00' });
    expect(partner.partner.balanceOf('late01')).toBe(1_000n);
    expect(await queued()).toEqual([]);
  });

  it('applies queued transfers in queue order with the normal rules, storing a refusal too', async () => {
    await start(60_000);
    await transfer('t-1', 'in', '10.00');
    await transfer('t-2', 'out', '15.00');
    await transfer('t-3', 'out', '4.00');
    expect(await applyNow()).toEqual({
      applied: [
        { reference: 't-1', status: 'succeeded', balanceAfter: '10.00' },
        { reference: 't-2', status: 'failed', reason: 'INSUFFICIENT_BALANCE' },
        { reference: 't-3', status: 'succeeded', balanceAfter: '6.00' },
      ],
    });
    expect(await status('t-2')).toEqual({ reference: 't-2', status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
  });

  it('queues a reference once: a repeated POST while it waits answers the same 500 in any mode, other content 409', async () => {
    await start(60_000);
    await transfer('t-again');
    expect((await transfer('t-again')).json()).toEqual({ code: 'INTERNAL_ERROR' });
    expect((await transfer('t-again', 'in', '10')).statusCode).toBe(500);
    await partner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'ok' });
    // Still waiting: even with the fault off, a retry must not apply it early (it would apply twice).
    expect((await transfer('t-again')).statusCode).toBe(500);
    expect((await transfer('t-again', 'in', '11.00')).json()).toEqual({ code: 'REFERENCE_CONFLICT' });
    expect(await queued()).toHaveLength(1);
    expect((await applyNow()).applied).toHaveLength(1);
    expect(partner.partner.balanceOf('late01')).toBe(1_000n);
    expect((await transfer('t-again')).json()).toEqual({ reference: 't-again', status: 'succeeded', balanceAfter: '10.00' });
  });

  it('returns the stored outcome of a known reference without queueing it', async () => {
    await start(60_000);
    await partner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'ok' });
    await transfer('t-known');
    await partner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'apply_late' });
    expect((await transfer('t-known')).json()).toEqual({ reference: 't-known', status: 'succeeded', balanceAfter: '10.00' });
    expect((await transfer('t-known', 'out')).json()).toEqual({ code: 'REFERENCE_CONFLICT' });
    expect(await queued()).toEqual([]);
    expect(partner.partner.balanceOf('late01')).toBe(1_000n);
  });

  it(`queues at most ${MAX_LATE_TRANSFERS} transfers and answers 500 beyond without queueing`, async () => {
    await start(60_000);
    for (let index = 0; index < MAX_LATE_TRANSFERS; index += 1) await transfer(`t-${index}`, 'in', '0.01');
    expect((await transfer('t-over')).statusCode).toBe(500);
    const list = await queued();
    expect(list).toHaveLength(MAX_LATE_TRANSFERS);
    expect(list.some((entry: { reference: string }) => entry.reference === 't-over')).toBe(false);
    await applyNow();
    expect(partner.partner.balanceOf('late01')).toBe(BigInt(MAX_LATE_TRANSFERS));
    expect(await status('t-over')).toEqual({ reference: 't-over', status: 'not_found' });
  });

  it('drops the queue at close without waiting for it and never applies it afterwards', async () => {
    await start(50);
    await transfer('t-1');
    await transfer('t-2');
    const started = Date.now();
    await partner.app.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(partner.partner.balanceOf('late01')).toBe(0n);
  });
});

describe('buildSandboxApp lateApplyMs', () => {
  it('passes lateApplyMs through to the game partner', async () => {
    const nowMs = Date.parse('2026-03-05T03:04:05.000Z');
    const app = await buildSandboxApp({ apiKey: 'key', feedSecret: 'secret', lateApplyMs: 1_234, now: () => new Date(nowMs) });
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const rawBody = body === undefined ? '' : JSON.stringify(body);
      const timestamp = String(nowMs);
      const signature = signPartnerRequest({ agentSecret: DEMO_PARTNER_AGENT_SECRET, timestamp, method, pathWithQuery: path, rawBody });
      const headers = { 'x-agent-id': DEMO_PARTNER_AGENT_ID, 'x-timestamp': timestamp, 'x-signature': signature, ...(rawBody ? { 'content-type': 'application/json' } : {}) };
      return app.inject({ method, url: path, headers, ...(rawBody ? { payload: rawBody } : {}) });
    };
    try {
      await call('POST', '/partner/v1/members', { username: 'late02' });
      await call('POST', '/partner/v1/sandbox/faults', { transfer: 'apply_late' });
      await call('POST', '/partner/v1/transfers', { reference: 't-app', username: 'late02', direction: 'in', amount: '1.00' });
      const dueAt = new Date(nowMs + 1_234).toISOString();
      expect((await call('GET', '/partner/v1/sandbox/late-transfers')).json()).toEqual({ queued: [expect.objectContaining({ reference: 't-app', dueAt })] });
    } finally {
      await app.close();
    }
  });
});
