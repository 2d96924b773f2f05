// @vitest-environment happy-dom
import { depositChannelsResponse, historyResponse, promotionsResponse, promptPayDepositResponse, rgActivityResponse, rgSettingsResponse } from '@sabai/contracts';
import type { DepositChannel } from '../../../lib/wallet-types.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { promotionFixture } from '../../../test/fixtures.ts';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as DepositPage } from './deposit.tsx';

const PROMPTPAY = '/user-profile-composite/v1/deposit/promptpay';

const channels: DepositChannel[] = [
  { id: 'chn_kbank_main', type: 'BANK', BankCode: '004', BankAccount: '0011535946', fullName: 'บจก. สบาย ดิจิทัล' },
  { id: 'chn_scb_main', type: 'BANK', BankCode: '014', BankAccount: '4021354011', fullName: 'บจก. สบาย ดิจิทัล' },
];
const channelsApi = http.get(onPath('/user-profile-composite/v1/info/deposit'), () => answer(depositChannelsResponse, okBody(channels)));

const promptPayAccepted = http.post(onPath(PROMPTPAY), async ({ request }) => {
  const { Amount } = (await request.json()) as { Amount: number };
  return answer(
    promptPayDepositResponse,
    okBody({
      requestId: 'ppr_1',
      Amount,
      amountToPay: Amount + 0.37,
      payload: '00020101021229370016A000000677010111011300668123456785802TH530376454' + '06500.3763047A1B',
      promptPayName: 'บจก. สบาย ดิจิทัล',
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    }),
  );
});

const RG = '/user-profile-composite/v1/responsible-gaming';
const noLimits = { day: null, week: null, month: null };
const noActivity = { deposits: { day: 0, week: 0, month: 0 }, netLoss: { day: 0, week: 0, month: 0 }, returnedDeposits: [] };
/** The member's protection as the API answers it: no limit, no exclusion unless given. */
const protectionApi = (settings: Record<string, unknown> = {}, activity: Record<string, unknown> = {}) => [
  http.get(onPath(`${RG}/limits`), () =>
    answer(rgSettingsResponse, okBody({ depositLimit: noLimits, lossLimit: noLimits, pending: [], exclusion: null, realityCheckMinutes: 30, ...settings })),
  ),
  http.get(onPath(`${RG}/activity`), () => answer(rgActivityResponse, okBody({ ...noActivity, ...activity }))),
];

/** Deposit history: nothing credited yet (the QR waits for its payment). */
const noDepositYet = http.get(onPath('/user-profile-composite/v1/history/deposit'), () =>
  answer(historyResponse, okBody({ Transaction: [], page: 1, pageSize: 20, total: 0 })),
);

