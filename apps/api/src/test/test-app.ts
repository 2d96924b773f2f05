import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { buildSandboxApp, type SandboxApp } from '@sabai/sandbox';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { runOutboxInline } from '../worker/run-outbox-inline.ts';
import { createStaffAccount, newTotpSecret, openStaffSession, type StaffRole } from '../modules/staff/index.ts';
import { seedDemoSite, DEMO_APP_ID } from '../modules/demo/index.ts';

/**
 * One API for a test file, on a fresh database (PGlite, or a new PostgreSQL database when
 * DATABASE_URL is set) with the demo site seeded, and the sandbox providers listening on a real
 * port, so name inquiry goes over HTTP as in production. Rate limits are the real ones: give each
 * test its own client address (`newIp()`) unless it tests the limits.
 */
export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  /** The sandbox providers, listening (name inquiry, bank, payouts). */
  sandbox: SandboxApp;
  sandboxUrl: string;
  db: Db;
  appId: string;
  /** app.inject with the app key header, an optional session token and client address. */
  call(options: {
    method: InjectOptions['method'];
    url: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    ip?: string;
    withoutApiKey?: boolean;
  }): Promise<{ status: number; body: { success: boolean | 0 | 1; message: string; code?: string; data: any; authToken?: string }; headers: Record<string, unknown> }>;
  /**
   * The newest one-time code the sandbox's SMS Gateway double was asked to send to `phoneNumber`
   * (read over HTTP from `GET /sms/v1/messages?to=`, as e2e journeys do). @throws when there is none.
   */
  readSmsCode(phoneNumber: string): Promise<string>;
  /**
   * Registration steps 1 and 1b (issue 27): checkPhone, the code from the sandbox's SMS, verifyPhone.
   * Returns the verified registration id (send it as `X-Registration-Id`).
   */
  verifiedRegistration(phoneNumber: string, ip?: string): Promise<string>;
  /**
   * Signs a new member up through checkPhone → the SMS code → verifyPhone → checkBank + signup
   * (X-Registration-Id); returns what it used. With
   * NAME_INQUIRY_PROVIDER=declared checkBank names nobody: `firstName` / `lastName` are typed
   * (default ทดสอบ ระบบ).
   */
  signUp(options?: Partial<{ phoneNumber: string; accountNumber: string; bankCode: string; password: string; affiliateKey: string; isBonus: boolean; dateOfBirth: string; firstName: string; lastName: string }>): Promise<{
    phoneNumber: string;
    accountNumber: string;
    bankCode: string;
    password: string;
    affiliateKey: string;
  }>;
  /** Logs in and returns the session token. */
  logIn(phoneNumber: string, password: string): Promise<string>;
  /**
   * A back-office bearer session of a staff member with `role` (default owner), opened at the
   * app's `now()` (one account per role, TOTP enrolled, own password set). The sign-in flow itself
   * is tested in modules/staff.
   */
  staffToken(role?: StaffRole): Promise<string>;
  /**
   * Holds the app's clock (`context.now`, which also counts the rate-limit windows) at the present
   * until the returned function lets it run again. For tests of fixed-window limits: a test that
   * crossed a window's end would see its counter start again.
   */
  holdClock(): () => void;
  /**
   * Called around the inline outbox run that follows each response (the worker's work, not the
   * call's): the statement-budget test stops counting in `before` and resumes in `after`.
   * `paused`: no inline run at all — the worker is late, and the test runs deliveries itself.
   */
  outboxInline: { before?: () => void; after?: () => void; paused?: boolean };
  close(): Promise<void>;
}

