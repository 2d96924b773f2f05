import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { readSmsCode } from './helpers.ts';

/**
 * Journey: a new visitor registers, logs in, sees their member card, changes their password on
 * the profile page, logs out and logs back in with the new password.
 *
 * Runs on a phone-sized viewport (390×844). Every step asserts what the member sees and leaves a
 * screenshot in artifactsDir (01-landing.png …). Phone and bank account are random so runs do
 * not collide; the sandbox names any 10/12-digit account whose last digit is not 9.
 */
export interface JourneyOptions {
  page: Page;
  /** Origin of the member site, e.g. http://127.0.0.1:3000 (no trailing slash needed). */
  baseUrl: string;
  /** The sandbox: its SMS outbox holds the sign-up code (issue 27 §5). */
  sandboxUrl: string;
  artifactsDir: string;
}

const STEP_TIMEOUT_MS = 15_000;
const KASIKORN = '004';

export async function registerAndLogin({ page, baseUrl, sandboxUrl, artifactsDir }: JourneyOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const phoneNumber = `08${randomDigits(8)}`;
  const accountNumber = `${randomDigits(9)}${Math.floor(Math.random() * 9)}`; // last digit 0–8: the account exists
  const password = `Sabai${randomDigits(4)}`;
  const newPassword = `Nw${randomDigits(6)}`;
  let shot = 0;
  const screenshot = async (name: string) => {
    shot += 1;
    await page.screenshot({ path: path.join(artifactsDir, `${String(shot).padStart(2, '0')}-${name}.png`), animations: 'disabled' });
  };
  const byTestId = (id: string) => page.getByTestId(id);

  await page.setViewportSize({ width: 390, height: 844 });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);

  // 1. Landing page: brand, hero, register and login buttons.
  await page.goto(`${origin}/`);
  await expectVisible(byTestId('landing-hero'), 'landing hero');
  await expectVisible(byTestId('topbar-register'), 'register button in the top bar');
  await expectVisible(byTestId('topbar-login'), 'login button in the top bar');
  await expectNoHorizontalOverflow(page, 'landing page');
  await screenshot('landing');

  // 2. Register slide-in leads to step 1.
  await byTestId('topbar-register').click();
  // Spec §2 "two slide-in forms": the registration steps are in the slide-in itself.
  await expectVisible(byTestId('register-slide-in'), 'register slide-in');
  await expectVisible(byTestId('register-step-1'), 'register step 1');
  await byTestId('register-phone').fill(phoneNumber);
  await byTestId('register-password').fill(password);
  await byTestId('register-confirm-password').fill(password);
  await screenshot('register-step1');
  await byTestId('register-next').click();

  // 2b. The code step (issue 27 §1): the code the SMS carried, read from the sandbox's outbox.
  await expectVisible(byTestId('register-step-code'), 'the code step (checkPhone sent a code)');
  await expectText(byTestId('register-code-resend'), 'วินาที', 'the resend countdown');
  const { code } = await readSmsCode(sandboxUrl, phoneNumber);
  await byTestId('register-code').fill(code);
  await screenshot('register-code');
  await byTestId('register-next').click();

  // 3. Step 2: Kasikorn and the account number.
  await expectVisible(byTestId('register-step-2'), 'register step 2 (phone proved by its code)');
  await byTestId(`bank-option-${KASIKORN}`).click();
  await expectAttribute(byTestId(`bank-option-${KASIKORN}`), 'aria-checked', 'true', 'Kasikorn selected');
  await byTestId('register-account-number').fill(accountNumber);
  await screenshot('register-step2');
  await byTestId('register-next').click();

  // 4. Step 3: names prefilled by the bank check and locked.
  await expectVisible(byTestId('register-step-3'), 'register step 3 (account named by checkBank)');
  for (const id of ['register-first-name', 'register-last-name']) {
    const value = await byTestId(id).inputValue();
    if (value.trim() === '') throw new Error(`${id} was not prefilled from the bank check`);
    if ((await byTestId(id).getAttribute('readonly')) === null) throw new Error(`${id} is editable although the bank named the holder`);
  }
  if (!(await byTestId('register-bonus-decline').isChecked())) throw new Error('promotion bonus is not declined by default');
  await byTestId('register-date-of-birth').fill('1990-01-15');
  await screenshot('register-step3');
  await byTestId('register-next').click();

  // 5. Success dialog, then the login page.
  await expectVisible(byTestId('success-dialog'), 'registration success dialog');
  await expectText(byTestId('success-dialog'), 'สมัครสมาชิกสำเร็จ', 'registration success message');
  await screenshot('registered');
  await byTestId('success-dialog').getByRole('button').click();
  await expectUrl(page, /\/user\/login$/, 'login page after registration');

  // 6. Log in.
  await logIn(page, phoneNumber, password);
  await screenshot('login');
  await byTestId('login-submit').click();

  // 7. Member card: phone as member id, referral link under /user/home/.
  await expectUrl(page, /\/user\/home$/, 'member home after login');
  await expectVisible(byTestId('member-card'), 'member card');
  await expectText(byTestId('member-id'), phoneNumber, 'member id is the phone number');
  const referralLink = (await byTestId('member-referral-link').textContent()) ?? '';
  if (!new RegExp(`^${escapeRegExp(origin)}/user/home/[A-Za-z0-9_-]+$`).test(referralLink.trim())) {
    throw new Error(`referral link looks wrong: "${referralLink}"`);
  }
  await expectText(byTestId('game-wallet'), '0.00', 'a new member has 0.00 in the game wallet');
  await expectText(byTestId('member-rank'), 'Silver 0.00%', 'fixed rank label');
  await expectNoHorizontalOverflow(page, 'member home');
  await screenshot('member-home');

  // 8. Profile: bank, masked account, phone as UserID.
  await byTestId('header-profile').click();
  await expectUrl(page, /\/user\/profile$/, 'profile page');
  await expectText(byTestId('profile-user-id'), phoneNumber, 'UserID is the phone number');
  await expectText(byTestId('profile-account-number'), accountNumber.slice(-4), 'masked account shows the last 4 digits');
  const masked = (await byTestId('profile-account-number').textContent()) ?? '';
  if (masked.includes(accountNumber)) throw new Error('profile shows the full account number');
  await expectText(byTestId('profile-bank-name'), 'กสิกรไทย', 'bank name');
  await screenshot('profile');

  // 9. Change the password.
  await byTestId('old-password').fill(password);
  await byTestId('new-password').fill(newPassword);
  await byTestId('confirm-new-password').fill(newPassword);
  await byTestId('change-password-submit').click();
  await expectVisible(byTestId('success-dialog'), 'password change success dialog');
  await expectText(byTestId('success-dialog'), 'เปลี่ยนรหัสผ่านสำเร็จ', 'password change message');
  await screenshot('password-changed');
  await byTestId('success-dialog').getByRole('button').click();

  // 10. Log out: back on the landing page, signed out.
  await byTestId('logout').click();
  await expectUrl(page, new RegExp(`^${escapeRegExp(origin)}/?$`), 'landing page after logout');
  await expectVisible(byTestId('landing-hero'), 'landing hero after logout');
  const token = await page.evaluate<string | null>(`window.localStorage.getItem('sabai.token')`);
  if (token !== null) throw new Error('session token still stored after logout');
  await screenshot('logged-out');

  // 11. The old password no longer works; the new one does.
  await page.goto(`${origin}/user/login`);
  await logIn(page, phoneNumber, password);
  await byTestId('login-submit').click();
  await expectVisible(byTestId('error-dialog'), 'error dialog for the old password');
  await screenshot('old-password-refused');
  await byTestId('error-dialog').getByRole('button').click();
  await logIn(page, phoneNumber, newPassword);
  await byTestId('login-submit').click();
  await expectUrl(page, /\/user\/home$/, 'member home after logging in with the new password');
  await expectText(byTestId('member-id'), phoneNumber, 'member card after logging back in');
  await screenshot('relogin-home');
}

