import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAllPages } from './test/bet-records.ts';
import { spinSlot, startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

describe('bet records feed', () => {
  let partner: PartnerTestApp;
  let token: string;
  beforeEach(async () => {
    partner = await startPartnerApp();
    await partner.fundMember('feed01', '1000.00');
    token = await partner.openGame('feed01', 'sabai-slot-golden-elephant');
  });
  afterEach(async () => {
    await partner.app.close();
  });

  const get = (path: string) => partner.call('GET', path);

  it('is empty at first, with a cursor that stays put', async () => {
    const first = (await get('/partner/v1/bets')).json();
    expect(first).toEqual({ records: [], nextCursor: expect.any(String) });
    expect((await get(`/partner/v1/bets?cursor=${first.nextCursor}`)).json()).toEqual(first);
  });

  it('pages through every round in play order, resuming after the last record returned', async () => {
    const spins = await spinSlot(partner.app, token, '5.00', 7);
    const { pages, cursor } = await readAllPages(get, 3);
    expect(pages.map((page) => page.records.length)).toEqual([3, 3, 1]);
    const records = pages.flatMap((page) => page.records);
    expect(records.map((record) => record.roundId)).toEqual(spins.map((spin) => spin.roundId));
    expect(records[0]).toEqual({
      roundId: spins[0]!.roundId,
      username: 'feed01',
      gameCode: 'sabai-slot-golden-elephant',
      stake: '5.00',
      payout: spins[0]!.payout,
      result: spins[0]!.result,
      status: 'settled',
      settledAt: '2026-03-05T03:04:05.000Z',
    });
    // Nothing new: empty page, same cursor; a new round appears after it.
    expect((await get(`/partner/v1/bets?cursor=${cursor}`)).json()).toEqual({ records: [], nextCursor: cursor });
    const [later] = await spinSlot(partner.app, token, '1.00');
    expect((await get(`/partner/v1/bets?cursor=${cursor}`)).json().records.map((record: { roundId: string }) => record.roundId)).toEqual([later!.roundId]);
  });

  it('defaults to 100 per page and caps limit at 1..500', async () => {
    for (const limit of ['0', '501', 'abc', '-1']) expect((await get(`/partner/v1/bets?limit=${limit}`)).statusCode, limit).toBe(400);
    expect((await get('/partner/v1/bets?limit=500')).statusCode).toBe(200);
  });

  it('refuses a cursor it never issued', async () => {
    for (const cursor of ['garbage!', 'c2VxOjk5OQ', Buffer.from('other:1').toString('base64url')]) {
      const reply = await get(`/partner/v1/bets?cursor=${cursor}`);
      expect(reply.statusCode, cursor).toBe(400);
      expect(reply.json()).toEqual({ code: 'INVALID_CURSOR' });
    }
  });

  it('duplicate_delivery at the start of the feed repeats the page\u2019s own last records', async () => {
    await partner.call('POST', '/partner/v1/sandbox/faults', { transfer: 'duplicate_delivery' });
    await partner.call('POST', '/partner/v1/transfers', { reference: 'dup-1', username: 'feed01', direction: 'in', amount: '1.00' });
    await spinSlot(partner.app, token, '1.00', 2);
    const page = (await get('/partner/v1/bets?limit=10')).json();
    expect(page.records.map((record: { roundId: string }) => record.roundId)).toEqual([
      page.records[0].roundId,
      page.records[1].roundId,
      page.records[0].roundId,
      page.records[1].roundId,
    ]);
    expect((await get(`/partner/v1/bets?cursor=${page.nextCursor}`)).json().records).toEqual([]);
  });

  it('shows a cancelled round as a new record with the same roundId later in the feed', async () => {
    const [spin] = await spinSlot(partner.app, token, '10.00');
    await spinSlot(partner.app, token, '1.00');
    const before = partner.partner.balanceOf('feed01')!;
    const cancelled = await partner.call('POST', `/partner/v1/sandbox/rounds/${spin!.roundId}/cancel`);
    expect(cancelled.json()).toEqual({
      record: { roundId: spin!.roundId, username: 'feed01', gameCode: 'sabai-slot-golden-elephant', stake: '10.00', payout: '10.00', result: 'draw', status: 'cancelled', settledAt: expect.any(String) },
    });
    // The stake comes back and the payout goes: balance += stake − payout.
    const payoutSatang = BigInt(Math.round(Number(spin!.payout) * 100));
    expect(partner.partner.balanceOf('feed01')).toBe(before + 1_000n - payoutSatang);
    const { pages } = await readAllPages(get, 100);
    const records = pages.flatMap((page) => page.records);
    expect(records.map((record) => [record.roundId, record.status])).toEqual([
      [spin!.roundId, 'settled'],
      [records[1]!.roundId, 'settled'],
      [spin!.roundId, 'cancelled'],
    ]);
  });

  it('cancels once: a repeat returns the same record, a refund after cancel is refused, unknown rounds are 404', async () => {
    const [spin] = await spinSlot(partner.app, token, '1.00');
    const first = await partner.call('POST', `/partner/v1/sandbox/rounds/${spin!.roundId}/refund`);
    expect(first.json().record.status).toBe('refunded');
    const balance = partner.partner.balanceOf('feed01');
    expect((await partner.call('POST', `/partner/v1/sandbox/rounds/${spin!.roundId}/refund`)).json()).toEqual(first.json());
    expect(partner.partner.balanceOf('feed01')).toBe(balance);
    const cancel = await partner.call('POST', `/partner/v1/sandbox/rounds/${spin!.roundId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ code: 'ROUND_NOT_CANCELLABLE' });
    const unknown = await partner.call('POST', '/partner/v1/sandbox/rounds/rnd_nope/cancel');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'ROUND_NOT_FOUND' });
    const { pages } = await readAllPages(get, 100);
    expect(pages.flatMap((page) => page.records).map((record) => record.status)).toEqual(['settled', 'refunded']);
  });
});
