// @vitest-environment happy-dom
import { ERRORS, depositChannelsResponse, rgActivityResponse, rgSettingsResponse, slipDepositResponse } from '@sabai/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as DepositPage } from './deposit.tsx';

const SLIP = '/fund-composite/v1/deposit/slip';
const QR = '0041000600000101030040220014242082547BPM049885102TH910434DF';
const RG = '/user-profile-composite/v1/responsible-gaming';
const noLimits = { day: null, week: null, month: null };
const baseApi = [
  http.get(onPath('/user-profile-composite/v1/info/deposit'), () => answer(depositChannelsResponse, okBody([]))),
  http.get(onPath(`${RG}/limits`), () => answer(rgSettingsResponse, okBody({ depositLimit: noLimits, lossLimit: noLimits, pending: [], exclusion: null, realityCheckMinutes: 30 }))),
  http.get(onPath(`${RG}/activity`), () => answer(rgActivityResponse, okBody({ deposits: { day: 0, week: 0, month: 0 }, netLoss: { day: 0, week: 0, month: 0 }, returnedDeposits: [] }))),
];
const slipAnswer = (status: 'credited' | 'held', reason: string | null = null) =>
  http.post(onPath(SLIP), () =>
    answer(slipDepositResponse, okBody({ slipId: 'slp_1', depositId: 'dep_1', status, Amount: 500, reason, transferredAt: '2026-11-28T09:30:00.000Z' })),
  );

async function pasteAndSubmit(text: string) {
  signIn();
  renderAt(<DepositPage />, { path: '/user/deposit?tab=slip', pattern: '/user/deposit' });
  fireEvent.change(await screen.findByTestId('slip-payload'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('slip-submit'));
}

describe('/user/deposit แนบสลิป (msw)', () => {
  it('sends the pasted slip QR as { qrPayload } and shows the credited amount', async () => {
    useMemberApi(...baseApi, slipAnswer('credited'));
    await pasteAndSubmit(`  ${QR} `);
    const result = await screen.findByTestId('slip-result');
    expect(result.dataset.status).toBe('credited');
    expect(result.textContent).toContain('เติมเงินสำเร็จ');
    expect(screen.getByTestId('slip-amount').textContent).toContain('500');
    expect(sentTo('POST', SLIP)[0]?.body).toEqual({ qrPayload: QR });
  });

  it('says a held slip waits for staff', async () => {
    useMemberApi(...baseApi, slipAnswer('held', 'SLIP_SENDER_NOT_BOUND'));
    await pasteAndSubmit(QR);
    const result = await screen.findByTestId('slip-result');
    expect(result.dataset.status).toBe('held');
    expect(result.textContent).toContain('รอเจ้าหน้าที่ตรวจสอบ');
  });

  it.each(['SLIP_ALREADY_USED', 'SLIP_NOT_YOURS', 'SLIP_NOT_HOUSE_ACCOUNT', 'SLIP_QR_INVALID'] as const)('shows the server’s Thai reason for %s and keeps the form', async (code) => {
    useMemberApi(...baseApi, http.post(onPath(SLIP), () => refusal(code, ERRORS[code].message, ERRORS[code].httpStatus)));
    await pasteAndSubmit(QR);
    expect((await screen.findByTestId('slip-error')).textContent).toBe(ERRORS[code].message);
    expect(screen.getByTestId('slip-form')).toBeTruthy();
  });

  it('asks for a slip before sending an empty form', async () => {
    useMemberApi(...baseApi);
    await pasteAndSubmit('   ');
    expect((await screen.findByTestId('slip-error')).textContent).toBe('กรุณาเลือกรูปสลิปหรือวางข้อความคิวอาร์');
    expect(sentTo('POST', SLIP)).toHaveLength(0);
  });
});
