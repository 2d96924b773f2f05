import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test/money-helpers.ts';
import { betBody, createHub88Kit, hub88Player, mainSatang, rollbackBody, transfersOf, walletCall, winBody, type Hub88Kit } from './hub88-test-kit.ts';

/**
 * Issue 30 §1: Hub88 → Sabai wallet calls, signed; idempotent per transaction_uuid; reordered
 * calls (rollback before bet, win before bet, win after rollback) answered as Hub88 documents.
 */
let kit: Hub88Kit;
let offsetMs = 0;
beforeAll(async () => {
  kit = await createHub88Kit({ now: () => new Date(Date.now() + offsetMs) });
}, 120_000);
afterAll(async () => kit?.close());

describe('Hub88 wallet API: signatures and plain calls', () => {
  it('answers a signed balance and info call and refuses a call signed by another key or not signed, moving nothing', async () => {
    const p = await hub88Player(kit, '500');
    const balance = await walletCall(kit, '/user/balance', { user: p.user, token: p.hub88Token, request_uuid: randomUUID(), game_code: 'png_bookofdead' });
    expect(balance.httpStatus).toBe(200);
    expect(balance.json).toMatchObject({ status: 'RS_OK', user: p.user, currency: 'THB', balance: 500 * 100_000 });
    const info = await walletCall(kit, '/user/info', { user: p.user, request_uuid: randomUUID() });
    expect(info.json).toMatchObject({ status: 'RS_OK', user: p.user, country: 'TH' });

    const bet = betBody(p, 100);
    const forged = await walletCall(kit, '/transaction/bet', bet, kit.otherKey);
    expect(forged.httpStatus).toBe(200);
    expect(forged.json.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const unsigned = await kit.t.app.inject({ method: 'POST', url: '/seamless/hub88/transaction/bet', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(bet) });
    expect(unsigned.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // One byte changed after signing: the signature covers the raw body.
    expect(await mainSatang(kit.t, p.memberId)).toBe(50_000n);
    expect(await transfersOf(kit.t, bet.transaction_uuid)).toBe(0);
  });

  it('debits a bet and credits its win in Hub88 units, ignoring fields Hub88 adds later', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 150.25, { a_field_from_2027: { nested: true } });
    const placed = await walletCall(kit, '/transaction/bet', bet);
    expect(placed.json).toMatchObject({ status: 'RS_OK', balance: 84_975 * 1000, currency: 'THB', request_uuid: bet.request_uuid });
    const won = await walletCall(kit, '/transaction/win', winBody(p, bet, 300));
    expect(won.json).toMatchObject({ status: 'RS_OK', balance: 114_975 * 1000 });
    expect(await mainSatang(kit.t, p.memberId)).toBe(114_975n);
    await expectLedgerSound(kit.t);
  });

  it('refuses an amount finer than a satang, another currency and a malformed body without moving money', async () => {
    const p = await hub88Player(kit, '100');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1, { amount: 100_001 }))).json.status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1, { currency: 'EUR' }))).json.status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await walletCall(kit, '/transaction/bet', '{"user":')).json.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const { amount: _dropped, ...noAmount } = betBody(p, 1);
    expect((await walletCall(kit, '/transaction/bet', noAmount)).json.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1, { amount: '100000' }))).json.status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await mainSatang(kit.t, p.memberId)).toBe(10_000n);
  });

  it('refuses a bet larger than the main wallet with RS_ERROR_NOT_ENOUGH_MONEY and the balance', async () => {
    const p = await hub88Player(kit, '100');
    const refused = await walletCall(kit, '/transaction/bet', betBody(p, 100.01));
    expect(refused.json).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 100 * 100_000 });
    expect(await mainSatang(kit.t, p.memberId)).toBe(10_000n);
  });
});

