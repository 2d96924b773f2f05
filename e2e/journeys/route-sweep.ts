import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REGISTRATION_ID_HEADER } from '@sabai/contracts';
import { newMemberDetails, startVerifiedRegistration, type Member } from './helpers.ts';
import type { StaffClient } from './rewards.ts';

/**
 * Journey `route-sweep`: every route of spec §2 at a phone (390×844) and a desktop (1280×800)
 * viewport, signed out and signed in. On each page, once it has settled: no horizontal overflow
 * (`document.documentElement.scrollWidth <= innerWidth`) and no console error or uncaught error.
 * A full-page screenshot of each goes to `e2e/artifacts/route-sweep/<viewport>-<state>-<route>.png`
 * to be looked at.
 *
 * The signed-in member is made through the API and the sandbox bank so the pages have something
 * to show: a deposit (which opens the game account), a paid withdrawal and one staff rejected
 * with a reason (the history's reason line).
 */
export interface RouteSweepOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
  staff: StaffClient;
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

/** The public site (base /) and its redirects. */
const PUBLIC_ROUTES = ['/', '/login', '/register', '/no/such/page'];

/** The member app (base /user/), spec §2 in its order; `{key}` is the member's affiliateKey. */
const MEMBER_ROUTES = [
  '/user',
  '/user/login',
  '/user/forgot-password',
  '/user/register',
  '/user/register/{key}',
  '/user/join',
  '/user/home',
  '/user/home/{key}',
  '/user/profile',
  '/user/account',
  '/user/deposit',
  '/user/withdraw',
  '/user/menu',
  '/user/play',
  '/user/play/livecasino',
  '/user/play/egames/egames/sabai',
  '/user/play/poker',
  '/user/spinner',
  '/user/transactions',
  '/user/cash_back',
  '/user/free_credit',
  '/user/affiliate',
  '/user/promotion',
  '/user/history',
  '/user/slot',
  '/user/baccarat',
  '/user/poker',
  '/user/trading',
  '/user/transactions-withdraw',
  '/user/transactions-deposit',
  '/user/no-such-page',
];

const SETTLE_TIMEOUT_MS = 10_000;
/** After the splash and the loading placeholders are gone: late layout (images, fonts) settles. */
const SETTLE_PAUSE_MS = 400;
const REJECTION_REASON = 'บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร กรุณาติดต่อเจ้าหน้าที่';

export async function routeSweep({ page, baseUrl, sandboxUrl, artifactsDir, staff }: RouteSweepOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const browser = page.context().browser();
  if (!browser) throw new Error('the sweep needs the browser of its page');
  const member = await memberWithHistory(origin, sandboxUrl.replace(/\/+$/, ''), staff);
  const routes = [...PUBLIC_ROUTES, `/${member.affiliateKey}`, ...MEMBER_ROUTES.map((route) => route.replace('{key}', member.affiliateKey))];

  const problems: string[] = [];
  let visited = 0;
  for (const { name, viewport, isMobile } of VIEWPORTS) {
    for (const state of ['signed-out', 'signed-in'] as const) {
      const context = await newSweepContext(browser, { viewport, isMobile, token: state === 'signed-in' ? member.token : null });
      try {
        const sweepPage = await context.newPage();
        for (const route of routes) {
          const found = await visit(sweepPage, origin, route, path.join(artifactsDir, `${name}-${state}-${slug(route)}.png`));
          visited += 1;
          problems.push(...found.map((problem) => `${name} ${state} ${route}: ${problem}`));
        }
      } finally {
        await context.close();
      }
    }
  }
  console.log(`  route-sweep: ${visited} page loads (${routes.length} routes × 2 viewports × signed out / in), ${problems.length} problems`);
  if (problems.length > 0) throw new Error(`route sweep found ${problems.length} problems:\n${problems.join('\n')}`);
}

async function newSweepContext(browser: Browser, options: { viewport: { width: number; height: number }; isMobile: boolean; token: string | null }): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport,
    deviceScaleFactor: 1,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  if (options.token) {
    // Signed in the way the site keeps a session (spec §3: token in local storage); refresh fills the user.
    await context.addInitScript(`if (!localStorage.getItem('sabai.token')) localStorage.setItem('sabai.token', ${JSON.stringify(options.token)});`);
  }
  return context;
}

/** Loads a route, waits for it to settle, checks it and takes its screenshot; returns what is wrong. */
async function visit(page: Page, origin: string, route: string, screenshotPath: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`uncaught: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    await page.goto(`${origin}${route}`, { waitUntil: 'load' });
    await settle(page);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    if (overflow > 0) problems.push(`horizontal overflow of ${overflow}px (${await widestElement(page)})`);
    await page.screenshot({ path: screenshotPath, fullPage: true, animations: 'disabled' });
  } catch (error) {
    problems.push(`could not be checked: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
  return problems;
}

