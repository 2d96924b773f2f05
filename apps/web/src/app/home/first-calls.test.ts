// @vitest-environment happy-dom
import { gameWalletResponse, promotionsResponse, rollingResponse } from '@sabai/contracts';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { gameWalletQuery } from '../../features/games/api/get-game-wallet.ts';
import { rollingQuery } from '../../features/member/api/get-rolling.ts';
import { promotionsQuery } from '../../features/promotions/api/promotions.ts';
import { memberQuery } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionStore } from '../../lib/session.ts';
import { promotionFixture, userFixture } from '../../test/fixtures.ts';
import { answer, okBody, onPath, refusal, sentTo, setMember, useMemberApi } from '../../test/msw.ts';
import { startHomeFirstCalls } from './first-calls.ts';

const gameWallet = { gameWallet: 420.5, ledgerGameWallet: 420.5, mainWallet: 1_000, turnover: { now: 0, needed: 0 } };
const rolling = { nowTurnover: 120, needTurnover: 600, countedRounds: 3, isMet: false };

const useHomeApi = (rollingHandler = http.get(onPath('/rolling-composite/v1/get-rolling'), () => answer(rollingResponse, okBody(rolling)))) =>
  useMemberApi(
    http.get(onPath('/game-composite/v1/wallet'), () => answer(gameWalletResponse, okBody(gameWallet))),
    rollingHandler,
    http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([promotionFixture]))),
  );

describe('startHomeFirstCalls (the first load of /user/home, docs/adr/0036)', () => {
  afterEach(() => {
    queryClient.clear();
    sessionStore.clear();
  });

  it('asks once for each call the home page draws, with the session, and keeps every answer for its first render', async () => {
    sessionStore.signIn('test-token', userFixture());
    setMember(userFixture({ userName: { ...userFixture().userName, firstName: 'สมใจ' } }));
    useHomeApi();

    await startHomeFirstCalls();

    for (const path of ['/auth-service/v1/refresh', '/game-composite/v1/wallet', '/rolling-composite/v1/get-rolling', '/user-profile-composite/v1/info/promotion']) {
      expect(sentTo('GET', path), path).toHaveLength(1);
      expect(sentTo('GET', path)[0]?.headers.authorization).toBe('Bearer test-token');
    }
    expect(queryClient.getQueryData(memberQuery.queryKey)?.userName.firstName).toBe('สมใจ');
    expect(queryClient.getQueryData(gameWalletQuery.queryKey)).toEqual(gameWallet);
    expect(queryClient.getQueryData(rollingQuery.queryKey)).toMatchObject({ nowTurnover: 120, needTurnover: 600 });
    expect(queryClient.getQueryData(promotionsQuery.queryKey)).toHaveLength(1);
  });

  it('resolves when a call is refused, and leaves that query without data for the page to ask again', async () => {
    sessionStore.signIn('test-token', userFixture());
    useHomeApi(http.get(onPath('/rolling-composite/v1/get-rolling'), () => refusal('INTERNAL_ERROR', 'ระบบขัดข้อง กรุณาลองใหม่', 400)));

    await expect(startHomeFirstCalls()).resolves.toBeUndefined();

    expect(queryClient.getQueryData(rollingQuery.queryKey)).toBeUndefined();
    expect(queryClient.getQueryState(rollingQuery.queryKey)?.status).toBe('error');
    expect(queryClient.getQueryData(gameWalletQuery.queryKey)).toEqual(gameWallet);
  });
});
