import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { DEMO_HUB88_OPERATOR_ID, DEMO_HUB88_OPERATOR_PRIVATE_KEY, SANDBOX_HUB88_PRIVATE_KEY } from './demo-keys.ts';
import { HUB88_BACCARAT_CODE, HUB88_SLOT_CODE } from './hub88-catalog.ts';
import { signHub88Body } from './hub88-signature.ts';
import { HUB88_FAULTS, type RoundResult } from './play-round.ts';
import { FakeOperatorWallet } from './test/fake-operator-wallet.ts';

const START_UNITS = 100_000_000; // 1,000.00 baht
const BET = 1_000_000; // 10.00 baht

describe('sandbox Hub88', () => {
  let app: SandboxApp;
  let wallet: FakeOperatorWallet;

  beforeEach(async () => {
    wallet = new FakeOperatorWallet();
    const walletUrl = await wallet.start();
    app = await buildSandboxApp({ apiKey: 'key', feedSecret: 'secret', apiBaseUrl: walletUrl.replace(/\/seamless\/hub88$/, '') });
    wallet.balances.set('member0001', START_UNITS);
  });
  afterEach(async () => {
    await app.close();
    await wallet.stop();
  });

  const operatorCall = (url: string, body: object, key = DEMO_HUB88_OPERATOR_PRIVATE_KEY) => {
    const raw = JSON.stringify(body);
    return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-hub88-signature': signHub88Body(key, raw) }, payload: raw });
  };
  const playRound = async (body: object): Promise<RoundResult> =>
    (await app.inject({ method: 'POST', url: '/hub88/sandbox/rounds', headers: { 'x-sandbox-key': 'key' }, payload: { user: 'member0001', token: 'token-0001-abcdef', game_code: HUB88_SLOT_CODE, currency: 'THB', ...body } })).json();
  const expectBooksAgree = () => expect(wallet.balances.get('member0001')).toBe(START_UNITS + app.hub88.state.netUnitsOf('member0001'));

  it('answers the Games API only to calls signed with the operator key and its operator_id', async () => {
    expect((await operatorCall('/hub88/operator/generic/v2/game/list', { operator_id: DEMO_HUB88_OPERATOR_ID }, SANDBOX_HUB88_PRIVATE_KEY)).statusCode).toBe(401);
    expect((await operatorCall('/hub88/operator/generic/v2/game/list', { operator_id: 999 })).statusCode).toBe(401);
    const list = await operatorCall('/hub88/operator/generic/v2/game/list', { operator_id: DEMO_HUB88_OPERATOR_ID });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((game: { game_code: string }) => game.game_code)).toEqual([HUB88_SLOT_CODE, HUB88_BACCARAT_CODE]);
    const url = await operatorCall('/hub88/operator/generic/v2/game/url', {
      operator_id: DEMO_HUB88_OPERATOR_ID, user: 'member0001', token: 'token-0001-abcdef', game_code: HUB88_SLOT_CODE, currency: 'THB', platform: 'GPL_MOBILE', lang: 'th', lobby_url: 'http://site.test/games',
    });
    expect(url.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: new URL(url.json().url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-api="/games/hub88/api"');
    expect(page.body).toContain('฿1,000.00'); // the balance, read from the operator's /user/balance
    expect((await operatorCall('/hub88/operator/generic/v2/game/url', { operator_id: DEMO_HUB88_OPERATOR_ID, user: 'member0001', token: 'token-0001-abcdef', game_code: 'nope', currency: 'THB', platform: 'GPL_MOBILE' })).statusCode).toBe(404);
  });

  it('plays a slot spin from the game page as a bet and a win on the operator wallet', async () => {
    const url = (await operatorCall('/hub88/operator/generic/v2/game/url', { operator_id: DEMO_HUB88_OPERATOR_ID, user: 'member0001', token: 'token-0001-abcdef', game_code: HUB88_SLOT_CODE, currency: 'THB', platform: 'GPL_MOBILE' })).json().url as string;
    const session = url.split('/').pop();
    for (let spin = 0; spin < 5; spin += 1) {
      const reply = await app.inject({ method: 'POST', url: '/games/hub88/api/slot/spin', payload: { token: session, stake: '10' } });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().balance).toBe(((wallet.balances.get('member0001') ?? 0) / 100_000).toFixed(2));
    }
    expect(wallet.applied.filter((entry) => entry.startsWith('bet'))).toHaveLength(5);
    expect(wallet.applied.filter((entry) => entry.startsWith('win'))).toHaveLength(5);
    expectBooksAgree();
    const listed = await operatorCall('/hub88/operator/generic/v2/transactions/list', { operator_id: DEMO_HUB88_OPERATOR_ID, start_time: '2000-01-01T00:00:00', end_time: '2100-01-01T00:00:00' });
    expect(listed.json()).toHaveLength(10);
    expect((await operatorCall('/hub88/operator/generic/v2/transactions/list', { operator_id: DEMO_HUB88_OPERATOR_ID })).statusCode).toBe(400);
  });

  it('refuses a spin the wallet cannot cover with the Thai message and moves nothing', async () => {
    wallet.balances.set('member0001', 500_000);
    const url = (await operatorCall('/hub88/operator/generic/v2/game/url', { operator_id: DEMO_HUB88_OPERATOR_ID, user: 'member0001', token: 'token-0001-abcdef', game_code: HUB88_SLOT_CODE, currency: 'THB', platform: 'GPL_MOBILE' })).json().url as string;
    const reply = await app.inject({ method: 'POST', url: '/games/hub88/api/slot/spin', payload: { token: url.split('/').pop(), stake: '10' } });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toContain('ยอดเงินคงเหลือไม่พอ');
    expect(wallet.balances.get('member0001')).toBe(500_000);
    expect(app.hub88.state.transactions.map((t) => [t.kind, t.status])).toEqual([['bet', 'TS_DECLINED']]);
  });

  it.each(HUB88_FAULTS)('keeps Hub88 and the operator in agreement under the fault %s', async (fault) => {
    for (const win of [0, 2 * BET]) {
      const result = await playRound({ bet: BET, win, fault });
      expect(result.anomalies, JSON.stringify(result)).toEqual([]);
      const expected = { ok: 'settled', repeat: 'settled', timeout_after_answer: 'rolled_back', rollback_before_bet: 'rolled_back', rollback_after_bet: 'rolled_back', win_before_bet: 'settled', out_of_order: 'settled', bad_signature: 'rolled_back' }[fault];
      expect(result.outcome).toBe(expected);
    }
    expectBooksAgree();
    if (fault === 'bad_signature') expect(wallet.badSignatures).toEqual(['/transaction/bet', '/transaction/bet']);
  });

  it('retries a win whose answer was lost until the operator answers, and the win is applied once', async () => {
    wallet.dropAnswers = { path: '/transaction/win', count: 3 };
    const result = await playRound({ bet: BET, win: 3 * BET });
    expect(result.outcome).toBe('settled');
    expect(result.anomalies).toEqual([]);
    expect(wallet.applied.filter((entry) => entry.startsWith('win'))).toHaveLength(1);
    expect(app.hub88.caller.counters.retries).toBe(3);
    expect(wallet.balances.get('member0001')).toBe(START_UNITS + 2 * BET);
    expectBooksAgree();
  });

  it('rolls back a bet whose answer was lost (Hub88 never retries a bet), and the money comes back', async () => {
    wallet.dropAnswers = { path: '/transaction/bet', count: 1 };
    const result = await playRound({ bet: BET, win: 3 * BET });
    expect(result.outcome).toBe('rolled_back');
    expect(result.transactions.map((t) => [t.kind, t.status, t.rolled_back])).toEqual([['bet', 'TS_DECLINED', true], ['rollback', 'TS_SUCCESS', false]]);
    expect(wallet.balances.get('member0001')).toBe(START_UNITS);
    expectBooksAgree();
  });

  it('keeps the fault mode until switched and refuses an unknown one', async () => {
    const headers = { 'x-sandbox-key': 'key' };
    expect((await app.inject({ method: 'POST', url: '/hub88/sandbox/faults', headers, payload: { mode: 'nope' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/hub88/sandbox/faults', headers, payload: { mode: 'repeat' } })).json()).toEqual({ mode: 'repeat' });
    expect((await app.inject({ method: 'GET', url: '/hub88/sandbox/faults', headers })).json()).toEqual({ mode: 'repeat' });
    expect((await app.inject({ method: 'GET', url: '/hub88/sandbox/faults' })).statusCode).toBe(401);
  });
});
