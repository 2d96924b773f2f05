import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createTestDatabase } from '@sabai/db/testing';
import { buildWebIfNeeded } from '../scripts/build-if-needed.ts';
import { REPO_ROOT, startStack } from '../scripts/stack.ts';
import { registerAndLogin } from './journeys/register-login.ts';
import { depositAndWithdraw, depositAndWithdrawThroughSmsGateway, promptPayDeposit } from './journeys/deposit-withdraw.ts';
import { createStaffAccount, currentTotp, loadConfig } from '@sabai/api';
import type { Db } from '@sabai/db';
import { playSlot } from './journeys/play-slot.ts';
import { rewardsJourney, type StaffClient } from './journeys/rewards.ts';
import { routeSweep } from './journeys/route-sweep.ts';
import { backOfficeJourney } from './journeys/back-office.ts';
import { lineJourney } from './journeys/line.ts';
import { forgotPasswordJourney } from './journeys/forgot-password.ts';
import { responsibleGamingJourney } from './journeys/responsible-gaming.ts';
import { startProductionSite } from './go-live/production-processes.ts';
import { goLiveJourney } from './go-live/go-live-journey.ts';
import { sharedAddressProbe } from './journeys/shared-address-probe.ts';
import { playHub88 } from './journeys/play-hub88.ts';
import { bonusEndings } from './journeys/bonus-endings.ts';
import { slipDeposit } from './journeys/slip-deposit.ts';

/**
 * `npm run test:e2e`: the end-to-end journeys in Debian's Chromium (playwright-core, never a
 * downloaded browser). Starts the whole product on free ports against a fresh database
 * (a new PostgreSQL database when DATABASE_URL is set, in-memory PGlite otherwise), runs each
 * journey on a 390×844 phone viewport and saves screenshots under e2e/artifacts/<journey>/.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * The back office as the journeys use it: an owner created as `npm run staff:create` does, signed
 * in through the real two steps (password, then a TOTP code from the enrolment secret), who sets
 * their own password, then calls with the bearer session.
 */
async function staffClient(apiUrl: string, db: Db, who: { username: string; role: 'owner' | 'finance' } = { username: 'e2e-owner', role: 'owner' }): Promise<StaffClient> {
  const created = await db.transaction((tx) => createStaffAccount(tx, { username: who.username, role: who.role, actor: 'e2e', actorRole: null }));
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; data: Record<string, unknown>; message: string };
    if (!json.success) throw new Error(`staff ${path}: ${json.message}`);
    return json.data;
  };
  const first = await post('/admin-api/v1/auth/login', { username: created.username, password: created.oneTimePassword });
  if (first.step !== 'enrol_totp') throw new Error(`expected TOTP enrolment, got ${String(first.step)}`);
  const signedIn = await post('/admin-api/v1/auth/totp', { challenge: first.challenge, code: currentTotp(String(first.totpSecret), new Date()) });
  const token = String(signedIn.token);
  await post('/admin-api/v1/auth/password', { currentPassword: created.oneTimePassword, newPassword: `${who.username}-password-of-our-own` }, token);
  return {
    token,
    async call(method, path, body) {
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
  };
}

const JOURNEYS = [
  { name: 'register-login', run: registerAndLogin },
  { name: 'shared-address-probe', run: (options: { baseUrl: string; sandboxUrl: string }) => sharedAddressProbe(options) },
  { name: 'forgot-password', run: forgotPasswordJourney },
  { name: 'deposit-withdraw', run: depositAndWithdraw },
  { name: 'deposit-withdraw-sms-gateway', run: depositAndWithdrawThroughSmsGateway },
  { name: 'promptpay-deposit', run: promptPayDeposit },
  { name: 'slip-deposit', run: slipDeposit },
  { name: 'play-slot', run: playSlot },
  { name: 'rewards', run: rewardsJourney },
  { name: 'bonus-endings', run: bonusEndings },
  { name: 'route-sweep', run: routeSweep },
  { name: 'line', run: lineJourney },
  { name: 'responsible-gaming', run: (options: Omit<Parameters<typeof responsibleGamingJourney>[0], 'db'>) => responsibleGamingJourney({ ...options, db: stack.db }) },
  // The back office is desktop-first (issue 11): 1440×900, no touch.
  { name: 'back-office', run: (options: Parameters<typeof routeSweep>[0]) => backOfficeJourney({ ...options, db: stack.db, databaseUrl: database?.databaseUrl }), desktop: true },
] as const;

