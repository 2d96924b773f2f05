// @vitest-environment happy-dom
import { NO_CONNECTION_MESSAGE, SERVER_UNREACHABLE_MESSAGE, TRANSACTION_STATUS, withdrawalConditionResponse, withdrawalResponse } from '@sabai/contracts';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup-dom.ts';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as WithdrawPage } from './withdraw.tsx';

const WITHDRAWAL = '/fund-composite/v1/withdrawal';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const condition = http.get(onPath('/fund-composite/v1/withdrawal/condition'), () =>
  answer(
    withdrawalConditionResponse,
    okBody({
      canWithdraw: true,
      reasons: [],
      availableAmount: 1508.88,
      balance: 1508.88,
      minWithdraw: 100,
      maxWithdraw: 50_000,
      autoWithdraw: 5_000,
      turnover: { now: 0, needed: 0 },
      bonusMaxWithdraw: null,
      pendingWithdrawals: 0,
    }),
  ),
);

const accepted = (status: number) =>
  http.post(onPath(WITHDRAWAL), async ({ request }) => {
    const body = (await request.json()) as { Amount: number };
    return answer(withdrawalResponse, okBody({ withdrawalId: 'wd_1', Amount: body.Amount, Status: status, createdAt: '2026-11-25T07:00:00.000Z' }, 'ถอนเงินสำเร็จ'));
  });

async function withdraw(amount: string) {
  fireEvent.change(await screen.findByTestId('withdraw-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
}

describe('/user/withdraw against the member API (msw)', () => {
  it('sends the amount to the bound bank account with a fresh idempotency key, and says staff will review a large one', async () => {
    signIn();
    useMemberApi(condition, accepted(TRANSACTION_STATUS.PENDING));
    renderAt(<WithdrawPage />, { path: '/user/withdraw' });
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('฿ 1,508.88');
    expect(screen.getByTestId('withdraw-destination').textContent).toContain('xxxxxx4567');

    await withdraw('1200.50');
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('ถอนเงินสำเร็จ');
    expect(dialog.textContent).toContain('รายการถอนของคุณรอเจ้าหน้าที่ตรวจสอบและอนุมัติ');
    const [request] = sentTo('POST', WITHDRAWAL);
    expect(request?.body).toEqual({ Amount: 1200.5, Channel: 'BANK', minWithdraw: 100 });
    expect(request?.headers['idempotency-key']).toMatch(UUID);
    expect(request?.headers['x-api-key']).toBe('test-app-id');
    expect(request?.headers.authorization).toBe('Bearer test-token');
  });

  it("shows the server's Thai refusal, and a new attempt after a refusal carries a new key", async () => {
    signIn();
    let calls = 0;
    useMemberApi(
      condition,
      http.post(onPath(WITHDRAWAL), () => {
        calls += 1;
        return calls === 1
          ? refusal('WITHDRAW_TURNOVER_NOT_MET', 'ยอดเทิร์นโอเวอร์ยังไม่ครบ')
          : answer(withdrawalResponse, okBody({ withdrawalId: 'wd_2', Amount: 200, Status: TRANSACTION_STATUS.APPROVED, createdAt: '2026-11-25T07:00:00.000Z' }, 'ถอนเงินสำเร็จ'));
      }),
    );
    renderAt(<WithdrawPage />, { path: '/user/withdraw' });
    await withdraw('200');
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('ยอดเทิร์นโอเวอร์ยังไม่ครบ');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('success-dialog')).textContent).toContain('โอนเงินเข้าบัญชีที่ผูกไว้เรียบร้อยแล้ว');
    const [first, second] = sentTo('POST', WITHDRAWAL);
    expect(first?.headers['idempotency-key']).not.toBe(second?.headers['idempotency-key']);
  });

  it('when the server was not reached, retrying the same amount reuses the key so it cannot pay twice', async () => {
    signIn();
    let calls = 0;
    useMemberApi(
      condition,
      http.post(onPath(WITHDRAWAL), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        return answer(withdrawalResponse, okBody({ withdrawalId: 'wd_3', Amount: 300, Status: TRANSACTION_STATUS.APPROVED, createdAt: '2026-11-25T07:00:00.000Z' }, 'ถอนเงินสำเร็จ'));
      }),
    );
    renderAt(<WithdrawPage />, { path: '/user/withdraw' });
    await withdraw('300');
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(SERVER_UNREACHABLE_MESSAGE);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('success-dialog');
    const [first, second] = sentTo('POST', WITHDRAWAL);
    expect(first?.headers['idempotency-key']).toMatch(UUID);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('refuses an amount under the minimum on the page, sending nothing', async () => {
    signIn();
    useMemberApi(condition, accepted(TRANSACTION_STATUS.APPROVED));
    renderAt(<WithdrawPage />, { path: '/user/withdraw' });
    await withdraw('50');
    await screen.findByTestId('error-dialog');
    await waitFor(() => expect(sentTo('POST', WITHDRAWAL)).toHaveLength(0));
  });

  describe('offline (issue 26 §2)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      onlineManager.setOnline(true);
    });

    it('fails at once with the Thai "no connection" message, is not sent when the connection returns, and goes with the same key on the next tap', async () => {
      signIn();
      useMemberApi(condition, accepted(TRANSACTION_STATUS.APPROVED));
      renderAt(<WithdrawPage />, { path: '/user/withdraw' });
      await screen.findByTestId('withdraw-amount');
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => onlineManager.setOnline(false));
      await withdraw('300');
      expect((await screen.findByTestId('error-dialog')).textContent).toContain(NO_CONNECTION_MESSAGE);
      expect(sentTo('POST', WITHDRAWAL)).toHaveLength(0);
      // Back online: nothing held to go out by itself (TanStack Query would resume a paused mutation here).
      onLine.mockReturnValue(true);
      await act(async () => {
        onlineManager.setOnline(true);
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(sentTo('POST', WITHDRAWAL)).toHaveLength(0);
      expect(screen.queryByTestId('success-dialog')).toBeNull();
      fireEvent.click(screen.getByTestId('error-dialog').querySelector('button')!);
      fireEvent.click(screen.getByTestId('withdraw-submit'));
      await screen.findByTestId('success-dialog');
      expect(sentTo('POST', WITHDRAWAL)).toHaveLength(1);
      expect(sentTo('POST', WITHDRAWAL)[0]?.headers['idempotency-key']).toMatch(UUID);
    });
  });
});
