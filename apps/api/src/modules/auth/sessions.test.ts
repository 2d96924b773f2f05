import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS, userInfo } from '@sabai/contracts';
import { createTestApp, newIp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER } from '../demo/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (phoneNumber: unknown, Password: unknown, ip = newIp()) =>
  t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber, Password }, ip });
const refresh = (token?: string) => t.call({ method: 'GET', url: '/auth-service/v1/refresh', ...(token ? { token } : {}) });
const changePassword = (token: string, body: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/auth-service/v1/change-password', token, body });

describe('POST /auth-service/v1/login', () => {
  // The lock windows are fixed (a minute, 15 minutes): a test that crossed a window's end saw its
  // counter start again (CI, stop 21). The clock stands still inside each test.
  let releaseClock: () => void;
  beforeEach(() => {
    releaseClock = t.holdClock();
  });
  afterEach(() => releaseClock());

  it('returns authToken and the full user info of spec §3', async () => {
    const member = await t.signUp({ isBonus: true });
    const response = await login(member.phoneNumber, member.password);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.authToken).toMatch(/^[\w-]{43}$/);
    const parsed = userInfo.parse(response.body.data);
    expect(parsed).toMatchObject({
      PhoneNumber: member.phoneNumber,
      BankAccount: member.accountNumber,
      BankCode: member.bankCode,
      affiliateKey: member.affiliateKey,
      BonusInfo: { isBonus: true },
      internalWallet: { mainWallet: 0, gameWallet: 0, affiliateWallet: 0, cashbackWallet: 0, residualWallet: 0, prizeWallet: 0, spinWallet: 0 },
    });
    expect(new Date(parsed.regisdate).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives the same spec §5 message for a wrong password, an unknown phone and a malformed phone', async () => {
    const wrongPassword = await login(DEMO_MEMBER.phoneNumber, 'not-the-password');
    const unknownPhone = await login(newPhoneNumber(), DEMO_MEMBER.password);
    const shortPhone = await login('080000000', DEMO_MEMBER.password);
    const missing = await t.call({ method: 'POST', url: '/auth-service/v1/login', body: {} });
    const emptyPassword = await login(DEMO_MEMBER.phoneNumber, '');
    for (const response of [wrongPassword, unknownPhone, shortPhone, missing, emptyPassword]) {
      expect(response.body).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS', message: 'เบอร์โทรศัพท์ หรือ รหัสผ่าน ไม่ถูกต้อง' });
      expect(response.body.authToken).toBeUndefined();
    }
  });

  it('locks a phone at one address after 5 wrong passwords there, even for the right one, with a clear Thai message', async () => {
    const member = await t.signUp();
    const attacker = newIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(member.phoneNumber, 'wrong-password', attacker)).body.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await login(member.phoneNumber, member.password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'LOGIN_LOCKED', message: ERRORS.LOGIN_LOCKED.message });
    // The member, elsewhere, is not locked out by someone else's guesses (issue 13 §3.5).
    expect((await login(member.phoneNumber, member.password)).status).toBe(200);
  });

  it('brakes guessing from many addresses, but never at an address the member signed in from', async () => {
    const member = await t.signUp();
    const home = newIp();
    expect((await login(member.phoneNumber, member.password, home)).status).toBe(200);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await login(member.phoneNumber, 'wrong-password', newIp())).body.code).toBe('INVALID_CREDENTIALS');
    }
    const stranger = await login(member.phoneNumber, member.password, newIp());
    expect(stranger.body.code).toBe('LOGIN_LOCKED');
    expect((await login(member.phoneNumber, member.password, home)).status).toBe(200);
  });

  it('counts an address as known by a session there that has since ended by logout (the known-address read, docs/adr/0065)', async () => {
    const member = await t.signUp();
    const home = newIp();
    const signedIn = await login(member.phoneNumber, member.password, home);
    expect(signedIn.status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/logout', token: signedIn.body.authToken!, ip: home })).status).toBe(200);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await login(member.phoneNumber, 'wrong-password', newIp())).body.code).toBe('INVALID_CREDENTIALS');
    }
    expect((await login(member.phoneNumber, member.password, newIp())).body.code).toBe('LOGIN_LOCKED');
    const again = await login(member.phoneNumber, member.password, home);
    expect(again.status).toBe(200);
    // The new session is the one whose token the answer carries, and its member card is the member's.
    expect(again.body.data.PhoneNumber).toBe(member.phoneNumber);
    expect((await refresh(again.body.authToken!)).body.data.PhoneNumber).toBe(member.phoneNumber);
  });

  it('locks a registered phone and an unknown one after the same 5 failures with the same message, at the member\u2019s own address too (issue 27 §4)', async () => {
    const member = await t.signUp();
    const home = newIp();
    expect((await login(member.phoneNumber, member.password, home)).status).toBe(200);
    const unknownPhone = newPhoneNumber();
    const answers: Record<'member' | 'unknown', Array<{ status: number; code?: string; message: string }>> = { member: [], unknown: [] };
    for (let attempt = 0; attempt < 7; attempt += 1) {
      for (const [who, phone] of [['member', member.phoneNumber], ['unknown', unknownPhone]] as const) {
        const { status, body } = await login(phone, 'wrong-password', home);
        answers[who].push({ status, code: body.code, message: body.message });
      }
    }
    expect(answers.member).toEqual(answers.unknown);
    expect(answers.member.map((answer) => answer.code)).toEqual([...Array<string>(5).fill('INVALID_CREDENTIALS'), 'LOGIN_LOCKED', 'LOGIN_LOCKED']);
    // One counter, one window (15 minutes) for both: the lock lasts as long.
    const { rows } = await t.db.query<{ bucket_key: string }>(`SELECT bucket_key FROM rate_limit_counters WHERE bucket_key LIKE 'login-fail:phone-address:%' AND (bucket_key LIKE $1 OR bucket_key LIKE $2)`, [`%${member.phoneNumber}|%`, `%${unknownPhone}|%`]);
    expect(rows).toHaveLength(2);
  });

  it('counts every address of one IPv6 /64 as one for the lock', async () => {
    const member = await t.signUp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(member.phoneNumber, 'wrong-password', `2001:db8:77:10::${attempt + 1}`)).body.code).toBe('INVALID_CREDENTIALS');
    }
    expect((await login(member.phoneNumber, member.password, '2001:db8:77:10::abcd')).body.code).toBe('LOGIN_LOCKED');
  });

  it('limits attempts per client address across phones', async () => {
    const ip = newIp();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await login(newPhoneNumber(), 'whatever1', ip)).body.code).toBe('INVALID_CREDENTIALS');
    }
    const refused = await login(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect((await login(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password)).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const { rows } = await t.db.query<{ stored: string }>("SELECT encode(token_sha256, 'hex') AS stored FROM member_sessions");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.stored).not.toContain(Buffer.from(token).toString('hex'));
  });

  it('refuses a suspended member', async () => {
    const member = await t.signUp();
    await t.db.query("UPDATE members SET status = 'suspended' WHERE phone_number = $1", [member.phoneNumber]);
    const response = await login(member.phoneNumber, member.password);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('GET /auth-service/v1/refresh', () => {
  it('returns the signed-in member with success 0, the spec §7 success value of refresh', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const response = await refresh(token);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(0);
    expect(response.body.data).toMatchObject({ PhoneNumber: DEMO_MEMBER.phoneNumber, userName: { fullName: 'สมชาย ใจดี' } });
  });

  it.each([[undefined], ['not-a-token'], ['x'.repeat(500)]])('answers 401 for session %s', async (token) => {
    const response = await refresh(token);
    expect(response.status).toBe(401);
    // A refusal is never the success value: false, never 0 (compare strictly: false == 0 in JavaScript).
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 once the session has expired', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const realNow = t.context.now;
    t.context.now = () => new Date(Date.now() + t.context.config.SESSION_TTL_MS + 1_000);
    try {
      expect((await refresh(token)).status).toBe(401);
    } finally {
      t.context.now = realNow;
    }
  });

  it('refuses calls without the app key, and with a wrong one', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const withoutKey = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token, withoutApiKey: true });
    expect(withoutKey.status).toBe(403);
    expect(withoutKey.body.code).toBe('API_KEY_INVALID');
    const wrongKey = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token, withoutApiKey: true, headers: { 'x-api-key': 'sabai-demo-7f3k2q9y' } });
    expect(wrongKey.status).toBe(403);
  });
});

