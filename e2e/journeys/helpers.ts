import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Steps and checks shared by the journeys. Selectors are the `data-testid`s of apps/web.
 * (register-login.ts still has its own copies of the checks; it can move to these.)
 */
export const STEP_TIMEOUT_MS = 15_000;
export const KASIKORN = '004';

export interface Member {
  phoneNumber: string;
  password: string;
  bankCode: string;
  accountNumber: string;
}

/** A phone number and a Kasikorn account nobody has used; the sandbox names any account whose last digit is not 9. */
export function newMemberDetails(): Member {
  return {
    phoneNumber: `08${randomDigits(8)}`,
    password: `Sabai${randomDigits(4)}`,
    bankCode: KASIKORN,
    accountNumber: `${randomDigits(9)}${Math.floor(Math.random() * 9)}`,
  };
}

/** Numbered screenshots into artifactsDir: 01-name.png, 02-… (of `page`, or of another tab when given). */
export function screenshotter(page: Page, artifactsDir: string): (name: string, target?: Page) => Promise<void> {
  let shot = 0;
  return async (name, target = page) => {
    shot += 1;
    await target.screenshot({ path: path.join(artifactsDir, `${String(shot).padStart(2, '0')}-${name}.png`), animations: 'disabled' });
  };
}

/**
 * Registers the way a visitor does (landing → register slide-in → three steps, Kasikorn, names
 * from the bank check), then logs in and waits for the member card.
 */
export async function registerAndSignIn(page: Page, origin: string, member: Member): Promise<void> {
  const byTestId = (id: string) => page.getByTestId(id);
  await page.goto(`${origin}/`);
  await expectVisible(byTestId('topbar-register'), 'register button in the top bar');
  await byTestId('topbar-register').click();
  await expectVisible(byTestId('register-slide-in'), 'register slide-in');
  await expectVisible(byTestId('register-step-1'), 'register step 1');
  await byTestId('register-phone').fill(member.phoneNumber);
  await byTestId('register-password').fill(member.password);
  await byTestId('register-confirm-password').fill(member.password);
  await byTestId('register-next').click();

  await expectVisible(byTestId('register-step-2'), 'register step 2');
  await byTestId(`bank-option-${member.bankCode}`).click();
  await byTestId('register-account-number').fill(member.accountNumber);
  await byTestId('register-next').click();

  await expectVisible(byTestId('register-step-3'), 'register step 3 (account named by checkBank)');
  await byTestId('register-date-of-birth').fill('1990-01-15');
  await byTestId('register-next').click();
  await expectText(byTestId('success-dialog'), 'สมัครสมาชิกสำเร็จ', 'registration success message');
  await byTestId('success-dialog').getByRole('button').click();
  await expectUrl(page, /\/user\/login$/, 'login page after registration');

  await expectVisible(byTestId('login-form'), 'login form');
  await byTestId('login-phone').fill(member.phoneNumber);
  await byTestId('login-password').fill(member.password);
  await byTestId('login-submit').click();
  await expectUrl(page, /\/user\/home$/, 'member home after login');
  await expectText(byTestId('member-id'), member.phoneNumber, 'member card of the new member');
}

export async function expectVisible(locator: Locator, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(`expected to see: ${what}`);
  }
}

/** Waits until the first match's text contains `text`. */
export async function expectText(locator: Locator, text: string, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await expectVisible(locator, what, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await locator.first().textContent()) ?? '';
    if (seen.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: expected "${text}", saw "${seen}"`);
}

export async function expectUrl(page: Page, pattern: RegExp, what: string): Promise<void> {
  try {
    await page.waitForURL(pattern);
  } catch {
    throw new Error(`expected to be on the ${what}, but the URL is ${page.url()}`);
  }
}

export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (overflow > 1) throw new Error(`${what} overflows the viewport by ${overflow}px`);
}

export function randomDigits(count: number): string {
  let digits = '';
  for (let index = 0; index < count; index += 1) digits += String(Math.floor(Math.random() * 10));
  return digits;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
