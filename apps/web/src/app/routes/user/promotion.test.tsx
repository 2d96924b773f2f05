// @vitest-environment happy-dom
import { promotionsResponse, bonusSettingResponse } from '@sabai/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { promotionFixture } from '../../../test/fixtures.ts';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as PromotionPage } from './promotion.tsx';

describe('/user/promotion against the member API (msw)', () => {
  it('shows the open promotions and sends the accepted preference', async () => {
    signIn();
    useMemberApi(
      http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([promotionFixture]))),
      http.post(onPath('/user-profile-composite/v1/users/setting'), () => answer(bonusSettingResponse, okBody({ isBonus: true }, 'อัพเดทสภานะโปรโมชั่นเรียบร้อยแล้ว'))),
    );
    renderAt(<PromotionPage />, { path: '/user/promotion' });
    await screen.findByText('สมาชิกใหม่ รับโบนัส 100%');
    fireEvent.click(await screen.findByTestId('bonus-toggle'));
    fireEvent.click(await screen.findByTestId('bonus-confirm-ok'));
    expect((await screen.findByTestId('success-dialog')).textContent).toContain('อัพเดทสถานะโปรโมชั่นเรียบร้อยแล้ว');
    await waitFor(() => expect(sentTo('POST', '/user-profile-composite/v1/users/setting')[0]?.body).toEqual({ isBonus: true }));
    const [sentSetting] = sentTo('POST', '/user-profile-composite/v1/users/setting');
    expect(sentSetting?.headers['x-api-key']).toBe('test-app-id');
    expect(sentSetting?.headers.authorization).toBe('Bearer test-token');
  });

  it("shows the server's Thai refusal and puts the switch back", async () => {
    signIn();
    useMemberApi(
      http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([promotionFixture]))),
      http.post(onPath('/user-profile-composite/v1/users/setting'), () => refusal('RATE_LIMITED', 'ทำรายการบ่อยเกินไป กรุณารอสักครู่', 429)),
    );
    renderAt(<PromotionPage />, { path: '/user/promotion' });
    const toggle = await screen.findByTestId('bonus-toggle');
    const before = toggle.getAttribute('aria-checked');
    expect(before).toBe('false');
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByTestId('bonus-confirm-ok'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('ทำรายการบ่อยเกินไป กรุณารอสักครู่');
    await waitFor(() => expect(screen.getByTestId('bonus-toggle').getAttribute('aria-checked')).toBe(before));
  });
});
