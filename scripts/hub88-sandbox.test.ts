import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HUB88_OPERATOR_ID, DEMO_HUB88_OPERATOR_PRIVATE_KEY, HUB88_FAULTS, HUB88_SLOT_CODE, playHub88Round, SANDBOX_HUB88_PUBLIC_KEY } from '@sabai/sandbox';
import { createTestApp, type TestApp } from '../apps/api/src/test/test-app.ts';
import { expectLedgerSound, fundedMember } from '../apps/api/src/test/money-helpers.ts';

/**
 * The sandbox Hub88 against Sabai's real Hub88 wallet (issue 30 §3, docs/adr/0046, 0047), on
 * PGlite and, with DATABASE_URL, PostgreSQL: a member launches through Sabai (which calls the
 * sandbox's /game/url), then every fault mode of the simulator plays rounds on that session. No
 * answer may break the contract, and the member's balance must equal the start + what Hub88's
 * transaction list says (Σ wins − Σ bets not rolled back): every callback took effect exactly once.
 */
describe('sandbox Hub88 ↔ Sabai seamless wallet', () => {
  let t: TestApp;
  let player: { user: string; token: string; sessionId: string };
  const BET = 1_000_000; // 10.00 baht in Hub88 units

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        GAME_PARTNER_PROVIDER: 'hub88',
        HUB88_PUBLIC_KEY: SANDBOX_HUB88_PUBLIC_KEY,
        HUB88_PRIVATE_KEY: DEMO_HUB88_OPERATOR_PRIVATE_KEY,
        HUB88_OPERATOR_ID: String(DEMO_HUB88_OPERATOR_ID),
      },
    });
    const member = await fundedMember(t, '1000.00');
    const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: HUB88_SLOT_CODE } });
    expect(launch.status, JSON.stringify(launch.body)).toBe(200);
    const sessionId = String(launch.body.data.url).split('/games/hub88/session/')[1] ?? '';
    const session = t.sandbox.hub88.state.sessions.get(sessionId);
    if (!session?.user || !session.token) throw new Error('the sandbox Hub88 has no session for the launch');
    player = { user: session.user, token: session.token, sessionId };
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  const balanceUnits = async (): Promise<number> => {
    const answer = await t.sandbox.hub88.caller.send('/user/balance', JSON.stringify({ user: player.user, request_uuid: randomUUID(), token: player.token, game_code: HUB88_SLOT_CODE }));
    if (answer.kind !== 'answer' || typeof answer.body.balance !== 'number') throw new Error(`balance: ${JSON.stringify(answer)}`);
    return answer.body.balance;
  };
  const round = (index: number) => ({ user: player.user, token: player.token, gameCode: HUB88_SLOT_CODE, currency: 'THB', betUnits: BET, winUnits: index % 2 === 0 ? 0 : 3 * BET });

  it('opens the game page launched through Sabai with the member main wallet as its balance', async () => {
    const page = await t.sandbox.inject({ method: 'GET', url: `/games/hub88/session/${player.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('฿1,000.00');
  });

  it('applies every callback exactly once under every fault mode, one after another and concurrently', async () => {
    const context = { state: t.sandbox.hub88.state, caller: t.sandbox.hub88.caller };
    const start = (await balanceUnits()) - context.state.netUnitsOf(player.user);
    let index = 0;
    for (const fault of HUB88_FAULTS) {
      for (let repeat = 0; repeat < 2; repeat += 1) {
        const result = await playHub88Round(context, round(index++), fault);
        expect(result.anomalies, `${fault}: ${JSON.stringify(result.transactions.map((x) => [x.kind, x.last_response_status]))}`).toEqual([]);
      }
    }
    const concurrent = await Promise.all(HUB88_FAULTS.flatMap((fault) => [0, 1].map(() => playHub88Round(context, round(index++), fault))));
    expect(concurrent.flatMap((result) => result.anomalies)).toEqual([]);
    expect(context.state.transactions.filter((transaction) => transaction.status === 'TS_PENDING')).toEqual([]);
    expect(await balanceUnits()).toBe(start + context.state.netUnitsOf(player.user));
  });

  it('plays a spin from the game page as a bet and a win, and the page balance is Sabai’s', async () => {
    const before = await balanceUnits();
    const spin = await t.sandbox.inject({ method: 'POST', url: '/games/hub88/api/slot/spin', payload: { token: player.sessionId, stake: '10' } });
    expect(spin.statusCode, spin.body).toBe(200);
    const body = spin.json() as { stake: string; payout: string; balance: string };
    const after = await balanceUnits();
    expect(after).toBe(before - BET + Math.round(Number(body.payout) * 100) * 1_000);
    expect(body.balance).toBe((after / 100_000).toFixed(2));
  });
});
