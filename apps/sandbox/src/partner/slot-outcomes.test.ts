import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStops } from './games/scripted-stops.ts';
import { outcomeOfStops } from './games/slot-machine.ts';
import { MAX_SCRIPTED_OUTCOMES_PER_MEMBER } from './slot-outcome-queue.ts';
import type { WireBetRecord } from './test/bet-records.ts';
import { AGENT_ID, spinSlot, startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

const SLOT = 'sabai-slot-golden-elephant';
const PATH = '/partner/v1/sandbox/slot-outcomes';

describe('scripted slot outcomes (sandbox tool)', () => {
  let partner: PartnerTestApp;
  let token: string;
  beforeEach(async () => {
    partner = await startPartnerApp();
    await partner.fundMember('scripted01', '500.00');
    token = await partner.openGame('scripted01', SLOT);
  });
  afterEach(async () => {
    await partner.app.close();
  });

  const script = (outcomes: unknown, username = 'scripted01') => partner.call('POST', PATH, { username, outcomes });
  const queued = async (username = 'scripted01') => (await partner.call('GET', `${PATH}?username=${username}`)).json().outcomes;
  const spinReply = (stake: string, spinToken = token) => partner.app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token: spinToken, stake } });
  const feed = async (): Promise<WireBetRecord[]> => (await partner.call('GET', '/partner/v1/bets?limit=500')).json().records;

  it('plays queued outcomes in order, each once, then random play resumes', async () => {
    const queuedReply = await script(['loss', 'win', 'stake_back', { stops: [3, 4, 5] }]);
    expect(queuedReply.statusCode).toBe(200);
    expect(queuedReply.json()).toEqual({ username: 'scripted01', outcomes: ['loss', 'win', 'stake_back', { stops: [3, 4, 5] }] });

    const [loss, win, stakeBack, explicit] = await spinSlot(partner.app, token, '10.00', 4);
    expect(loss).toMatchObject({ reels: outcomeOfStops(findStops('loss')).reels, payout: '0.00', result: 'loss', balance: '490.00' });
    expect(win).toMatchObject({ reels: outcomeOfStops(findStops('win')).reels, result: 'win' });
    expect(Number(win!.payout)).toBeGreaterThan(10);
    expect(stakeBack).toMatchObject({ reels: outcomeOfStops(findStops('stake_back')).reels, payout: '10.00', result: 'draw' });
    expect(explicit).toMatchObject({ reels: outcomeOfStops([3, 4, 5]).reels, line: outcomeOfStops([3, 4, 5]).line });
    expect(await queued()).toEqual([]);

    // The queue is used up: 40 more spins are drawn at random (all alike has odds of 21,952^-39).
    const random = await spinSlot(partner.app, token, '1.00', 40);
    expect(new Set(random.map((spin) => JSON.stringify(spin.reels))).size).toBeGreaterThan(1);
  });

  it('appends to what is queued, and DELETE empties the queue', async () => {
    await script(['win']);
    expect((await script(['loss', 'loss'])).json().outcomes).toEqual(['win', 'loss', 'loss']);
    const cleared = await partner.call('DELETE', `${PATH}?username=scripted01`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ username: 'scripted01', outcomes: [] });
    expect(await queued()).toEqual([]);
  });

  it('a refused spin (bad stake, balance too low) leaves the scripted outcome queued', async () => {
    await partner.fundMember('poor01', '4.00');
    const poorToken = await partner.openGame('poor01', SLOT);
    await script(['loss'], 'poor01');
    expect((await spinReply('5.00', poorToken)).statusCode).toBe(422);
    expect((await spinReply('7.00', poorToken)).json().code).toBe('INVALID_STAKE');
    expect(await queued('poor01')).toEqual(['loss']);
    expect(await feed()).toEqual([]);
    const [spin] = await spinSlot(partner.app, poorToken, '1.00');
    expect(spin).toMatchObject({ reels: outcomeOfStops(findStops('loss')).reels, payout: '0.00', balance: '3.00' });
    expect(await queued('poor01')).toEqual([]);
  });

  it('leaves other members unaffected', async () => {
    await partner.fundMember('other01', '100.00');
    const otherToken = await partner.openGame('other01', SLOT);
    await script(['win', 'win']);
    await spinSlot(partner.app, otherToken, '1.00', 5);
    expect(await queued('other01')).toEqual([]);
    expect(await queued()).toEqual(['win', 'win']);
  });

  it('a scripted loss is recorded exactly like a random spin', async () => {
    const [random] = await spinSlot(partner.app, token, '10.00');
    await script(['loss']);
    const [scripted] = await spinSlot(partner.app, token, '10.00');
    expect(Object.keys(scripted!).sort()).toEqual(Object.keys(random!).sort());
    const [randomRecord, scriptedRecord] = await feed();
    expect(Object.keys(scriptedRecord!).sort()).toEqual(Object.keys(randomRecord!).sort());
    expect(scriptedRecord).toEqual({
      roundId: scripted!.roundId,
      username: 'scripted01',
      gameCode: SLOT,
      stake: '10.00',
      payout: '0.00',
      result: 'loss',
      status: 'settled',
      settledAt: randomRecord!.settledAt,
    });
    expect(scriptedRecord!.roundId).toMatch(/^rnd_[0-9a-f]{16}$/);
  });

  it('refuses malformed input as INVALID_REQUEST', async () => {
    const bad: unknown[] = [
      {},
      { username: 'scripted01' },
      { username: 'Bad User', outcomes: ['loss'] },
      { username: 'scripted01', outcomes: [] },
      { username: 'scripted01', outcomes: Array(MAX_SCRIPTED_OUTCOMES_PER_MEMBER + 1).fill('loss') },
      { username: 'scripted01', outcomes: ['jackpot'] },
      { username: 'scripted01', outcomes: [{ stops: [28, 0, 0] }] },
      { username: 'scripted01', outcomes: [{ stops: [-1, 0, 0] }] },
      { username: 'scripted01', outcomes: [{ stops: [1.5, 0, 0] }] },
      { username: 'scripted01', outcomes: [{ stops: [1, 2] }] },
      { username: 'scripted01', outcomes: [{ stops: [1, 2, 3, 4] }] },
      { username: 'scripted01', outcomes: [{ stops: ['1', 2, 3] }] },
      { username: 'scripted01', outcomes: [{ stops: [1, 2, 3], multiplier: 100 }] },
    ];
    for (const body of bad) {
      const reply = await partner.call('POST', PATH, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual({ code: 'INVALID_REQUEST' });
    }
    expect((await partner.call('POST', PATH, undefined, { rawBody: 'not json' })).json()).toEqual({ code: 'INVALID_REQUEST' });
    expect((await partner.call('GET', PATH)).json()).toEqual({ code: 'INVALID_REQUEST' });
    expect((await partner.call('DELETE', `${PATH}?username=`)).statusCode).toBe(400);
    expect(await queued()).toEqual([]);
  });

  it('answers MEMBER_NOT_FOUND for a username without a game account', async () => {
    for (const reply of [await script(['loss'], 'ghost01'), await partner.call('GET', `${PATH}?username=ghost01`), await partner.call('DELETE', `${PATH}?username=ghost01`)]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ code: 'MEMBER_NOT_FOUND' });
    }
  });

  it('refuses more than 100 queued for a member as SLOT_OUTCOMES_FULL, keeping the queue', async () => {
    await script(Array(MAX_SCRIPTED_OUTCOMES_PER_MEMBER).fill('loss'));
    const reply = await script(['win']);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ code: 'SLOT_OUTCOMES_FULL' });
    expect(await queued()).toHaveLength(MAX_SCRIPTED_OUTCOMES_PER_MEMBER);
  });

  it('requires the agent signature (an unsigned or wrongly signed call is 401 and changes nothing)', async () => {
    const body = JSON.stringify({ username: 'scripted01', outcomes: ['loss'] });
    const unsigned = await partner.app.inject({ method: 'POST', url: PATH, headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ code: 'AUTH_FAILED' });
    expect((await partner.call('POST', PATH, { username: 'scripted01', outcomes: ['loss'] }, { secret: 'wrong-secret' })).statusCode).toBe(401);
    expect((await partner.call('POST', PATH, { username: 'scripted01', outcomes: ['loss'] }, { agentId: `${AGENT_ID}x` })).statusCode).toBe(401);
    expect((await partner.app.inject({ method: 'GET', url: `${PATH}?username=scripted01` })).statusCode).toBe(401);
    expect((await partner.app.inject({ method: 'DELETE', url: `${PATH}?username=scripted01` })).statusCode).toBe(401);
    expect(await queued()).toEqual([]);
  });
});