/** The splash, spinners, "loading" placeholders and busy regions gone, then a short pause for late layout. */
const SETTLED = `(() => {
  const busy = document.querySelectorAll('[role="status"] .animate-spin, [data-testid="games-loading"], [aria-busy="true"]');
  const loadingText = [...document.querySelectorAll('[role="status"]')].some((element) => (element.textContent || '').includes('กำลังโหลด'));
  return document.querySelector('#root')?.childElementCount !== 0 && busy.length === 0 && !loadingText;
})()`;

async function settle(page: Page): Promise<void> {
  // Polled from here: waitForFunction with a string predicate would need 'unsafe-eval', which the
  // site's CSP refuses (an evaluated expression does not).
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (!(await page.evaluate<boolean>(SETTLED))) {
    if (Date.now() > deadline) throw new Error(`still loading after ${SETTLE_TIMEOUT_MS} ms`);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(SETTLE_PAUSE_MS);
}

/** Names the element that sticks out furthest to the right, to say where an overflow comes from. */
const WIDEST_ELEMENT = `(() => {
  let widest = null;
  let right = window.innerWidth;
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.right > right + 0.5) {
      right = box.right;
      widest = element;
    }
  }
  if (!widest) return 'no element';
  const testId = widest.getAttribute('data-testid');
  return widest.tagName.toLowerCase() + (testId ? '[data-testid=' + testId + ']' : '') + '.' + [...widest.classList].slice(0, 4).join('.') + ' right=' + Math.round(right);
})()`;

async function widestElement(page: Page): Promise<string> {
  return page.evaluate<string>(WIDEST_ELEMENT);
}

const slug = (route: string) => (route === '/' ? 'root' : route.replace(/^\//, '').replace(/[^a-z0-9_-]+/gi, '_'));

// ---------------------------------------------------------------------------------------------
// The signed-in member, made through the member API, the sandbox bank and the back office.

interface SweepMember extends Member {
  token: string;
  affiliateKey: string;
}

async function memberWithHistory(origin: string, sandboxUrl: string, staff: StaffClient): Promise<SweepMember> {
  const details = newMemberDetails();
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}, token?: string) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        'accept-language': 'th',
        'x-api-key': prefix.data.appId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { success: unknown; data: Record<string, string> & { mainWallet: number; gameWallet: number }; authToken?: string; message: string };
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const registrationId = await startVerifiedRegistration({ origin, appId: prefix.data.appId, sandboxUrl, phoneNumber: details.phoneNumber });
  const registration = { [REGISTRATION_ID_HEADER]: registrationId };
  const bank = await call('POST', '/auth-service/v1/checkBank', { BankCode: details.bankCode, BankAccount: details.accountNumber }, registration);
  const signup = await call('POST', '/auth-service/v1/signup', {
    phoneNumber: details.phoneNumber,
    Password: details.password,
    Confirm_Password: details.password,
    BankAccount: details.accountNumber,
    BankCode: details.bankCode,
    firstName: bank.data.firstName,
    lastName: bank.data.lastName,
    isBonus: false,
    dateOfBirth: '1990-01-15',
  }, { ...registration, tokenbank: required(bank.data.token, 'checkBank token') });
  const login = await call('POST', '/auth-service/v1/login', { phoneNumber: details.phoneNumber, Password: details.password });
  const token = login.authToken!;

  // 7,000 baht in (the game account opens), 200 paid at once, 6,000 waits for staff and is rejected.
  const transfer = await fetch(`${sandboxUrl}/bank/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fromBankCode: details.bankCode, fromAccountNumber: details.accountNumber, destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', amount: '7000.00' }),
  });
  const delivered = (await transfer.json()) as { delivered?: { status?: string } };
  if (delivered.delivered?.status !== 'delivered') throw new Error(`sandbox deposit not delivered: ${JSON.stringify(delivered)}`);
  await untilBalance(async () => (await call('GET', '/user-profile-composite/v1/profile/balance', undefined, {}, token)).data, 7_000);
  await call('POST', '/fund-composite/v1/withdrawal', { Amount: 200, Channel: 'BANK' }, { 'idempotency-key': `sweep-paid-${details.phoneNumber}` }, token);
  const waiting = await call('POST', '/fund-composite/v1/withdrawal', { Amount: 6_000, Channel: 'BANK' }, { 'idempotency-key': `sweep-waiting-${details.phoneNumber}` }, token);
  const rejected = (await staff.call('POST', `/admin-api/v1/withdrawals/${waiting.data.withdrawalId}/reject`, { reason: REJECTION_REASON })) as { data?: { status?: string } };
  if (rejected.data?.status !== 'rejected') throw new Error(`staff could not reject the withdrawal: ${JSON.stringify(rejected)}`);
  return { ...details, token, affiliateKey: required(signup.data.affiliateKey, 'affiliateKey from signup') };
}

function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new Error(`the API did not answer the ${what}`);
  return value;
}

async function untilBalance(read: () => Promise<{ mainWallet: number; gameWallet: number }>, expected: number): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const data = await read();
    if (Math.abs(data.mainWallet + data.gameWallet - expected) < 0.005) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the deposit of ${expected} did not arrive`);
}