let ipCounter = 0;
/** A client address of its own (10.x.y.z), so per-IP limits of one test never touch another. */
export const newIp = () => {
  ipCounter += 1;
  return `10.${randomInt(256)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
/** A random unregistered-looking Thai mobile number. */
export const newPhoneNumber = () => `08${String(randomInt(100_000_000)).padStart(8, '0')}`;
/** A random 10-digit account that exists at the sandbox bank (last digit not 9). */
export const newAccountNumber = () => `${String(randomInt(1_000_000_000)).padStart(9, '0')}${randomInt(9)}`;

export const TEST_FEED_SECRET = 'test-feed-secret-0123456789';
/** How long readSmsCode waits for a code SMS, and how often it looks. */
const SMS_WAIT_MS = 10_000;
const SMS_POLL_MS = 50;

export async function createTestApp(options: {
  now?: () => Date;
  env?: Record<string, string>;
  sandboxFaultHoldMs?: number;
  /** A fresh production-like database: migrated, no demo site (issue 24 §1). Default false. */
  withoutDemoSeed?: boolean;
  /** Called with the app before it is made ready (hooks of a test). */
  configure?: (app: FastifyInstance) => void;
} = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  if (options.withoutDemoSeed !== true) await seedDemoSite(db, { feedSecret: TEST_FEED_SECRET });
  const sandbox = await buildSandboxApp({ apiKey: 'test-sandbox-key', feedSecret: TEST_FEED_SECRET, faultHoldMs: options.sandboxFaultHoldMs ?? 1_500 });
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  const sandboxPort = (sandbox.server.address() as { port: number }).port;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    SANDBOX_API_KEY: 'test-sandbox-key',
    BANK_TOKEN_SECRET: 'test-bank-token-secret-0123456789abcdef',
    PROVIDER_TIMEOUT_MS: '800',
    // The posting path under test follows the environment (LEDGER_BATCHING=on|off npx vitest run …).
    ...(process.env.LEDGER_BATCHING ? { LEDGER_BATCHING: process.env.LEDGER_BATCHING } : {}),
    ...options.env,
  });
  const built = await buildApp(config, { db, logger: false, runJobs: false, ...(options.now ? { now: options.now } : {}) });
  const { app, context } = built;
  // What follows a money event (bonus, wheel credit, the move into the game) is the worker's; a
  // test wants it done when its call returns, so each response waits for the outbox to be run
  // inline (worker/run-outbox-inline.ts). The pg-boss worker itself: worker/start-worker.test.ts.
  const outboxInline: TestApp['outboxInline'] = {};
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (outboxInline.paused) return payload;
    outboxInline.before?.();
    try {
      await runOutboxInline(context);
    } finally {
      outboxInline.after?.();
    }
    return payload;
  });
  options.configure?.(app);
  await app.ready();
  sandbox.setApiBaseUrl(`http://127.0.0.1:${await listenForSandbox(app)}`);

  const call: TestApp['call'] = async ({ method, url, body, token, headers = {}, ip, withoutApiKey }) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: ip ?? newIp(),
      headers: {
        'accept-language': 'th',
        ...(withoutApiKey ? {} : { 'x-api-key': DEMO_APP_ID }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  // Requests that arrive together share the inline outbox runner (onSend above): the one that
  // dispatched an SMS event sends it, so another request may return before that SMS left. Asked
  // again for a while, as a member waits for the SMS (at most SMS_WAIT_MS).
  const readSmsCode: TestApp['readSmsCode'] = async (phoneNumber) => {
    const deadline = Date.now() + SMS_WAIT_MS;
    let newest: { text: string } | undefined;
    for (;;) {
      const messages = (await (await fetch(`${sandboxUrl}/sms/v1/messages?to=${phoneNumber}`)).json()) as Array<{ text: string }>;
      newest = messages[0];
      const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
      if (code) return code;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, SMS_POLL_MS));
    }
    throw new Error(`no code SMS to ${phoneNumber} within ${SMS_WAIT_MS} ms: ${JSON.stringify(newest ?? null)}`);
  };
  const verifiedRegistration: TestApp['verifiedRegistration'] = async (phoneNumber, ip = newIp()) => {
    const phone = await call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber }, ip });
    if (phone.status !== 200) throw new Error(`checkPhone failed: ${JSON.stringify(phone.body)}`);
    const registrationId = phone.body.data.registrationId as string;
    const verified = await call({ method: 'POST', url: '/auth-service/v1/verifyPhone', body: { registrationId, code: await readSmsCode(phoneNumber) }, ip });
    if (verified.status !== 200) throw new Error(`verifyPhone failed: ${JSON.stringify(verified.body)}`);
    return registrationId;
  };

  const signUp: TestApp['signUp'] = async (input = {}) => {
    const phoneNumber = input.phoneNumber ?? newPhoneNumber();
    const accountNumber = input.accountNumber ?? newAccountNumber();
    const bankCode = input.bankCode ?? '014';
    const password = input.password ?? 'secret-pass';
    const ip = newIp();
    const registration = { 'x-registration-id': await verifiedRegistration(phoneNumber, ip) };
    // The name inquiry goes to the sandbox bank in this same process with the tests' short
    // PROVIDER_TIMEOUT_MS (800 ms): on a loaded 2-core CI machine it can time out (seen: 8 sign-ups
    // at once, PROVIDER_UNAVAILABLE). Sign-up is this helper's fixture, not what its callers test
    // (auth tests call checkBank themselves), so a timed-out inquiry is asked again, at most 3 times.
    let bank = await call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode: bankCode, BankAccount: accountNumber }, headers: registration, ip });
    for (let attempt = 1; attempt < 3 && bank.status !== 200 && bank.body?.code === 'PROVIDER_UNAVAILABLE'; attempt += 1) {
      bank = await call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode: bankCode, BankAccount: accountNumber }, headers: registration, ip });
    }
    if (bank.status !== 200) throw new Error(`checkBank failed: ${JSON.stringify(bank.body)}`);
    const signup = await call({
      method: 'POST',
      url: '/auth-service/v1/signup',
      headers: { tokenbank: bank.body.data.token, ...registration },
      ip,
      body: {
        phoneNumber,
        Password: password,
        Confirm_Password: password,
        BankAccount: accountNumber,
        BankCode: bankCode,
        firstName: bank.body.data.firstName ?? input.firstName ?? 'ทดสอบ',
        lastName: bank.body.data.lastName ?? input.lastName ?? 'ระบบ',
        affiliateKey: input.affiliateKey ?? '',
        isBonus: input.isBonus ?? false,
        dateOfBirth: input.dateOfBirth ?? '1990-01-15',
      },
    });
    if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
    return { phoneNumber, accountNumber, bankCode, password, affiliateKey: signup.body.data.affiliateKey };
  };

  const logIn: TestApp['logIn'] = async (phoneNumber, password) => {
    const response = await call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber, Password: password } });
    if (response.status !== 200 || !response.body.authToken) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
    return response.body.authToken;
  };

  const staffAccounts = new Map<StaffRole, Promise<string>>();
  const staffToken: TestApp['staffToken'] = async (role = 'owner') => {
    if (!staffAccounts.has(role)) {
      staffAccounts.set(role, (async () => {
        const created = await db.transaction((tx) => createStaffAccount(tx, { username: `test-${role}`, role, actor: 'test', actorRole: null }));
        await db.query('UPDATE staff_accounts SET must_change_password = false, totp_secret = $2, totp_enrolled_at = now() WHERE id = $1', [created.staffId, newTotpSecret()]);
        return created.staffId;
      })());
    }
    const staffId = await staffAccounts.get(role)!;
    return (await openStaffSession(db, { staffId, now: context.now(), address: null })).token;
  };

  return {
    app,
    context,
    db,
    staffToken,
    outboxInline,
    sandbox,
    sandboxUrl,
    appId: DEMO_APP_ID,
    call,
    readSmsCode,
    verifiedRegistration,
    signUp,
    logIn,
    holdClock() {
      const running = context.now;
      const heldAt = running();
      context.now = () => heldAt;
      return () => {
        context.now = running;
      };
    },
    async close() {
      await app.close();
      await sandbox.close();
      await drop();
    },
  };
}

/** The API also listens on a real port so the sandbox bank can deliver feed events over HTTP. */
async function listenForSandbox(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}
