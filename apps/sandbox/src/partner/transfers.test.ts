import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

describe('partner transfers', () => {
  let partner: PartnerTestApp;
  beforeEach(async () => {
    partner = await startPartnerApp();
    await partner.call('POST', '/partner/v1/members', { username: 'player01' });
  });
  afterEach(async () => {
    await partner.app.close();
  });

  const transfer = (reference: string, direction: 'in' | 'out', amount: string, username = 'player01') =>
    partner.call('POST', '/partner/v1/transfers', { reference, username, direction, amount });
  const balance = async () => (await partner.call('GET', '/partner/v1/members/player01/balance')).json().balance;

  it('moves credit in and out and reports the balance after', async () => {
    expect((await transfer('t-1', 'in', '100.00')).json()).toEqual({ reference: 't-1', status: 'succeeded', balanceAfter: '100.00' });
    expect((await transfer('t-2', 'out', '30.25')).json()).toEqual({ reference: 't-2', status: 'succeeded', balanceAfter: '69.75' });
    expect((await transfer('t-3', 'out', '69.75')).json()).toEqual({ reference: 't-3', status: 'succeeded', balanceAfter: '0.00' });
    expect(await balance()).toBe('0.00');
  });

  it('fails an out transfer larger than the game balance and changes nothing', async () => {
    await transfer('t-1', 'in', '50.00');
    expect((await transfer('t-2', 'out', '50.01')).json()).toEqual({ reference: 't-2', status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect(await balance()).toBe('50.00');
  });

  it('fails an unknown member and invalid amounts as outcomes, not errors', async () => {
    expect((await transfer('t-x', 'in', '10.00', 'ghost01')).json()).toEqual({ reference: 't-x', status: 'failed', reason: 'MEMBER_NOT_FOUND' });
    for (const [index, amount] of ['0', '0.00', '-5.00', '1.234', 'ten', '1e3', '9999999999999'].entries()) {
      const reply = await transfer(`bad-${index}`, 'in', amount);
      expect(reply.statusCode, amount).toBe(200);
      expect(reply.json(), amount).toEqual({ reference: `bad-${index}`, status: 'failed', reason: 'INVALID_AMOUNT' });
    }
    expect(await balance()).toBe('0.00');
  });

  it('refuses a malformed request (reference over 64 characters, unknown direction, number amount) with 400', async () => {
    for (const body of [
      { reference: 'r'.repeat(65), username: 'player01', direction: 'in', amount: '1.00' },
      { reference: 'ok-ref', username: 'player01', direction: 'sideways', amount: '1.00' },
      { reference: 'ok-ref', username: 'player01', direction: 'in', amount: 1 },
      { username: 'player01', direction: 'in', amount: '1.00' },
    ]) {
      const reply = await partner.call('POST', '/partner/v1/transfers', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ code: 'INVALID_REQUEST' });
    }
    expect((await transfer('r'.repeat(64), 'in', '1.00')).json().status).toBe('succeeded');
  });

  it('answers a repeated reference with the first outcome and never applies it twice', async () => {
    const first = await transfer('t-1', 'in', '100.00');
    const repeat = await transfer('t-1', 'in', '100.00');
    expect(repeat.json()).toEqual(first.json());
    expect(await balance()).toBe('100.00');
    // A refusal is an outcome too: still refused after the money arrives.
    expect((await transfer('t-2', 'out', '500.00')).json().status).toBe('failed');
    await transfer('t-3', 'in', '1000.00');
    expect((await transfer('t-2', 'out', '500.00')).json()).toEqual({ reference: 't-2', status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect(await balance()).toBe('1100.00');
  });

  it('treats "100" and "100.00" as the same amount for one reference', async () => {
    await transfer('t-1', 'in', '100');
    expect((await transfer('t-1', 'in', '100.00')).json()).toEqual({ reference: 't-1', status: 'succeeded', balanceAfter: '100.00' });
  });

  it('applies 50 concurrent requests with one reference exactly once', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => transfer('t-same', 'in', '10.00')));
    expect(new Set(replies.map((reply) => reply.body))).toEqual(new Set([JSON.stringify({ reference: 't-same', status: 'succeeded', balanceAfter: '10.00' })]));
    expect(await balance()).toBe('10.00');
  });

  it('answers 409 REFERENCE_CONFLICT to a reference reused with other content', async () => {
    await partner.call('POST', '/partner/v1/members', { username: 'player02' });
    await transfer('t-1', 'in', '100.00');
    for (const [direction, amount, username] of [['out', '100.00', 'player01'], ['in', '100.01', 'player01'], ['in', '100.00', 'player02']] as const) {
      const reply = await transfer('t-1', direction, amount, username);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({ code: 'REFERENCE_CONFLICT' });
    }
    expect(await balance()).toBe('100.00');
  });

  it('looks up a transfer by reference: succeeded, failed or not_found', async () => {
    await transfer('t-ok', 'in', '20.00');
    await transfer('t-no', 'out', '99.00');
    expect((await partner.call('GET', '/partner/v1/transfers/t-ok')).json()).toEqual({ reference: 't-ok', status: 'succeeded', balanceAfter: '20.00' });
    expect((await partner.call('GET', '/partner/v1/transfers/t-no')).json()).toEqual({ reference: 't-no', status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect((await partner.call('GET', '/partner/v1/transfers/t-never')).json()).toEqual({ reference: 't-never', status: 'not_found' });
  });

  it('keeps balance = sum of succeeded transfers and never below zero, for any sequence (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ direction: fc.constantFrom('in' as const, 'out' as const), satang: fc.integer({ min: 1, max: 50_000 }), repeat: fc.boolean() }), { maxLength: 25 }), async (steps) => {
        run += 1;
        const username = `prop${run}`;
        await partner.call('POST', '/partner/v1/members', { username });
        let expected = 0n;
        for (const [index, step] of steps.entries()) {
          const amount = `${Math.floor(step.satang / 100)}.${String(step.satang % 100).padStart(2, '0')}`;
          const body = { reference: `p${run}-${index}`, username, direction: step.direction, amount };
          const reply = (await partner.call('POST', '/partner/v1/transfers', body)).json();
          if (step.repeat) expect((await partner.call('POST', '/partner/v1/transfers', body)).json()).toEqual(reply);
          const delta = step.direction === 'in' ? BigInt(step.satang) : -BigInt(step.satang);
          if (expected + delta >= 0n) {
            expected += delta;
            expect(reply.status).toBe('succeeded');
          } else {
            expect(reply).toMatchObject({ status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
          }
        }
        expect(partner.partner.balanceOf(username)).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });
});
