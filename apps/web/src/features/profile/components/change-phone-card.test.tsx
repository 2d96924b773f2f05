// @vitest-environment happy-dom
import { ERRORS, LINE_NOTIFICATION_KINDS, lineStatusResponse, phoneChangeFinishResponse, phoneCodeSentResponse, promotionsResponse } from '@sabai/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { Component as ProfilePage } from '../../../app/routes/user/profile.tsx';
import { userFixture } from '../../../test/fixtures.ts';
import { answer, okBody, onPath, refusal, sentTo, setMember, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';

const START = '/user-profile-composite/v1/phone/change/start';
const FINISH = '/user-profile-composite/v1/phone/change/finish';
const OLD_PHONE = '0812345678';
const NEW_PHONE = '0898765432';
const OLD_CODE = '615243';
const NEW_CODE = '907132';
const REMEMBERED = 'sabai.rememberedCredentials';
const WRONG_CODE_MESSAGE = 'รหัส OTP ไม่ถูกต้อง (ลองได้อีก 4 ครั้ง)';

/** The profile page's other reads (LINE card, promotions), answered empty. */
const profileReads = [
  http.get(onPath('/user-profile-composite/v1/line'), () =>
    answer(lineStatusResponse, okBody({ linked: false, linkedAt: null, preferences: Object.fromEntries(LINE_NOTIFICATION_KINDS.map((kind) => [kind, false])) })),
  ),
  http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([]))),
];

const started = http.post(onPath(START), () => answer(phoneCodeSentResponse, okBody({ resendAfterSeconds: 60, codeExpiresInSeconds: 300 }, 'ส่งรหัส OTP ไปยังเบอร์เดิมและเบอร์ใหม่แล้ว')));
/** Like the server: both codes right → the member's phone is the new number (refresh answers it from then on). */
const finished = http.post(onPath(FINISH), async ({ request }) => {
  const body = (await request.json()) as { oldCode: string; newCode: string };
  if (body.oldCode !== OLD_CODE || body.newCode !== NEW_CODE) return refusal('CODE_INVALID', WRONG_CODE_MESSAGE, 422);
  setMember(userFixture({ PhoneNumber: NEW_PHONE }));
  return answer(phoneChangeFinishResponse, okBody({ phoneNumber: NEW_PHONE }, 'เปลี่ยนเบอร์โทรศัพท์สำเร็จ'));
});

/** A signed-in member's API: the page's reads and `handlers`. */
function useProfileApi(...handlers: Parameters<typeof useMemberApi>) {
  signIn();
  useMemberApi(...handlers, ...profileReads);
}

async function openChangePhone() {
  renderAt(<ProfilePage />, { path: '/user/profile' });
  fireEvent.click(await screen.findByTestId('change-phone-open'));
}

async function askForCodes(newPhoneNumber = NEW_PHONE) {
  fireEvent.change(screen.getByTestId('change-phone-new'), { target: { value: newPhoneNumber } });
  fireEvent.click(screen.getByTestId('change-phone-send'));
  await screen.findByTestId('change-phone-step-codes');
}

function enterCodes(oldCode: string, newCode: string) {
  fireEvent.change(screen.getByTestId('change-phone-old-code'), { target: { value: oldCode } });
  fireEvent.change(screen.getByTestId('change-phone-new-code'), { target: { value: newCode } });
  fireEvent.click(screen.getByTestId('change-phone-submit'));
}