async function logIn(page: Page, phoneNumber: string, password: string): Promise<void> {
  await expectVisible(page.getByTestId('login-form'), 'login form');
  await page.getByTestId('login-phone').fill(phoneNumber);
  await page.getByTestId('login-password').fill(password);
}

async function expectVisible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible' });
  } catch {
    throw new Error(`expected to see: ${what}`);
  }
}

async function expectText(locator: Locator, text: string, what: string): Promise<void> {
  await expectVisible(locator, what);
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await locator.first().textContent()) ?? '';
    if (seen.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: expected "${text}", saw "${seen}"`);
}

async function expectAttribute(locator: Locator, name: string, expected: string, what: string): Promise<void> {
  const actual = await locator.getAttribute(name);
  if (actual !== expected) throw new Error(`${what}: ${name} is ${actual}, expected ${expected}`);
}

async function expectUrl(page: Page, pattern: RegExp, what: string): Promise<void> {
  try {
    await page.waitForURL(pattern);
  } catch {
    throw new Error(`expected to be on the ${what}, but the URL is ${page.url()}`);
  }
}

async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (overflow > 1) throw new Error(`${what} overflows the viewport by ${overflow}px`);
}

function randomDigits(count: number): string {
  let digits = '';
  for (let index = 0; index < count; index += 1) digits += String(Math.floor(Math.random() * 10));
  return digits;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
