// @vitest-environment happy-dom
import { ERRORS, SERVER_UNREACHABLE_MESSAGE, spinResponse, wheelResponse, type WheelPrize } from '@sabai/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { answer, okBody, onPath, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as SpinnerPage } from './spinner.tsx';

const SPINS = '/prize-composite/v1/spins';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const prizes: WheelPrize[] = [
  { id: 1, label: 'เครดิต 100 บาท', kind: 'credit', Amount: 100, sortOrder: 1 },
  { id: 2, label: 'ไม่ได้รับรางวัล', kind: 'nothing', Amount: 0, sortOrder: 2 },
  { id: 3, label: 'หมุนฟรี', kind: 'prize_credit', Amount: 50, sortOrder: 3 },
];

/** The wheel with `credit` prize credit before the spin and `after` once it has been spent. */
function wheelApi(credit: number) {
  let prizeWallet = credit;
  return [
    http.get(onPath('/prize-composite/v1/wheel'), () => answer(wheelResponse, okBody({ isEnabled: true, prizes, prizeWallet, spinCost: 50 }))),
    http.post(onPath(SPINS), () => {
      prizeWallet -= 50;
      return answer(spinResponse, okBody({ drawId: 'spn_1', prize: prizes[0]!, segmentIndex: 0, prizeWallet, spinCost: 50 }));
    }),
  ];
}

describe('/user/spinner against the member API (msw)', () => {
  it('spins once with an idempotency key, lands on the drawn prize, says what was won and shows the credit left', async () => {
    signIn();
    useMemberApi(...wheelApi(120));
    renderAt(<SpinnerPage />, { path: '/user/spinner' });
    expect((await screen.findByTestId('wheel-credit')).textContent).toBe('120');
    fireEvent.click(screen.getByTestId('wheel-spin'));
    expect((screen.getByTestId('wheel-spin') as HTMLButtonElement).disabled).toBe(true);
    // Spec §9: 1.5 s in the dialog, then 1 s before the call.
    await waitFor(() => expect(sentTo('POST', SPINS)).toHaveLength(1), { timeout: 5_000 });
    const [spin] = sentTo('POST', SPINS);
    expect(spin?.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() => expect(spin?.body).toEqual({ OpenBox: true }));
    // The wheel turns to the drawn segment; when it comes to rest the prize is announced.
    const rotor = screen.getByTestId('prize-wheel-rotor');
    await waitFor(() => expect(rotor.style.transform).not.toBe('rotate(0deg)'));
    fireEvent.transitionEnd(rotor);
    await waitFor(() => expect(screen.getAllByTestId('wheel-segment')[0]?.getAttribute('data-highlighted')).toBe('true'));
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('ยินดีด้วย! คุณได้รับ เครดิต 100 บาท');
    expect(dialog.textContent).toContain('เครดิต 100.00 บาท เข้ากระเป๋าหลักแล้ว');
    await waitFor(() => expect(screen.getByTestId('wheel-credit').textContent).toBe('70'));
  }, 20_000);

  it('with less prize credit than a spin costs, says so and sends no spin', async () => {
    signIn();
    useMemberApi(...wheelApi(20));
    renderAt(<SpinnerPage />, { path: '/user/spinner' });
    fireEvent.click(await screen.findByTestId('wheel-spin'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.NOT_ENOUGH_PRIZE_CREDIT.message);
    expect(sentTo('POST', SPINS)).toHaveLength(0);
  });

  it('a spin that never reached the server goes again with the same key on the next tap (a spin that did is answered with its draw)', async () => {
    signIn();
    let attempts = 0;
    useMemberApi(
      http.get(onPath('/prize-composite/v1/wheel'), () => answer(wheelResponse, okBody({ isEnabled: true, prizes, prizeWallet: 120, spinCost: 50 }))),
      http.post(onPath(SPINS), () => {
        attempts += 1;
        if (attempts === 1) return HttpResponse.error();
        return answer(spinResponse, okBody({ drawId: 'spn_1', prize: prizes[1]!, segmentIndex: 1, prizeWallet: 70, spinCost: 50 }));
      }),
    );
    renderAt(<SpinnerPage />, { path: '/user/spinner' });
    fireEvent.click(await screen.findByTestId('wheel-spin'));
    expect((await screen.findByTestId('error-dialog', {}, { timeout: 5_000 })).textContent).toContain(SERVER_UNREACHABLE_MESSAGE);
    fireEvent.click(screen.getByTestId('error-dialog').querySelector('button')!);
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await waitFor(() => expect(sentTo('POST', SPINS)).toHaveLength(2), { timeout: 5_000 });
    const [first, second] = sentTo('POST', SPINS);
    expect(first?.headers['idempotency-key']).toMatch(UUID);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  }, 20_000);
});
