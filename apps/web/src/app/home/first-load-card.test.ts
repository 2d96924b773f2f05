import { SUCCESS_VALUE } from '@sabai/contracts';
import { describe, expect, it } from 'vitest';
import { userFixture } from '../../test/fixtures.ts';
import { REFRESH_SUCCESS, fetchFirstLoadCard } from './first-load-card.ts';

const member = userFixture({ internalWallet: { ...userFixture().internalWallet, mainWallet: 300, gameWallet: 20 } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Answers = Partial<Record<'refresh' | 'wallet' | 'rolling', () => Response>>;

/** A fetch answering the three calls by path; records each call's path and headers. */
function serverAnswering(answers: Answers) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = path.endsWith('/refresh') ? answers.refresh : path.endsWith('/wallet') ? answers.wallet : answers.rolling;
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const refreshed = () => json({ success: 0, message: 'ok', data: member });
const wallet = () => json({ success: true, message: 'ok', data: { gameWallet: 42.5, ledgerGameWallet: 20, mainWallet: 300, turnover: { now: 10, needed: 500 } } });
const rolling = () => json({ success: true, message: 'ok', data: { nowTurnover: 120, needTurnover: 1500, countedRounds: 3, isMet: false } });

describe('the first load card figures without the member app (docs/adr/0045)', () => {
  it('answers the refreshed member, the partner live wallet and get-rolling turnover, asked with the member headers', async () => {
    const { calls, fetchImpl } = serverAnswering({ refresh: refreshed, wallet, rolling });
    const answer = await fetchFirstLoadCard({ appId: 'app-1', token: 'token-1', fetchImpl, now: () => 1_700_000_000_000 });
    expect(answer).toEqual({
      kind: 'card',
      card: { user: member, liveWallet: { mainWallet: 300, gameWallet: 42.5 }, liveWalletReadAt: 1_700_000_000_000, turnover: { now: 120, needed: 1500 } },
    });
    expect(calls.map(({ path }) => path).sort()).toEqual(['/auth-service/v1/refresh', '/game-composite/v1/wallet', '/rolling-composite/v1/get-rolling']);
    for (const { headers } of calls) expect(headers).toEqual({ 'Accept-Language': 'th', 'X-Api-Key': 'app-1', Authorization: 'Bearer token-1' });
  });

  it('takes turnover from the game wallet call when get-rolling fails, and leaves the wallet to refresh when the partner fails', async () => {
    const withoutRolling = await fetchFirstLoadCard({ appId: 'a', token: 't', fetchImpl: serverAnswering({ refresh: refreshed, wallet }).fetchImpl });
    expect(withoutRolling.kind === 'card' && withoutRolling.card.turnover).toEqual({ now: 10, needed: 500 });
    const partnerDown = await fetchFirstLoadCard({
      appId: 'a',
      token: 't',
      fetchImpl: serverAnswering({ refresh: refreshed, wallet: () => json({ success: false, message: 'ระบบเกมขัดข้อง' }, 502), rolling }).fetchImpl,
    });
    expect(partnerDown).toEqual({ kind: 'card', card: { user: member, liveWallet: null, liveWalletReadAt: null, turnover: { now: 120, needed: 1500 } } });
    const bothDown = await fetchFirstLoadCard({ appId: 'a', token: 't', fetchImpl: serverAnswering({ refresh: refreshed }).fetchImpl });
    expect(bothDown.kind === 'card' && bothDown.card.turnover).toBeNull();
  });

  it('hands over to the member app when refresh does not answer with a member: refused, an error, a foreign shape or no network', async () => {
    const cases: Answers['refresh'][] = [
      () => json({ success: false, message: 'กรุณาเข้าสู่ระบบใหม่' }, 401),
      () => json({ success: true, message: 'ok', data: member }), // refresh's success is the number 0, not true
      () => json({ success: 0, message: 'ok', data: { ...member, internalWallet: { ...member.internalWallet, mainWallet: '300' } } }),
      () => json({ success: 0, message: 'ok', data: { ...member, BonusInfo: null } }),
      () => new Response('<html>bad gateway</html>', { status: 200 }),
      undefined, // the network failed
    ];
    for (const refresh of cases) {
      const answer = await fetchFirstLoadCard({ appId: 'a', token: 't', fetchImpl: serverAnswering({ refresh, wallet, rolling }).fetchImpl });
      expect(answer).toEqual({ kind: 'handOver' });
    }
  });

  it('reads refresh success as the contracts say', () => {
    expect(REFRESH_SUCCESS).toBe(SUCCESS_VALUE.refresh);
  });
});
