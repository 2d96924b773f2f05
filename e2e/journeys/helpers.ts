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

/** What the sandbox's SMS outbox lists (`GET <sandbox>/sms/v1/messages?to=`, issue 27 §5), newest first. */
export interface SandboxSms {
  id: string;
  to: string;
  text: string;
  state: 'sent' | 'delivered' | 'failed';
  createdAt: string;
}

/** The SMS the sandbox was asked to send to `phoneNumber` (local 0xxxxxxxxx form), newest first. */
export async function sandboxSmsTo(sandboxUrl: string, phoneNumber: string): Promise<SandboxSms[]> {
  const response = await fetch(`${sandboxUrl.replace(/\/+$/, '')}/sms/v1/messages?to=${encodeURIComponent(phoneNumber)}`);
  if (!response.ok) throw new Error(`GET /sms/v1/messages answered ${response.status}`);
  const messages: unknown = await response.json();
  if (!Array.isArray(messages)) throw new Error(`GET /sms/v1/messages did not answer an array: ${JSON.stringify(messages).slice(0, 200)}`);
  return messages as SandboxSms[];
}

/** Six digits standing alone: the one-time code in the Thai SMS text. */
const ONE_TIME_CODE = /(?<!\d)(\d{6})(?!\d)/;
const SMS_WAIT_MS = 10_000;
const SMS_POLL_MS = 250;

/**
 * The one-time code of the newest SMS to `phoneNumber` that is not one of `seenIds` (the messages
 * before the step that sent it), polled for up to ten seconds: the API sends through the outbox.
 * Returns the code and the message it came from.
 */
export async function readSmsCode(sandboxUrl: string, phoneNumber: string, seenIds: ReadonlySet<string> = new Set()): Promise<{ code: string; message: SandboxSms }> {
  const deadline = Date.now() + SMS_WAIT_MS;
  let latest: SandboxSms[] = [];
  while (Date.now() < deadline) {
    latest = await sandboxSmsTo(sandboxUrl, phoneNumber);
    const message = latest.find((candidate) => !seenIds.has(candidate.id) && ONE_TIME_CODE.test(candidate.text));
    const code = message ? ONE_TIME_CODE.exec(message.text)?.[1] : undefined;
    if (message && code) return { code, message };
    await new Promise((resolve) => setTimeout(resolve, SMS_POLL_MS));
  }
  throw new Error(`no new SMS with a 6-digit code to ${phoneNumber} within ${SMS_WAIT_MS} ms (saw ${JSON.stringify(latest.map((message) => message.text))})`);
}

/** The ids of the SMS already sent to `phoneNumber`: pass to readSmsCode so an older code is not taken. */
export async function smsIdsTo(sandboxUrl: string, phoneNumber: string): Promise<Set<string>> {
  return new Set((await sandboxSmsTo(sandboxUrl, phoneNumber)).map((message) => message.id));
}

/**
 * Register step 1 and its code step (issue 27 §1): phone and passwords, then the code read from
 * the sandbox's SMS outbox, typed into the one-time-code field; ends on step 2. The SMS must name
 * the site and say not to share the code (checked loosely: it is Thai text the API owns).
 */
export async function registerPhoneStep(page: Page, sandboxUrl: string, member: Member, screenshot?: (name: string) => Promise<void>): Promise<void> {
  const byTestId = (id: string) => page.getByTestId(id);
  await expectVisible(byTestId('register-step-1'), 'register step 1');
  await byTestId('register-phone').fill(member.phoneNumber);
  await byTestId('register-password').fill(member.password);
  await byTestId('register-confirm-password').fill(member.password);
  await screenshot?.('register-step1');
  await byTestId('register-next').click();

  await expectVisible(byTestId('register-step-code'), 'the code step after checkPhone');
  const phone = member.phoneNumber;
  await expectText(byTestId('register-step-code'), `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`, 'the number the code went to');
  if ((await byTestId('register-code').getAttribute('autocomplete')) !== 'one-time-code') throw new Error('the code field is not autocomplete="one-time-code"');
  if (!(await byTestId('register-code-resend').isDisabled())) throw new Error('resend is possible at once; it should count down first');
  const { code } = await readSmsCode(sandboxUrl, member.phoneNumber);
  await byTestId('register-code').fill(code);
  await screenshot?.('register-code');
  await byTestId('register-next').click();
  await expectVisible(byTestId('register-step-2'), 'register step 2 (phone proved by its code)');
}

/**
 * Registers the way a visitor does (landing → register slide-in → phone, the SMS code read from the
 * sandbox, bank, confirm; Kasikorn, names from the bank check), then logs in and waits for the
 * member card.
 */
export async function registerAndSignIn(page: Page, origin: string, member: Member, sandboxUrl: string): Promise<void> {
  const byTestId = (id: string) => page.getByTestId(id);
  await page.goto(`${origin}/`);
  await expectVisible(byTestId('topbar-register'), 'register button in the top bar');
  await byTestId('topbar-register').click();
  await expectVisible(byTestId('register-slide-in'), 'register slide-in');
  await registerPhoneStep(page, sandboxUrl, member);
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

/**
 * A slow tap on the first load of /user/home (docs/adr/0045, 0050): the finger goes down on
 * `locator` (which wakes the member app) and stays down until the app has replaced the first
 * load's shell (`#root`'s first child leaves the document) or `holdMs` passed, then is lifted. The
 * browser sends no click when the element pressed left the document: the site must still count it.
 */
export async function holdPressThroughHandOver(page: Page, locator: Locator, holdMs = 5_000): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('the button to press has no box');
  const shell = await page.evaluateHandle('document.querySelector("#root > div")');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForFunction('(shell) => shell === null || !shell.isConnected', shell, { timeout: holdMs }).catch(() => undefined);
  await page.mouse.up();
  await shell.dispose();
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

/**
 * The first two calls of a sign-up over the API (issue 27 §5), as an outside client scripts them:
 * checkPhone starts a registration and sends the code, the code is read from the sandbox's SMS
 * outbox, verifyPhone proves the phone. Answers the registration id, for the `X-Registration-Id`
 * header of checkBank and signup.
 */
export async function startVerifiedRegistration(input: { origin: string; appId: string; sandboxUrl: string; phoneNumber: string }): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${input.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': input.appId },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: unknown; message: string; data: { registrationId?: string } | null };
    if (!response.ok || answer.success !== true) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const started = await post('/auth-service/v1/checkPhone', { phoneNumber: input.phoneNumber });
  const registrationId = started.data?.registrationId;
  if (!registrationId) throw new Error(`checkPhone answered no registrationId: ${JSON.stringify(started)}`);
  const { code } = await readSmsCode(input.sandboxUrl, input.phoneNumber);
  await post('/auth-service/v1/verifyPhone', { registrationId, code });
  return registrationId;
}