describe('Hub88 wallet API: idempotency per transaction_uuid', () => {
  it('answers a replayed bet, win and rollback with the identical bytes and posts each once', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 100);
    const first = await walletCall(kit, '/transaction/bet', bet);
    const again = await walletCall(kit, '/transaction/bet', bet);
    expect(again.raw).toBe(first.raw);
    const win = winBody(p, bet, 40);
    const won = await walletCall(kit, '/transaction/win', win);
    expect((await walletCall(kit, '/transaction/win', win)).raw).toBe(won.raw);
    const other = betBody(p, 10);
    await walletCall(kit, '/transaction/bet', other);
    const rollback = rollbackBody(p, other.transaction_uuid);
    const rolled = await walletCall(kit, '/transaction/rollback', rollback);
    expect((await walletCall(kit, '/transaction/rollback', rollback)).raw).toBe(rolled.raw);
    for (const uuid of [bet.transaction_uuid, win.transaction_uuid, other.transaction_uuid, rollback.transaction_uuid]) expect(await transfersOf(kit.t, uuid)).toBe(1);
    expect(await mainSatang(kit.t, p.memberId)).toBe(94_000n);
    await expectLedgerSound(kit.t);
  });

  it('refuses the same transaction_uuid with another amount, round or kind (RS_ERROR_DUPLICATE_TRANSACTION)', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 100);
    await walletCall(kit, '/transaction/bet', bet);
    expect((await walletCall(kit, '/transaction/bet', { ...bet, amount: 200 * 100_000, request_uuid: randomUUID() })).json.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await walletCall(kit, '/transaction/bet', { ...bet, round: 'another-round' })).json.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await walletCall(kit, '/transaction/win', { ...winBody(p, bet, 5), transaction_uuid: bet.transaction_uuid })).json.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    // A retry with a new request_uuid is the same action: the stored answer, this call's request_uuid.
    const retry = await walletCall(kit, '/transaction/bet', { ...bet, request_uuid: 'retry-1' });
    expect(retry.json).toMatchObject({ status: 'RS_OK', request_uuid: 'retry-1', balance: 900 * 100_000 });
    expect(await mainSatang(kit.t, p.memberId)).toBe(90_000n);
  });
});

describe('Hub88 wallet API: calls out of order', () => {
  it('accepts a rollback before its bet, leaving a tombstone: the late bet is refused and moves nothing', async () => {
    const p = await hub88Player(kit, '500');
    const bet = betBody(p, 100);
    const rollback = await walletCall(kit, '/transaction/rollback', rollbackBody(p, bet.transaction_uuid));
    expect(rollback.json).toMatchObject({ status: 'RS_OK', balance: 500 * 100_000 });
    expect((await walletCall(kit, '/transaction/bet', bet)).json.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainSatang(kit.t, p.memberId)).toBe(50_000n);
  });

  it('refuses a win before its bet (RS_ERROR_TRANSACTION_DOES_NOT_EXIST) and accepts it once the bet came', async () => {
    const p = await hub88Player(kit, '500');
    const bet = betBody(p, 100);
    const win = winBody(p, bet, 250);
    expect((await walletCall(kit, '/transaction/win', win)).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await mainSatang(kit.t, p.memberId)).toBe(50_000n);
    await walletCall(kit, '/transaction/bet', bet);
    expect((await walletCall(kit, '/transaction/win', win)).json).toMatchObject({ status: 'RS_OK', balance: 650 * 100_000 });
  });

  it('refuses a win after its bet was rolled back, and rolls a bet back exactly once', async () => {
    const p = await hub88Player(kit, '500');
    const bet = betBody(p, 100);
    await walletCall(kit, '/transaction/bet', bet);
    expect((await walletCall(kit, '/transaction/rollback', rollbackBody(p, bet.transaction_uuid))).json.balance).toBe(500 * 100_000);
    // A second rollback (another uuid) of the same bet: accepted, nothing moves.
    expect((await walletCall(kit, '/transaction/rollback', rollbackBody(p, bet.transaction_uuid))).json).toMatchObject({ status: 'RS_OK', balance: 500 * 100_000 });
    expect((await walletCall(kit, '/transaction/win', winBody(p, bet, 300))).json.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainSatang(kit.t, p.memberId)).toBe(50_000n);
    await expectLedgerSound(kit.t);
  });

  it('refuses a win or rollback naming another member\'s bet', async () => {
    const a = await hub88Player(kit, '500');
    const b = await hub88Player(kit, '500');
    const bet = betBody(a, 100);
    await walletCall(kit, '/transaction/bet', bet);
    expect((await walletCall(kit, '/transaction/win', winBody(b, bet, 300))).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await walletCall(kit, '/transaction/rollback', rollbackBody(b, bet.transaction_uuid))).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await mainSatang(kit.t, b.memberId)).toBe(50_000n);
    expect(await mainSatang(kit.t, a.memberId)).toBe(40_000n);
  });
});