buildWebIfNeeded();
const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
const stack = await startStack({
  apiPort: 0,
  sandboxPort: 0,
  databaseUrl: database?.databaseUrl,
  logLevel: 'warn',
  // One client address runs every journey; limits are tested in the API tests. One-minute reward
  // periods let the rewards journey see a cashback / affiliate period end.
  env: { RATE_LIMIT_SCALE: '20', CASHBACK_PERIOD_MINUTES: '1' },
});
// E2E_ONLY=name[,name] runs a subset (debugging); CI runs them all.
const only = process.env.E2E_ONLY?.split(',').filter(Boolean);
const selected = JOURNEYS.filter((entry) => !only || only.includes(entry.name));
const staff = await staffClient(stack.apiUrl, stack.db);
// A second person (issue 25 §1): money actions of the owner (an item code's liability) wait for another staff member's approval.
const approver = await staffClient(stack.apiUrl, stack.db, { username: 'e2e-finance', role: 'finance' });
let browser: Browser | undefined;
let failures = 0;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // E2E_ONLY=name[,name] runs a subset (debugging); CI runs them all.
  for (const journey of selected) {
    const artifactsDir = path.join(REPO_ROOT, 'e2e/artifacts', journey.name);
    mkdirSync(artifactsDir, { recursive: true });
    const context =
      'desktop' in journey
        ? await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' })
        : await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const startedAt = Date.now();
    try {
      await journey.run({
        page,
        baseUrl: stack.apiUrl,
        sandboxUrl: stack.sandboxUrl,
        artifactsDir,
        staff,
        approver,
        partnerTools: { baseUrl: stack.sandboxUrl, ...stack.partnerAgent },
        // The sandbox key the stack started the sandbox with (its SMS delivery switch needs it).
        sandboxKey: loadConfig(process.env).SANDBOX_API_KEY,
      });
      if (pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${pageErrors.join(' | ')}`);
      console.log(`✓ ${journey.name} (${Date.now() - startedAt} ms)`);
    } catch (error) {
      failures += 1;
      await page.screenshot({ path: path.join(artifactsDir, 'failure.png'), fullPage: true }).catch(() => undefined);
      console.error(`✗ ${journey.name}: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      await context.close();
    }
  }
  // Issue 30: a seamless-wallet site (GAME_PARTNER_PROVIDER=hub88) on its own stack and database,
  // its sandbox playing Hub88 with the published demo keys (docs/adr/0047).
  if (!only || only.includes('play-hub88')) {
    const artifactsDir = path.join(REPO_ROOT, 'e2e/artifacts', 'play-hub88');
    mkdirSync(artifactsDir, { recursive: true });
    const startedAt = Date.now();
    const hub88Database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const hub88Stack = await startStack({
      apiPort: 0,
      sandboxPort: 0,
      databaseUrl: hub88Database?.databaseUrl,
      logLevel: 'warn',
      env: { RATE_LIMIT_SCALE: '20', GAME_PARTNER_PROVIDER: 'hub88' },
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await playHub88({ page, baseUrl: hub88Stack.apiUrl, sandboxUrl: hub88Stack.sandboxUrl, artifactsDir, sandboxKey: loadConfig(process.env).SANDBOX_API_KEY });
      if (pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${pageErrors.join(' | ')}`);
      console.log(`✓ play-hub88 (${Date.now() - startedAt} ms)`);
    } catch (error) {
      failures += 1;
      await page.screenshot({ path: path.join(artifactsDir, 'failure.png'), fullPage: true }).catch(() => undefined);
      console.error(`✗ play-hub88: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      await context.close();
      await hub88Stack.close();
      await hub88Database?.drop();
    }
  }
  // Issue 24 §4: a first production start, as an operator does it (its own processes and a fresh
  // database on the same PostgreSQL server; PGlite cannot be shared between processes).
  if (!only || only.includes('go-live')) {
    if (!process.env.DATABASE_URL) {
      console.log('- go-live: skipped (needs DATABASE_URL: the API, worker and sandbox run as separate processes)');
    } else {
      const artifactsDir = path.join(REPO_ROOT, 'e2e/artifacts', 'go-live');
      mkdirSync(artifactsDir, { recursive: true });
      const startedAt = Date.now();
      const site = await startProductionSite({ repoRoot: REPO_ROOT, serverUrl: process.env.DATABASE_URL, logDir: artifactsDir });
      try {
        await goLiveJourney({ browser, site, artifactsDir });
        console.log(`✓ go-live (${Date.now() - startedAt} ms)`);
      } catch (error) {
        failures += 1;
        console.error(`✗ go-live: ${error instanceof Error ? error.stack : String(error)}`);
        console.error(`  api log (tail):\n${site.logOf('api').slice(-4_000)}`);
      } finally {
        await site.close();
      }
    }
  }
} finally {
  await browser?.close();
  await stack.close();
  await database?.drop();
}
console.log(`${failures === 0 ? 'all' : failures + ' failed of the'} journeys${failures === 0 ? ' passed' : ''}`);
process.exit(failures === 0 ? 0 : 1);
