import type { Page } from 'playwright-core';
import {
  escapeRegExp,
  expectNoHorizontalOverflow,
  expectText,
  expectUrl,
  expectVisible,
  newMemberDetails,
  randomDigits,
  readSmsCode,
  registerAndSignIn,
  screenshotter,
  smsIdsTo,
} from './helpers.ts';

/**
 * Forgot password (issue 27 §3, §6): a new member (signed up with the SMS code) signs out, forgets
 * the password, asks for a code on `/user/forgot-password`, reads it on the sandbox's SMS page (the
 * member's phone), sets a new password, and logs in with it; the old one is refused. Then, on the
 * profile, the member changes their phone number with the codes sent to the old and the new number.
 */
export interface ForgotPasswordJourneyOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
}

export async function forgotPasswordJourney({ page, baseUrl, sandboxUrl, artifactsDir }: ForgotPasswordJourneyOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const sandbox = sandboxUrl.replace(/\/+$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  const newPassword = `Reset${randomDigits(5)}`;
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A member signed up (the phone proved by its code), then signed out.
  await registerAndSignIn(page, origin, member, sandbox);
  await page.goto(`${origin}/user/profile`);
  await byTestId('logout').click();
  await expectUrl(page, new RegExp(`^${escapeRegExp(origin)}/?$`), 'landing page after logout');

  // 2. The login page links to "ลืมรหัสผ่าน?".
  await page.goto(`${origin}/user/login`);
  await expectText(byTestId('forgot-password-link'), 'ลืมรหัสผ่าน', 'the forgot-password link on the login page');
  await screenshot('login-forgot-link');
  await byTestId('forgot-password-link').click();
  await expectUrl(page, /\/user\/forgot-password$/, 'forgot-password page');

  // 3. The phone: a code is sent.
  await expectVisible(byTestId('reset-phone'), 'the phone field');
  await byTestId('reset-phone').fill(member.phoneNumber);
  await expectNoHorizontalOverflow(page, 'forgot-password page');
  await screenshot('reset-phone');
  const before = await smsIdsTo(sandbox, member.phoneNumber); // the sign-up code is not the one wanted
  await byTestId('reset-submit').click();
  await expectVisible(byTestId('reset-step-code'), 'the code and new-password step');
  await expectText(byTestId('reset-code-resend'), 'วินาที', 'the resend countdown');

  // 4. The member's phone: the sandbox's SMS page shows the code (read through its JSON too).
  const { code, message } = await readSmsCode(sandbox, member.phoneNumber, before);
  const settings = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data?: { siteName?: string } };
  const siteName = settings.data?.siteName;
  if (siteName && !message.text.includes(siteName)) throw new Error(`the reset SMS does not name the site "${siteName}": ${message.text}`);
  const phone = await page.context().newPage();
  await phone.goto(`${sandbox}/sms`);
  await expectText(phone.locator('body'), code, "the code on the sandbox's SMS page");
  await screenshot('sandbox-sms-page', phone);
  await phone.close();
  await page.bringToFront();

  // 5. The code and a new password (sign-up's rules): success, then login with the phone prefilled.
  await byTestId('reset-code').fill(code);
  await byTestId('reset-new-password').fill(newPassword);
  await byTestId('reset-confirm-password').fill(newPassword);
  await screenshot('reset-code-and-password');
  await byTestId('reset-submit').click();
  await expectVisible(byTestId('success-dialog'), 'the password-reset success dialog');
  await screenshot('reset-done');
  await byTestId('success-dialog').getByRole('button').click();
  await expectUrl(page, /\/user\/login$/, 'login page after the reset');
  await expectVisible(byTestId('login-form'), 'login form');
  if ((await byTestId('login-phone').inputValue()) !== member.phoneNumber) throw new Error('the login form is not prefilled with the phone just reset');

  // 6. The old password is refused; the new one signs in.
  await byTestId('login-password').fill(member.password);
  await byTestId('login-submit').click();
  await expectVisible(byTestId('error-dialog'), 'the old password refused');
  await screenshot('old-password-refused');
  await byTestId('error-dialog').getByRole('button').click();
  await byTestId('login-password').fill(newPassword);
  await byTestId('login-submit').click();
  await expectUrl(page, /\/user\/home$/, 'member home after logging in with the new password');
  await expectText(byTestId('member-id'), member.phoneNumber, 'member card after the reset');
  await screenshot('signed-in-with-new-password');

  // 7. The member changes the phone number on the profile (issue 27 §3): a code to the old number and
  //    one to the new, both read from the sandbox; the session stays and the profile shows the new number.
  const newPhoneNumber = newMemberDetails().phoneNumber;
  await page.goto(`${origin}/user/profile`);
  await byTestId('change-phone-open').click();
  await byTestId('change-phone-new').fill(newPhoneNumber);
  const beforeChange = await smsIdsTo(sandbox, member.phoneNumber);
  await byTestId('change-phone-send').click();
  await expectVisible(byTestId('change-phone-step-codes'), 'the two-code step of the phone change');
  const oldCode = await readSmsCode(sandbox, member.phoneNumber, beforeChange);
  const newCode = await readSmsCode(sandbox, newPhoneNumber);
  await byTestId('change-phone-old-code').fill(oldCode.code);
  await byTestId('change-phone-new-code').fill(newCode.code);
  await screenshot('phone-change-codes');
  await byTestId('change-phone-submit').click();
  await expectVisible(byTestId('success-dialog'), 'the phone-change success dialog');
  await byTestId('success-dialog').getByRole('button').click();
  await expectText(byTestId('profile-phone'), newPhoneNumber, 'the profile after the phone change');
  await screenshot('phone-changed');
}