describe('Hub88 wallet API: sessions', () => {
  it('refuses a bet on an unknown or another member\'s token, and on an expired one, but takes wins and rollbacks on it', async () => {
    const p = await hub88Player(kit, '500');
    const other = await hub88Player(kit, '500');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1, { token: 'not-a-token-we-issued' }))).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1, { token: other.hub88Token }))).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    const bet = betBody(p, 100);
    const rolledLater = betBody(p, 50);
    await walletCall(kit, '/transaction/bet', bet);
    await walletCall(kit, '/transaction/bet', rolledLater);
    offsetMs = 31 * 60_000;
    try {
      expect((await walletCall(kit, '/transaction/bet', betBody(p, 1))).json.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect((await walletCall(kit, '/transaction/win', winBody(p, bet, 200))).json.status).toBe('RS_OK');
      expect((await walletCall(kit, '/transaction/rollback', rollbackBody(p, rolledLater.transaction_uuid))).json.status).toBe('RS_OK');
    } finally {
      offsetMs = 0;
    }
    expect(await mainSatang(kit.t, p.memberId)).toBe(60_000n);
  });
});

describe('Hub88 wallet API: player protection applies to bets only', () => {
  const rg = '/user-profile-composite/v1/responsible-gaming';
  const noLimits = { day: null, week: null, month: null };

  it('refuses bets during a time-out (RS_ERROR_USER_DISABLED) but pays wins and rollbacks; the lobby hides every game', async () => {
    const p = await hub88Player(kit, '500');
    const bet = betBody(p, 100);
    const toRollBack = betBody(p, 20);
    await walletCall(kit, '/transaction/bet', bet);
    await walletCall(kit, '/transaction/bet', toRollBack);
    expect((await kit.t.call({ method: 'POST', url: `${rg}/exclusion`, token: p.token, body: { kind: 'timeout', period: '24h' } })).status).toBe(200);
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1))).json.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await walletCall(kit, '/transaction/win', winBody(p, bet, 300))).json.status).toBe('RS_OK');
    expect((await walletCall(kit, '/transaction/rollback', rollbackBody(p, toRollBack.transaction_uuid))).json.status).toBe('RS_OK');
    expect(await mainSatang(kit.t, p.memberId)).toBe(70_000n);
    const games = await kit.t.call({ method: 'GET', url: '/game-composite/v1/games', token: p.token });
    expect(games.body.data).toEqual([]);
    expect((await kit.t.call({ method: 'POST', url: '/game-composite/v1/launch', token: p.token, body: { gameCode: 'png_bookofdead' } })).body.code).toBe('RG_EXCLUDED');
  });

  it('refuses bets once the loss limit is reached (RS_ERROR_LIMIT_REACHED)', async () => {
    const p = await hub88Player(kit, '500');
    expect((await kit.t.call({ method: 'PUT', url: `${rg}/limits`, token: p.token, body: { depositLimit: noLimits, lossLimit: { ...noLimits, day: 100 } } })).status).toBe(200);
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 100))).json.status).toBe('RS_OK');
    expect((await walletCall(kit, '/transaction/bet', betBody(p, 1))).json.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await mainSatang(kit.t, p.memberId)).toBe(40_000n);
  });
});

