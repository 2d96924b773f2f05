import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAUNCH_TOKEN_TTL_MS, SESSION_IDLE_MS } from './launch-sessions.ts';
import { PUBLIC_BASE_URL, spinSlot, startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

const SLOT = 'sabai-slot-golden-elephant';
const BACCARAT = 'sabai-baccarat-1';
const toSatang = (baht: unknown) => BigInt(String(baht).replace('.', ''));

describe('games: catalogue, launch and rounds', () => {
  let partner: PartnerTestApp;
  beforeEach(async () => {
    partner = await startPartnerApp();
    await partner.fundMember('gamer01', '200.00');
  });
  afterEach(async () => {
    await partner.app.close();
  });

  const feed = async () => (await partner.call('GET', '/partner/v1/bets?limit=500')).json().records;

  it('lists the two playable games, by category, with images on the public URL', async () => {
    const all = (await partner.call('GET', '/partner/v1/games')).json().games;
    expect(all).toEqual([
      { code: SLOT, name: 'ช้างทองคำ', category: 'EGAMES', provider: 'sabai', imageUrl: `${PUBLIC_BASE_URL}/games/assets/golden-elephant.svg` },
      { code: BACCARAT, name: 'บาคาร่า โต๊ะ 1', category: 'LIVECASINO', provider: 'sabai', imageUrl: `${PUBLIC_BASE_URL}/games/assets/baccarat-1.svg` },
    ]);
    expect((await partner.call('GET', '/partner/v1/games?category=LIVECASINO')).json().games.map((game: { code: string }) => game.code)).toEqual([BACCARAT]);
    expect((await partner.call('GET', '/partner/v1/games?category=POKER')).json()).toEqual({ games: [] });
    expect((await partner.call('GET', '/partner/v1/games?category=LOTTERY')).statusCode).toBe(400);
    const image = await partner.app.inject({ method: 'GET', url: '/games/assets/golden-elephant.svg' });
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toContain('ช้างทองคำ');
  });

  it('launches a one-time link on the public URL that opens the member\u2019s game page under a strict CSP', async () => {
    const launch = await partner.call('POST', '/partner/v1/launch', { username: 'gamer01', gameCode: SLOT, returnUrl: 'https://sabai.test/user/slot' });
    const { url } = launch.json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/games/play/[\\w-]{32}$`));
    const opened = await partner.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(opened.statusCode).toBe(303);
    const page = await partner.app.inject({ method: 'GET', url: String(opened.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="th">');
    expect(page.body).toContain('ช้างทองคำ');
    expect(page.body).toContain('href="https://sabai.test/user/slot"');
    expect(page.body).toContain('฿200.00');
    expect(page.body).not.toMatch(/<script>|style="/);
    const again = await partner.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('ลิงก์นี้ถูกใช้เปิดเกมไปแล้ว');
  });

  it('refuses to launch for an unknown member, an unknown game or a non-http return URL', async () => {
    const launch = (body: Record<string, string>) => partner.call('POST', '/partner/v1/launch', { username: 'gamer01', gameCode: SLOT, returnUrl: 'https://sabai.test/', ...body });
    expect((await launch({ username: 'ghost01' })).json()).toEqual({ code: 'MEMBER_NOT_FOUND' });
    expect((await launch({ gameCode: 'sabai-roulette' })).json()).toEqual({ code: 'GAME_NOT_FOUND' });
    expect((await launch({ returnUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('expires an unopened launch link after 10 minutes', async () => {
    const { url } = (await partner.call('POST', '/partner/v1/launch', { username: 'gamer01', gameCode: SLOT, returnUrl: 'https://sabai.test/' })).json();
    partner.clock.advance(LAUNCH_TOKEN_TTL_MS + 1);
    const opened = await partner.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(opened.statusCode).toBe(410);
    expect(opened.body).toContain('ลิงก์นี้หมดอายุแล้ว');
    expect(opened.body).toContain('href="https://sabai.test/"');
    expect((await partner.app.inject({ method: 'GET', url: '/games/play/not-a-token' })).statusCode).toBe(404);
  });

  it('ends a session after 10 minutes without play; playing keeps it alive; a balance check does not', async () => {
    const token = await partner.openGame('gamer01', SLOT);
    partner.clock.advance(SESSION_IDLE_MS - 1_000);
    await spinSlot(partner.app, token, '1.00');
    partner.clock.advance(SESSION_IDLE_MS - 1_000);
    expect((await partner.app.inject({ method: 'POST', url: '/games/api/balance', payload: { token } })).statusCode).toBe(200);
    partner.clock.advance(2_000);
    const expired = await partner.app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token, stake: '1.00' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'SESSION_EXPIRED', message: expect.stringContaining('หมดอายุ') });
    expect((await partner.app.inject({ method: 'GET', url: `/games/session/${token}` })).statusCode).toBe(410);
  });

  it('a slot spin debits the stake, credits the payout and appears in the bets feed', async () => {
    const token = await partner.openGame('gamer01', SLOT);
    let expected = 20_000n;
    const spins = await spinSlot(partner.app, token, '10.00', 15);
    for (const spin of spins) {
      expected += toSatang(spin.payout) - 1_000n;
      expect(spin.reels).toHaveLength(3);
      expect(spin.result).toBe(toSatang(spin.payout) > 1_000n ? 'win' : toSatang(spin.payout) < 1_000n ? 'loss' : 'draw');
    }
    expect(toSatang(spins.at(-1)!.balance)).toBe(expected);
    expect(partner.partner.balanceOf('gamer01')).toBe(expected);
    const records = await feed();
    expect(records.map((record: { roundId: string; payout: string }) => [record.roundId, record.payout])).toEqual(spins.map((spin) => [spin.roundId, spin.payout]));
    expect(records.every((record: { stake: string; status: string }) => record.stake === '10.00' && record.status === 'settled')).toBe(true);
  });

  it('a baccarat hand settles by the dealt cards and appears in the bets feed (a tie pushes player/banker bets)', async () => {
    await partner.fundMember('gamer01', '2000.00');
    const token = await partner.openGame('gamer01', BACCARAT);
    const hands = [];
    for (let index = 0; index < 40; index += 1) {
      const side = (['player', 'banker', 'tie'] as const)[index % 3];
      const reply = await partner.app.inject({ method: 'POST', url: '/games/api/baccarat/deal', payload: { token, side, stake: '10' } });
      expect(reply.statusCode).toBe(200);
      hands.push(reply.json());
    }
    for (const hand of hands) {
      const expectedPayout = { player: { player: '20.00', banker: '0.00', tie: '10.00' }, banker: { player: '0.00', banker: '19.50', tie: '10.00' }, tie: { player: '0.00', banker: '0.00', tie: '90.00' } }[hand.side as 'player'][hand.winner as 'player'];
      expect(hand.payout).toBe(expectedPayout);
      expect(hand.winner).toBe(hand.playerTotal > hand.bankerTotal ? 'player' : hand.bankerTotal > hand.playerTotal ? 'banker' : 'tie');
      expect(hand.player.length).toBeGreaterThanOrEqual(2);
    }
    const records = await feed();
    expect(records.map((record: { roundId: string; gameCode: string; result: string }) => [record.roundId, record.gameCode, record.result])).toEqual(hands.map((hand) => [hand.roundId, BACCARAT, hand.result]));
    expect(partner.partner.balanceOf('gamer01')).toBe(toSatang(hands.at(-1)!.balance));
  });

  it('refuses a stake above the balance in Thai and records nothing', async () => {
    await partner.call('POST', '/partner/v1/members', { username: 'poor01' });
    await partner.call('POST', '/partner/v1/transfers', { reference: 'poor-1', username: 'poor01', direction: 'in', amount: '4.00' });
    const token = await partner.openGame('poor01', SLOT);
    const reply = await partner.app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token, stake: '5.00' } });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({ code: 'INSUFFICIENT_BALANCE', message: 'ยอดเงินคงเหลือไม่พอสำหรับเดิมพันนี้ กรุณาเลือกเดิมพันที่น้อยลงหรือเติมเงิน' });
    expect(partner.partner.balanceOf('poor01')).toBe(400n);
    expect(await feed()).toEqual([]);
  });

  it('accepts only the chip stakes, and a session only for its own game', async () => {
    const token = await partner.openGame('gamer01', SLOT);
    for (const stake of ['7.00', '0', '1000.00', '-1', '1.5']) {
      expect((await partner.app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token, stake } })).json().code, stake).toBe('INVALID_STAKE');
    }
    const wrongGame = await partner.app.inject({ method: 'POST', url: '/games/api/baccarat/deal', payload: { token, side: 'player', stake: '1' } });
    expect(wrongGame.statusCode).toBe(403);
    expect((await partner.app.inject({ method: 'POST', url: '/games/api/slot/spin', payload: { token: 'forged', stake: '1' } })).statusCode).toBe(401);
  });
});