describe('POST /auth-service/v1/logout', () => {
  it('revokes the session on the server', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const other = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/logout', token })).status).toBe(200);
    expect((await refresh(token)).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/logout', token })).status).toBe(401);
    expect((await refresh(other)).status).toBe(200);
  });

  it('accepts the JSON content type with an empty body', async () => {
    const token = await t.logIn(DEMO_MEMBER.phoneNumber, DEMO_MEMBER.password);
    const response = await t.call({ method: 'POST', url: '/auth-service/v1/logout', token, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
  });
});

describe('PUT /auth-service/v1/change-password', () => {
  it('changes the password (success 0, spec §7), keeps this session and revokes every other one', async () => {
    const member = await t.signUp();
    const current = await t.logIn(member.phoneNumber, member.password);
    const elsewhere = await t.logIn(member.phoneNumber, member.password);
    const response = await changePassword(current, {
      phone_number: member.phoneNumber,
      old_Password: member.password,
      Password: 'brand-new-pass',
      Confirm_Password: 'brand-new-pass',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: 0, message: 'เปลี่ยนรหัสผ่านสำเร็จ', data: null });
    expect((await refresh(current)).status).toBe(200);
    expect((await refresh(elsewhere)).status).toBe(401);
    expect((await login(member.phoneNumber, member.password)).body.code).toBe('INVALID_CREDENTIALS');
    expect((await login(member.phoneNumber, 'brand-new-pass')).status).toBe(200);
  });

  it.each([
    [{ old_Password: '', Password: 'abcdef1x9', Confirm_Password: 'abcdef1x9' }, 'INCOMPLETE_FORM'],
    [{ old_Password: 'secret-pass', Password: '', Confirm_Password: '' }, 'INCOMPLETE_FORM'],
    [{ old_Password: 'secret-pass' }, 'INCOMPLETE_FORM'],
    [{ old_Password: 'secret-pass', Password: 'abcdef1x9', Confirm_Password: 'abcdef2x9' }, 'PASSWORD_MISMATCH'],
    [{ old_Password: 'secret-pass', Password: 'abc', Confirm_Password: 'abc' }, 'PASSWORD_RULES'],
    [{ old_Password: 'wrong-old', Password: 'abcdef1x9', Confirm_Password: 'abcdef1x9' }, 'WRONG_OLD_PASSWORD'],
    [{ old_Password: 'secret-pass', Password: 'secret-pass', Confirm_Password: 'secret-pass' }, 'SAME_PASSWORD'],
    [{ old_Password: 'secret-pass', Password: 'Password1', Confirm_Password: 'Password1' }, 'COMMON_PASSWORD'],
  ])('refuses %o with %s and changes nothing', async (body, code) => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await changePassword(token, body);
    expect(response.body).toMatchObject({ success: false, code });
    if (code === 'INCOMPLETE_FORM') expect(response.body.message).toBe('กรุณากรอกข้อมูลให้ครบทุกช่อง');
    expect((await login(member.phoneNumber, member.password)).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await t.call({ method: 'PUT', url: '/auth-service/v1/change-password', body: { old_Password: 'a', Password: 'b', Confirm_Password: 'b' } });
    expect(response.status).toBe(401);
  });
});

describe('one member cannot reach another member’s data', () => {
  it('refresh returns only the session’s own member, whatever else the request names', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const aliceToken = await t.logIn(alice.phoneNumber, alice.password);
    const response = await t.call({ method: 'GET', url: `/auth-service/v1/refresh?phoneNumber=${bob.phoneNumber}`, token: aliceToken });
    expect(response.body.data.PhoneNumber).toBe(alice.phoneNumber);
    expect(JSON.stringify(response.body)).not.toContain(bob.accountNumber);
  });

  it('change-password with another member’s phone is refused and changes neither password', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const aliceToken = await t.logIn(alice.phoneNumber, alice.password);
    const response = await changePassword(aliceToken, {
      phone_number: bob.phoneNumber,
      old_Password: bob.password,
      Password: 'hijacked-1',
      Confirm_Password: 'hijacked-1',
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect((await login(bob.phoneNumber, bob.password)).status).toBe(200);
    expect((await login(alice.phoneNumber, alice.password)).status).toBe(200);
  });

  it('logout with one member’s token never revokes another member’s session', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const aliceToken = await t.logIn(alice.phoneNumber, alice.password);
    const bobToken = await t.logIn(bob.phoneNumber, bob.password);
    await t.call({ method: 'POST', url: '/auth-service/v1/logout', token: aliceToken, body: { phoneNumber: bob.phoneNumber } });
    expect((await refresh(bobToken)).status).toBe(200);
  });
});