describe('the member changes their own phone number (issue 27 §3)', () => {
  it('sends the new number, then both codes, and the profile and remembered login follow the new number', async () => {
    window.localStorage.setItem(REMEMBERED, JSON.stringify({ phoneNumber: OLD_PHONE, password: 'pass-1234' }));
    useProfileApi(started, finished);
    await openChangePhone();
    await askForCodes();
    expect(sentTo('POST', START).map((request) => request.body)).toEqual([{ newPhoneNumber: NEW_PHONE }]);

    const codes = screen.getByTestId('change-phone-step-codes');
    expect(within(codes).getByLabelText('รหัสที่ส่งไปยังเบอร์เดิม 081-234-5678', { exact: false })).toBe(screen.getByTestId('change-phone-old-code'));
    expect(within(codes).getByLabelText('รหัสที่ส่งไปยังเบอร์ใหม่ 089-876-5432', { exact: false })).toBe(screen.getByTestId('change-phone-new-code'));
    expect(screen.getByTestId('change-phone-old-code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByTestId('change-phone-new-code').getAttribute('autocomplete')).toBe('one-time-code');
    const resend = screen.getByTestId('change-phone-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toBe('ขอรหัสใหม่ได้ใน 60 วินาที');

    enterCodes(OLD_CODE, NEW_CODE);
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('เปลี่ยนเบอร์โทรศัพท์สำเร็จ');
    expect(dialog.textContent).toContain('เข้าสู่ระบบครั้งต่อไปด้วยเบอร์ 089-876-5432');
    expect(sentTo('POST', FINISH).map((request) => request.body)).toEqual([{ oldCode: OLD_CODE, newCode: NEW_CODE }]);
    // The server keeps the session: the page stays, refreshed with the new number.
    await screen.findByText((_, element) => element?.getAttribute('data-testid') === 'profile-phone' && element.textContent === NEW_PHONE);
    expect(screen.getByTestId('change-phone').getAttribute('data-step')).toBe('closed');
    expect(JSON.parse(window.localStorage.getItem(REMEMBERED)!)).toEqual({ phoneNumber: NEW_PHONE, password: 'pass-1234' });
  });

  it("shows a wrong code's Thai message from the server under the codes and stays on them", async () => {
    useProfileApi(started, finished);
    await openChangePhone();
    await askForCodes();
    enterCodes(OLD_CODE, '000000');
    expect((await screen.findByTestId('change-phone-code-error')).textContent).toBe(WRONG_CODE_MESSAGE);
    expect(screen.getByTestId('change-phone-step-codes')).toBeTruthy();
    expect(screen.getByTestId('profile-phone').textContent).toBe(OLD_PHONE);
    // Typing again clears the refusal.
    fireEvent.change(screen.getByTestId('change-phone-new-code'), { target: { value: '9' } });
    expect(screen.queryByTestId('change-phone-code-error')).toBeNull();
  });

  it('refuses incomplete codes without asking the server (which counts the tries)', async () => {
    useProfileApi(started, finished);
    await openChangePhone();
    await askForCodes();
    enterCodes(OLD_CODE, '123');
    expect((await screen.findByTestId('change-phone-code-error')).textContent).toBe(ERRORS.CODE_INVALID.message);
    expect(sentTo('POST', FINISH)).toHaveLength(0);
  });

  it("shows the server's refusal of the new number (already a member's) in a dialog and stays on the number", async () => {
    useProfileApi(http.post(onPath(START), () => refusal('PHONE_TAKEN', ERRORS.PHONE_TAKEN.message, 409)), finished);
    await openChangePhone();
    fireEvent.change(screen.getByTestId('change-phone-new'), { target: { value: NEW_PHONE } });
    fireEvent.click(screen.getByTestId('change-phone-send'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.PHONE_TAKEN.message);
    expect(screen.getByTestId('change-phone-step-phone')).toBeTruthy();
  });

  it('refuses a number that is not ten digits without calling the server', async () => {
    useProfileApi(started);
    await openChangePhone();
    fireEvent.change(screen.getByTestId('change-phone-new'), { target: { value: '08123' } });
    fireEvent.click(screen.getByTestId('change-phone-send'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.INVALID_PHONE.message);
    expect(sentTo('POST', START)).toHaveLength(0);
  });

  it('tells a member who lost the old number to contact staff, who change it with a second approver', async () => {
    useProfileApi();
    await openChangePhone();
    expect(screen.getByTestId('change-phone-lost-old').textContent).toContain('ติดต่อเจ้าหน้าที่');
    expect(screen.getByTestId('change-phone-lost-old').textContent).toContain('เจ้าหน้าที่อีกคนอนุมัติ');
  });
});