describe('/user/deposit against the member API (msw)', () => {
  it("lists the house accounts to transfer to, from the member's own bound account", async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi);
    renderAt(<DepositPage />, { path: '/user/deposit' });
    const accounts = await screen.findAllByTestId('house-account');
    expect(accounts.map((account) => within(account).getByTestId('house-account-number').textContent?.replace(/\D/g, ''))).toEqual(['0011535946', '4021354011']);
    expect(within(accounts[0]!).getByTestId('house-account-holder').textContent).toBe('บจก. สบาย ดิจิทัล');
    expect(sentTo('GET', '/user-profile-composite/v1/info/deposit')[0]?.headers['x-api-key']).toBe('test-app-id');
  });

  it('asks for a PromptPay QR of the amount typed and shows the exact amount to pay with its satang offset', async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, promptPayAccepted, noDepositYet);
    renderAt(<DepositPage />, { path: '/user/deposit' });
    fireEvent.click(await screen.findByTestId('deposit-tab-promptpay'));
    fireEvent.change(await screen.findByTestId('promptpay-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('promptpay-submit'));
    expect((await screen.findByTestId('promptpay-amount-to-pay')).textContent).toContain('500.37');
    expect(screen.getByTestId('promptpay-name').textContent).toContain('บจก. สบาย ดิจิทัล');
    await waitFor(() => expect(sentTo('POST', PROMPTPAY)[0]?.body).toEqual({ Amount: 500 }));
    // The page then looks for the deposit that pays this QR.
    await waitFor(() => expect(sentTo('GET', '/user-profile-composite/v1/history/deposit')).toHaveLength(1));
    expect(screen.queryByTestId('promptpay-paid')).toBeNull();
    expect(sentTo('POST', PROMPTPAY)[0]?.headers.authorization).toBe('Bearer test-token');
  });

  it("shows the server's Thai refusal of an amount, and sends nothing for an empty one", async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, http.post(onPath(PROMPTPAY), () => refusal('INVALID_AMOUNT', 'กรุณาระบุจำนวนเงินเป็นบาทเต็ม ตั้งแต่ 1 ถึง 50,000 บาท')));
    renderAt(<DepositPage />, { path: '/user/deposit?tab=promptpay', pattern: '/user/deposit' });
    fireEvent.click(await screen.findByTestId('promptpay-submit'));
    await screen.findByTestId('error-dialog');
    expect(sentTo('POST', PROMPTPAY)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('error-dialog').querySelector('button')!);
    fireEvent.change(screen.getByTestId('promptpay-amount'), { target: { value: '60000' } });
    fireEvent.click(screen.getByTestId('promptpay-submit'));
    await waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('กรุณาระบุจำนวนเงินเป็นบาทเต็ม ตั้งแต่ 1 ถึง 50,000 บาท'));
    expect(sentTo('POST', PROMPTPAY)).toHaveLength(1);
  });

  it('shows in the promotion banner what the member is offered (info/promotion with their token)', async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([promotionFixture]))));
    renderAt(<DepositPage />, { path: '/user/deposit?tab=auto', pattern: '/user/deposit' });
    await waitFor(() => expect(screen.getByTestId('deposit-promotions').textContent).toContain(promotionFixture.title));
    expect(sentTo('GET', '/user-profile-composite/v1/info/promotion')[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows no promotion to a member the API offers none (a time-out, issue 12), though the public /v2/prefix lists one', async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([]))));
    renderAt(<DepositPage />, { path: '/user/deposit?tab=wallet', pattern: '/user/deposit' });
    // The site settings (with their public promotion) are in: the LINE link is built from them.
    await screen.findByTestId('deposit-line-link');
    await waitFor(() => expect(sentTo('GET', '/user-profile-composite/v1/info/promotion')).toHaveLength(1));
    expect(screen.getByTestId('deposit-promotions-empty')).toBeTruthy();
    expect(screen.getByTestId('deposit-promotions').textContent).not.toContain(promotionFixture.title);
  });

  it.each([
    ['auto', 'auto-deposit'],
    ['wallet', 'wallet-deposit'],
  ])('shows the deposit rules on the %s deposit dialog (spec §2, dialogs 8 and 9)', async (tab, dialog) => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([]))));
    renderAt(<DepositPage />, { path: `/user/deposit?tab=${tab}`, pattern: '/user/deposit' });
    const rules = within(await screen.findByTestId(dialog)).getByTestId('deposit-rules');
    const items = within(rules).getAllByRole('listitem').map((item) => item.textContent);
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items[0]).toBe('ไม่มีขั้นต่ำในการฝาก');
    expect(items).toContain('โอนจากบัญชีที่ผูกกับสมาชิกเท่านั้น มิฉะนั้นเงินจะไม่เข้าระบบ');
  });

  it.each([
    ['timeout', 'คุณพักการเล่นชั่วคราวอยู่ ฝากเงินไม่ได้'],
    ['self_exclusion', 'คุณระงับตัวเองจากการเล่นอยู่ ฝากเงินไม่ได้'],
  ])('during a %s says so at the top (with its end, 24-hour) and offers no PromptPay QR: nothing is asked', async (kind, title) => {
    signIn();
    useMemberApi(...protectionApi({ exclusion: { kind, endsAt: '2026-11-29T08:23:00.000Z' } }), channelsApi, promptPayAccepted, http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([]))));
    renderAt(<DepositPage />, { path: '/user/deposit?tab=promptpay', pattern: '/user/deposit' });
    const notice = await screen.findByTestId('deposit-protection');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(title);
    expect(notice.textContent).toContain('ถึง 29 พฤศจิกายน 2569 เวลา 15:23\u00a0น.');
    expect(notice.textContent).toContain('ถูกโอนคืนเข้าบัญชีธนาคารของคุณ');
    expect(screen.getByTestId('promptpay-blocked').textContent).toBe('ฝากผ่านพร้อมเพย์ไม่ได้ในช่วงนี้');
    expect(screen.queryByTestId('promptpay-form')).toBeNull();
    expect(sentTo('POST', PROMPTPAY)).toHaveLength(0);
    // The notice stays at the top of every tab: a bank transfer would be paid back too.
    fireEvent.click(screen.getByTestId('deposit-tab-auto'));
    expect(screen.getByTestId('deposit-protection').textContent).toContain(title);
  });

  it('with the deposit limit used up says so and offers no QR', async () => {
    signIn();
    useMemberApi(...protectionApi({ depositLimit: { ...noLimits, day: 2000 } }, { deposits: { day: 2000, week: 2000, month: 2000 } }), channelsApi);
    renderAt(<DepositPage />, { path: '/user/deposit?tab=promptpay', pattern: '/user/deposit' });
    expect((await screen.findByTestId('deposit-protection')).textContent).toContain('คุณฝากครบวงเงินฝากที่ตั้งไว้แล้ว');
    expect(screen.getByTestId('promptpay-blocked')).toBeTruthy();
    expect(screen.queryByTestId('promptpay-form')).toBeNull();
  });

  it('with part of the deposit limit left names what is left, and refuses a larger QR before asking', async () => {
    signIn();
    useMemberApi(...protectionApi({ depositLimit: { ...noLimits, day: 5000, week: 3000 } }, { deposits: { day: 1000.5, week: 1000.5, month: 1000.5 } }), channelsApi, promptPayAccepted, noDepositYet);
    renderAt(<DepositPage />, { path: '/user/deposit?tab=promptpay', pattern: '/user/deposit' });
    const notice = await screen.findByTestId('deposit-protection');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('ฝากได้อีก 1,999.50 บาทตามวงเงินที่คุณตั้งไว้');
    fireEvent.change(await screen.findByTestId('promptpay-amount'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('promptpay-submit'));
    await waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('ยอดนี้เกินวงเงินฝากที่คุณตั้งไว้ ฝากได้อีก 1,999.50 บาทในช่วงนี้'));
    expect(sentTo('POST', PROMPTPAY)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('error-dialog').querySelector('button')!);
    fireEvent.change(screen.getByTestId('promptpay-amount'), { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('promptpay-submit'));
    await screen.findByTestId('promptpay-amount-to-pay');
    expect(sentTo('POST', PROMPTPAY)[0]?.body).toEqual({ Amount: 1500 });
  });

  it("shows the server's Thai refusal when the protection began after the page loaded", async () => {
    signIn();
    useMemberApi(...protectionApi(), channelsApi, http.post(onPath(PROMPTPAY), () => refusal('RG_EXCLUDED', 'คุณพักการเล่นชั่วคราวถึง 29 พ.ย. 2569 15:23 น. ระหว่างนี้ฝากเงินไม่ได้ แต่ยังถอนเงินได้', 403)));
    renderAt(<DepositPage />, { path: '/user/deposit?tab=promptpay', pattern: '/user/deposit' });
    expect(screen.queryByTestId('deposit-protection')).toBeNull();
    fireEvent.change(await screen.findByTestId('promptpay-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('promptpay-submit'));
    await waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('ระหว่างนี้ฝากเงินไม่ได้'));
  });
});
