import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { ledgerGame, memberIdOf } from '../../test/partner-helpers.ts';
import { moveGameCredit } from './move-game-credit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A member whose money is all in the main wallet (the deposit's move into the game brought back). */
async function memberWithMainWallet() {
  const member = await fundedMember(t, '200.00');
  const memberId = await memberIdOf(t, member.phoneNumber);
  expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
  return { ...member, memberId };
}
const launch = (token: string, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/game-composite/v1/launch', token, body });

describe('POST /game-composite/v1/launch refuses before any money moves (issue 13 §3.1)', () => {
  it('answers 404 in Thai for a game the partner does not have, and leaves the main wallet alone', async () => {
    const member = await memberWithMainWallet();
    const answer = await launch(member.token, { gameCode: 'no-such-game' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'GAME_NOT_FOUND', message: 'ไม่พบเกมนี้ กรุณาเลือกเกมใหม่อีกครั้ง' });
    expect(await ledgerGame(t, member.memberId)).toBe(0n);
  });

  it.each(['javascript:alert(1)', 'https://evil.example/user/home', '/user/home', 'data:text/html,hi'])('refuses the return address %s with 400', async (returnUrl) => {
    const member = await memberWithMainWallet();
    const answer = await launch(member.token, { gameCode: 'sabai-slot-golden-elephant', returnUrl });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_RETURN_URL');
    expect(await ledgerGame(t, member.memberId)).toBe(0n);
  });

  it('launches with a return address on our own origin and moves the main wallet in', async () => {
    const member = await memberWithMainWallet();
    const answer = await launch(member.token, { gameCode: 'sabai-slot-golden-elephant', returnUrl: 'http://localhost:80/user/lobby' });
    expect(answer.status).toBe(200);
    expect(await ledgerGame(t, member.memberId)).toBe(20_000n);
  });

  it('limits launches per member with a 429', async () => {
    const member = await memberWithMainWallet();
    const answers = [];
    for (let index = 0; index < 31; index += 1) answers.push(await launch(member.token, { gameCode: 'sabai-slot-golden-elephant' }));
    expect(answers.slice(0, 30).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[30]!.status).toBe(429);
    expect(answers[30]!.headers['retry-after']).toBeDefined();
  });
});