describe('Hub88 wallet API: concurrency', () => {
  it('never overdraws: 20 bets of 100 baht at once on 1,000 baht, exactly 10 accepted', async () => {
    const p = await hub88Player(kit, '1000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => walletCall(kit, '/transaction/bet', betBody(p, 100))));
    const statuses = answers.map((answer) => answer.json.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(10);
    expect(await mainSatang(kit.t, p.memberId)).toBe(0n);
    await expectLedgerSound(kit.t);
  });

  it('posts one transfer when the same bet arrives many times at once', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 100);
    const answers = await Promise.all(Array.from({ length: 8 }, () => walletCall(kit, '/transaction/bet', bet)));
    expect(new Set(answers.map((answer) => answer.raw)).size).toBe(1);
    expect(await transfersOf(kit.t, bet.transaction_uuid)).toBe(1);
    expect(await mainSatang(kit.t, p.memberId)).toBe(90_000n);
  });
});

describe('Hub88 lobby and launch', () => {
  it('lists Hub88\'s games with their provider, hiding disabled and licence-blocked ones, and launches with a fresh token', async () => {
    const p = await hub88Player(kit, '100');
    const games = await kit.t.call({ method: 'GET', url: '/game-composite/v1/games', token: p.token });
    expect(games.body.data.map((game: { code: string }) => game.code)).toEqual(['evo_baccarat', 'png_bookofdead']);
    expect(games.body.data[0]).toMatchObject({ provider: 'Evolution Gaming', category: 'LIVECASINO' });
    expect(games.body.data[1]).toMatchObject({ provider: "Play'n GO", category: 'EGAMES' });
    const slots = await kit.t.call({ method: 'GET', url: '/game-composite/v1/games?category=EGAMES', token: p.token });
    expect(slots.body.data.map((game: { code: string }) => game.code)).toEqual(['png_bookofdead']);
    expect(p.launchUrl).toContain('https://games.hub88.test/png_bookofdead');
    const sent = kit.gameUrlCalls.at(-1)!;
    expect(sent).toMatchObject({ user: p.user, currency: 'THB', operator_id: 7, game_code: 'png_bookofdead', country: 'TH' });
    const again = await kit.t.call({ method: 'POST', url: '/game-composite/v1/launch', token: p.token, body: { gameCode: 'png_bookofdead' } });
    expect(kit.gameUrlCalls.at(-1)!.token).not.toBe(p.hub88Token);
    expect(again.status).toBe(200);
    const demo = await kit.t.call({ method: 'POST', url: '/game-composite/v1/launch', token: p.token, body: { gameCode: 'evo_baccarat', isDemo: true } });
    expect(demo.status).toBe(200);
    expect(kit.gameUrlCalls.at(-1)).toMatchObject({ currency: 'XXX' });
    expect(kit.gameUrlCalls.at(-1)!.token).toBeUndefined();
    expect((await kit.t.call({ method: 'POST', url: '/game-composite/v1/launch', token: p.token, body: { gameCode: 'xyz_blocked' } })).body.code).toBe('GAME_NOT_FOUND');
    // Nothing moved into a game wallet: the money stays in main.
    expect(await mainSatang(kit.t, p.memberId)).toBe(10_000n);
  });

  it('keeps a seamless member\'s money in the main wallet: the wallet view shows no game credit and a withdrawal after play pays out', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 300);
    await walletCall(kit, '/transaction/bet', bet);
    await walletCall(kit, '/transaction/win', winBody(p, bet, 100));
    const wallet = await kit.t.call({ method: 'GET', url: '/game-composite/v1/wallet', token: p.token });
    expect(wallet.body.data).toMatchObject({ gameWallet: 0, ledgerGameWallet: 0, mainWallet: 800 });
    const withdrawal = await kit.t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: p.token, body: { Amount: 500, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } });
    expect(withdrawal.status).toBe(200);
    expect(await mainSatang(kit.t, p.memberId)).toBe(30_000n);
    // Hub88 sees what is left.
    expect((await walletCall(kit, '/user/balance', { user: p.user, token: p.hub88Token, request_uuid: randomUUID() })).json.balance).toBe(300 * 100_000);
    await expectLedgerSound(kit.t);
  });

  it('counts settled Hub88 rounds toward turnover', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 200);
    await walletCall(kit, '/transaction/bet', bet);
    await walletCall(kit, '/transaction/win', winBody(p, bet, 50));
    const rolling = await kit.t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token: p.token });
    expect(rolling.body.data.nowTurnover).toBe(200);
  });
});
