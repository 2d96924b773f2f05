import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { betRecordsOf } from './test/bet-records.ts';
import { spinSlot, startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

describe('transfer fault modes', () => {
  let partner: PartnerTestApp;
  beforeEach(async () => {
    partner = await startPartnerApp({ faultHoldMs: 80 });
    await partner.call('POST', '/partner/v1/members', { username: 'fault01' });
  });
  afterEach(async () => {
    await partner.app.close();
  });

  const setFault = (transfer: string) => partner.call('POST', '/partner/v1/sandbox/faults', { transfer });
  const transfer = (reference: string, amount = '10.00') => partner.call('POST', '/partner/v1/transfers', { reference, username: 'fault01', direction: 'in', amount });

  it('switches and reads the mode, and refuses an unknown one', async () => {
    expect((await partner.call('GET', '/partner/v1/sandbox/faults')).json()).toEqual({ transfer: 'ok' });
    expect((await setFault('slow')).json()).toEqual({ transfer: 'slow' });
    expect(partner.partner.faults.transfer).toBe('slow');
    expect((await setFault('explode')).statusCode).toBe(400);
  });

  it('timeout_after_applying: applies at once, answers only after faultHoldMs', async () => {
    await setFault('timeout_after_applying');
    const started = Date.now();
    const pending = transfer('t-held');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // While the answer is held the money has moved, and the status lookup already knows it.
    expect((await partner.call('GET', '/partner/v1/transfers/t-held')).json()).toEqual({ reference: 't-held', status: 'succeeded', balanceAfter: '10.00' });
    const reply = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(reply.json()).toEqual({ reference: 't-held', status: 'succeeded', balanceAfter: '10.00' });
  });

  it('timeout_after_applying: closing the app releases a held answer at once', async () => {
    const slowPartner = await startPartnerApp({ faultHoldMs: 60_000 });
    await slowPartner.call('POST', '/partner/v1/members', { username: 'fault02' });
    await slowPartner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'timeout_after_applying' });
    const pending = slowPartner.call('POST', '/partner/v1/transfers', { reference: 't-1', username: 'fault02', direction: 'in', amount: '1.00' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await slowPartner.app.close();
    await pending;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('error_before_applying: 500, nothing applied or remembered; the retry applies once the mode is off', async () => {
    await setFault('error_before_applying');
    const reply = await transfer('t-err');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ code: 'INTERNAL_ERROR' });
    expect((await partner.call('GET', '/partner/v1/transfers/t-err')).json()).toEqual({ reference: 't-err', status: 'not_found' });
    expect(partner.partner.balanceOf('fault01')).toBe(0n);
    await setFault('ok');
    expect((await transfer('t-err')).json()).toEqual({ reference: 't-err', status: 'succeeded', balanceAfter: '10.00' });
  });

  it('slow: applies and answers after 1.5 s', async () => {
    await setFault('slow');
    const started = Date.now();
    const reply = await transfer('t-slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_450);
    expect(reply.json()).toEqual({ reference: 't-slow', status: 'succeeded', balanceAfter: '10.00' });
  });

  const move = (reference: string, direction: 'in' | 'out', amount: string) =>
    partner.call('POST', '/partner/v1/transfers', { reference, username: 'fault01', direction, amount });

  it('apply_twice: stores one outcome but moves in and out by twice the amount; a repeat applies nothing', async () => {
    await setFault('apply_twice');
    expect((await move('t-in', 'in', '10.00')).json()).toEqual({ reference: 't-in', status: 'succeeded', balanceAfter: '20.00' });
    expect((await move('t-in', 'in', '10.00')).json()).toEqual({ reference: 't-in', status: 'succeeded', balanceAfter: '20.00' });
    expect(partner.partner.balanceOf('fault01')).toBe(2_000n);
    expect((await move('t-out', 'out', '4.00')).json()).toEqual({ reference: 't-out', status: 'succeeded', balanceAfter: '12.00' });
    expect((await move('t-out', 'out', '4.00')).json()).toEqual({ reference: 't-out', status: 'succeeded', balanceAfter: '12.00' });
    expect(partner.partner.balanceOf('fault01')).toBe(1_200n);
    expect((await partner.call('GET', '/partner/v1/transfers/t-out')).json()).toEqual({ reference: 't-out', status: 'succeeded', balanceAfter: '12.00' });
  });

  it('apply_twice: an out the balance cannot cover twice applies once', async () => {
    await move('t-fund', 'in', '15.00');
    await setFault('apply_twice');
    expect((await move('t-out', 'out', '10.00')).json()).toEqual({ reference: 't-out', status: 'succeeded', balanceAfter: '5.00' });
    expect(partner.partner.balanceOf('fault01')).toBe(500n);
  });

  it('apply_twice: the normal refusals apply nothing, and an in that would pass the maximum twice applies once', async () => {
    await setFault('apply_twice');
    expect((await move('t-short', 'out', '0.01')).json()).toEqual({ reference: 't-short', status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect((await move('t-bad', 'in', '1.234')).json()).toEqual({ reference: 't-bad', status: 'failed', reason: 'INVALID_AMOUNT' });
    expect((await partner.call('POST', '/partner/v1/transfers', { reference: 't-ghost', username: 'ghost01', direction: 'in', amount: '1.00' })).json()).toEqual({
      reference: 't-ghost',
      status: 'failed',
      reason: 'MEMBER_NOT_FOUND',
    });
    expect(partner.partner.balanceOf('fault01')).toBe(0n);
    expect((await move('t-big', 'in', '600000000.00')).json()).toEqual({ reference: 't-big', status: 'succeeded', balanceAfter: '600000000.00' });
    expect((await move('t-over', 'in', '400000000.01')).json()).toEqual({ reference: 't-over', status: 'failed', reason: 'INVALID_AMOUNT' });
    expect(partner.partner.balanceOf('fault01')).toBe(60_000_000_000n);
  });

  it('duplicate_delivery: applies, a retry gets the first outcome, and the next bets page repeats delivered records', async () => {
    await transfer('t-fund', '500.00');
    const token = await partner.openGame('fault01', 'sabai-slot-golden-elephant');
    await spinSlot(partner.app, token, '1.00', 4);
    const firstPage = (await partner.call('GET', '/partner/v1/bets?limit=100')).json();
    expect(firstPage.records).toHaveLength(4);

    await setFault('duplicate_delivery');
    const applied = await transfer('t-dup', '5.00');
    expect(applied.json()).toEqual({ reference: 't-dup', status: 'succeeded', balanceAfter: expect.any(String) });
    expect((await transfer('t-dup', '5.00')).json()).toEqual(applied.json());
    await spinSlot(partner.app, token, '1.00', 2);

    const nextPage = (await partner.call('GET', `/partner/v1/bets?limit=100&cursor=${firstPage.nextCursor}`)).json();
    const roundIds = nextPage.records.map((record: { roundId: string }) => record.roundId);
    // The last three records of the first page come again, then the two new ones.
    expect(roundIds.slice(0, 3)).toEqual(firstPage.records.slice(1).map((record: { roundId: string }) => record.roundId));
    expect(nextPage.records).toHaveLength(5);
    const after = (await partner.call('GET', `/partner/v1/bets?limit=100&cursor=${nextPage.nextCursor}`)).json();
    expect(after.records).toEqual([]);
    // Deduplicated by (roundId, status), the consumer has every round exactly once.
    const all = betRecordsOf([firstPage, nextPage]);
    expect(new Set(all.map((record) => `${record.roundId}:${record.status}`)).size).toBe(6);
    expect(all).toHaveLength(9);
  });
});
