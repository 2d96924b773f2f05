import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkokDate, ERRORS } from '@sabai/contracts';
import { createTestApp, newAccountNumber, newIp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER } from '../demo/index.ts';
import { ProviderUnavailableError } from '../../adapters/name-inquiry/index.ts';
import { MEMBER_WALLET_KINDS, listMemberAccounts, readAccountBalance } from '@sabai/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Register steps 1 and 2: checkPhone, the SMS code, verifyPhone, then checkBank with the registration (or `registrationId` when given). */
async function checkBank(BankCode: string, BankAccount: string, ip = newIp(), phoneNumber: string = newPhoneNumber(), registrationId?: string) {
  const registration = registrationId ?? (await t.verifiedRegistration(phoneNumber, ip));
  const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode, BankAccount }, headers: { 'x-registration-id': registration }, ip });
  return Object.assign(response, { registrationId: registration });
}

async function signupBody(overrides: Record<string, unknown> = {}) {
  const accountNumber = typeof overrides.BankAccount === 'string' && overrides.BankAccount.length >= 10 ? overrides.BankAccount : newAccountNumber();
  const phoneNumber = typeof overrides.phoneNumber === 'string' && /^0\d{9}$/.test(overrides.phoneNumber) ? overrides.phoneNumber : newPhoneNumber();
  const bank = await checkBank('004', accountNumber, newIp(), phoneNumber);
  expect(bank.status).toBe(200);
  const password = 'pass-word-1';
  return {
    token: bank.body.data.token as string,
    registrationId: bank.registrationId,
    body: {
      phoneNumber,
      Password: password,
      Confirm_Password: password,
      BankAccount: accountNumber,
      BankCode: '004',
      firstName: bank.body.data.firstName,
      lastName: bank.body.data.lastName,
      affiliateKey: '',
      isBonus: false,
      dateOfBirth: '1990-01-15',
      ...overrides,
    },
  };
}
const signup = (body: unknown, token?: string, registrationId?: string) =>
  t.call({ method: 'POST', url: '/auth-service/v1/signup', body, headers: { ...(token ? { tokenbank: token } : {}), ...(registrationId ? { 'x-registration-id': registrationId } : {}) } });

describe('POST /auth-service/v1/password/check (issue 26 §3: at the password field, before the later steps)', () => {
  const check = (Password: unknown) => t.call({ method: 'POST', url: '/auth-service/v1/password/check', body: { Password }, ip: newIp() });

  it('accepts a password sign-up would accept', async () => {
    expect((await check('pass-word-1')).body).toEqual({ success: true, message: 'รหัสผ่านนี้ใช้ได้', data: null });
  });

  it.each([
    ['qwerty123', 'COMMON_PASSWORD'],
    ['PASSWORD', 'COMMON_PASSWORD'],
    ['12345', 'PASSWORD_RULES'],
    ['x'.repeat(65), 'PASSWORD_RULES'],
    [1234567, 'PASSWORD_RULES'],
  ])('refuses %s with the Thai %s sign-up would give', async (password, code) => {
    const response = await check(password);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code, message: ERRORS[code as 'COMMON_PASSWORD' | 'PASSWORD_RULES'].message });
  });
});

describe('POST /auth-service/v1/checkPhone', () => {
  it('accepts an unregistered 10-digit phone', async () => {
    const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: '0891234567' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { phoneNumber: '0891234567', available: true } });
  });

  it.each([['089123456'], ['08912345678'], ['08-1234567'], ['abcdefghij'], [''], [812345678]])(
    'refuses %s with the spec §5 invalid-phone message',
    async (phoneNumber) => {
      const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'INVALID_PHONE', message: 'เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกใหม่' });
    },
  );

  it('refuses a registered phone', async () => {
    const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: DEMO_MEMBER.phoneNumber } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PHONE_TAKEN');
  });
});

describe('POST /auth-service/v1/checkBank', () => {
  it('returns the holder name from the sandbox bank and a signed token', async () => {
    const response = await checkBank('004', DEMO_MEMBER.accountNumber.replace(/7$/, '6'));
    expect(response.status).toBe(200);
    expect(response.body.data.firstName).toMatch(/^\p{Script=Thai}+$/u);
    expect(response.body.data.lastName).toMatch(/^\p{Script=Thai}+$/u);
    expect(response.body.data.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it.each([
    ['-1', '1234567890'],
    ['999', '1234567890'],
    ['004', '123456789'],
    ['004', '12345678901'],
    ['004', '1234567890123'],
    ['004', '12345-7890'],
  ])('refuses bank %s account %s with the spec §5 fill-in message', async (bankCode, account) => {
    const response = await checkBank(bankCode, account);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'INCOMPLETE_BANK_INFO', message: ERRORS.INCOMPLETE_BANK_INFO.message });
  });

  it('accepts 12-digit accounts', async () => {
    expect((await checkBank('030', '123456789012')).status).toBe(200);
  });

  it('says an account the bank does not know does not exist', async () => {
    const response = await checkBank('014', '1234567899');
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('BANK_ACCOUNT_NOT_FOUND');
  });

  it('does not tell whether an account is already a member\u2019s; signup refuses it (issue 13 §3.6)', async () => {
    const phoneNumber = newPhoneNumber();
    const ip = newIp();
    const response = await checkBank(DEMO_MEMBER.bankCode, DEMO_MEMBER.accountNumber, ip, phoneNumber);
    expect(response.status).toBe(200);
    const refused = await t.call({
      method: 'POST',
      url: '/auth-service/v1/signup',
      headers: { tokenbank: response.body.data.token, 'x-registration-id': response.registrationId },
      ip,
      body: { phoneNumber, Password: 'pass-word-1', Confirm_Password: 'pass-word-1', BankAccount: DEMO_MEMBER.accountNumber, BankCode: DEMO_MEMBER.bankCode, firstName: response.body.data.firstName, lastName: response.body.data.lastName, affiliateKey: '', isBonus: false, dateOfBirth: '1990-01-15' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('BANK_ACCOUNT_TAKEN');
  });

  it('refuses a spec-era client that skipped the code step with the Thai REGISTRATION_REQUIRED, never a 500 (issue 27 §5)', async () => {
    const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode: '014', BankAccount: newAccountNumber() } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'REGISTRATION_REQUIRED', message: ERRORS.REGISTRATION_REQUIRED.message });
    expect(response.body.message).toContain('OTP');
    const { token, body } = await signupBody();
    const signupWithout = await signup(body, token);
    expect(signupWithout.status).toBe(400);
    expect(signupWithout.body.code).toBe('REGISTRATION_REQUIRED');
  });

  it('answers only for a registration whose phone was verified, and not for an unknown one', async () => {
    const phoneNumber = newPhoneNumber();
    const started = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber } });
    const unverified = await checkBank('014', newAccountNumber(), newIp(), phoneNumber, started.body.data.registrationId);
    expect(unverified.status).toBe(400);
    expect(unverified.body).toMatchObject({ code: 'PHONE_NOT_VERIFIED', message: ERRORS.PHONE_NOT_VERIFIED.message });
    const unknown = await checkBank('014', newAccountNumber(), newIp(), phoneNumber, 'reg_nosuchregistration000000');
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('REGISTRATION_EXPIRED');
  });

  it('binds the token to the registration: another phone, or another registration, cannot sign up with it', async () => {
    const { token, body, registrationId } = await signupBody();
    expect((await signup({ ...body, phoneNumber: newPhoneNumber() }, token, registrationId)).body.code).toBe('PHONE_NOT_VERIFIED');
    const other = await signupBody();
    expect((await signup({ ...body, phoneNumber: other.body.phoneNumber }, token, other.registrationId)).body.code).toBe('BANK_TOKEN_INVALID');
  });

  it('checks at most 5 accounts per registration', async () => {
    const ip = newIp();
    const registrationId = await t.verifiedRegistration(newPhoneNumber(), ip);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await checkBank('014', newAccountNumber(), ip, '', registrationId)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The block says how long (issue 26 §3): the rest of its hour, in minutes.
    const blocked = await checkBank('014', newAccountNumber(), ip, '', registrationId);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^ทำรายการบ่อยเกินไป กรุณารอ \d+ (นาที|วินาที)แล้วลองใหม่$/) });
  });

  it('answers 503, not a crash, when the bank cannot be reached', async () => {
    const original = t.context.nameInquiry;
    t.context.nameInquiry = { lookupAccountHolder: () => Promise.reject(new ProviderUnavailableError('sandbox', 'down')) };
    try {
      const response = await checkBank('014', newAccountNumber());
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      t.context.nameInquiry = original;
    }
  });
});

describe('POST /auth-service/v1/signup', () => {
  it('creates the member with names from the bank, wallets at 0 and a unique affiliate key', async () => {
    const { token, body, registrationId } = await signupBody({ isBonus: true });
    const response = await signup(body, token, registrationId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'สมัครสมาชิกสำเร็จ', data: { phoneNumber: body.phoneNumber } });
    expect(response.body.data.affiliateKey).toMatch(/^[A-Z0-9]{8}$/);

    const { rows } = await t.db.query<{ id: string; first_name: string; bonus_preference: boolean }>(
      'SELECT id, first_name, bonus_preference FROM members WHERE phone_number = $1',
      [body.phoneNumber],
    );
    expect(rows[0]).toMatchObject({ first_name: body.firstName, bonus_preference: true });
    const wallets = await listMemberAccounts(t.db, [rows[0]!.id]);
    expect(wallets.map((wallet) => wallet.kind).sort()).toEqual([...MEMBER_WALLET_KINDS].sort());
    for (const wallet of wallets) {
      const balance = await readAccountBalance(t.db, wallet.accountId);
      expect(balance.creditsPosted + balance.debitsPosted).toBe(0n);
    }
  });

  it('verifies the bound account at once when name inquiry named its holder (docs/adr/0040)', async () => {
    const { token, body, registrationId } = await signupBody();
    expect((await signup(body, token, registrationId)).status).toBe(200);
    const { rows } = await t.db.query<{ bank_account_verified_at: Date | null; bank_account_verified_by: string | null }>(
      'SELECT bank_account_verified_at, bank_account_verified_by FROM members WHERE phone_number = $1',
      [body.phoneNumber],
    );
    expect(rows[0]?.bank_account_verified_by).toBe('name_inquiry');
    expect(rows[0]?.bank_account_verified_at).toBeInstanceOf(Date);
  });

  it('stores the bonus preference off by default', async () => {
    const { token, body, registrationId } = await signupBody();
    const { isBonus: _omitted, ...withoutBonus } = body;
    expect((await signup(withoutBonus, token, registrationId)).status).toBe(200);
    const { rows } = await t.db.query<{ bonus_preference: boolean }>('SELECT bonus_preference FROM members WHERE phone_number = $1', [body.phoneNumber]);
    expect(rows[0]?.bonus_preference).toBe(false);
  });

  it.each([
    [{ phoneNumber: '081234' }, 'INVALID_PHONE'],
    [{ Password: '12345', Confirm_Password: '12345' }, 'PASSWORD_RULES'],
    [{ Confirm_Password: 'something-else' }, 'PASSWORD_MISMATCH'],
    [{ Password: 'qwerty123', Confirm_Password: 'qwerty123' }, 'COMMON_PASSWORD'],
    [{ BankCode: '-1' }, 'INCOMPLETE_BANK_INFO'],
    [{ BankAccount: '12345' }, 'INCOMPLETE_BANK_INFO'],
    [{ Password: 42 }, 'INCOMPLETE_FORM'],
  ])('refuses %o with %s and creates nothing', async (overrides, code) => {
    const { token, body, registrationId } = await signupBody(overrides);
    const response = await signup(body, token, registrationId);
    expect(response.body).toMatchObject({ success: false, code });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { rowCount } = await t.db.query('SELECT 1 FROM members WHERE phone_number = $1', [String(body.phoneNumber)]);
    expect(rowCount).toBe(0);
  });

  it('stores the date of birth and refuses a spec-shaped sign-up without one, in Thai (issue 12)', async () => {
    const { token, body, registrationId } = await signupBody();
    const { dateOfBirth: _omitted, ...specShaped } = body;
    const refused = await signup(specShaped, token, registrationId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'DATE_OF_BIRTH_REQUIRED', message: 'กรุณากรอกวันเดือนปีเกิดให้ถูกต้อง (ปี ค.ศ.-เดือน-วัน)' });
    for (const wrong of ['1990-02-30', '15/01/1990', '2990-01-01']) expect((await signup({ ...body, dateOfBirth: wrong }, token, registrationId)).body.code).toBe('DATE_OF_BIRTH_REQUIRED');
    expect((await signup(body, token, registrationId)).status).toBe(200);
    const { rows } = await t.db.query<{ born: string }>("SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS born FROM members WHERE phone_number = $1", [body.phoneNumber]);
    expect(rows[0]?.born).toBe('1990-01-15');
  });

  it('accepts a member on their 20th birthday (Thai date) and refuses one a day younger (issue 12)', async () => {
    const today = bangkokDate(t.context.now());
    const twentyYearsAgo = `${Number(today.slice(0, 4)) - 20}${today.slice(4)}`;
    const dayAfter = new Date(Date.parse(`${twentyYearsAgo}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const young = await signupBody({ dateOfBirth: dayAfter });
    const refused = await signup(young.body, young.token, young.registrationId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'UNDER_AGE', message: 'ขออภัย ผู้สมัครต้องมีอายุ 20 ปีบริบูรณ์ขึ้นไป' });
    expect((await t.db.query('SELECT 1 FROM members WHERE phone_number = $1', [young.body.phoneNumber])).rowCount).toBe(0);
    const adult = await signupBody({ dateOfBirth: twentyYearsAgo });
    expect((await signup(adult.body, adult.token, adult.registrationId)).status).toBe(200);
  });

  it('refuses a new account with the phone or bank account of a member in a time-out or self-exclusion (issue 12)', async () => {
    const excluded = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(excluded.phoneNumber, excluded.password);
    const exclusion = await t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token, body: { kind: 'self_exclusion', period: '6m' } });
    expect(exclusion.status).toBe(200);
    // Same bank account, a new phone number: refused with the player-protection message, nothing created.
    const sameAccount = await signupBody({ BankAccount: excluded.accountNumber });
    const refused = await signup(sameAccount.body, sameAccount.token, sameAccount.registrationId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'RG_SIGNUP_EXCLUDED', message: 'เบอร์โทรศัพท์หรือบัญชีธนาคารนี้อยู่ในช่วงพักการเล่น จึงสมัครสมาชิกใหม่ไม่ได้จนกว่าจะครบกำหนด' });
    expect((await t.db.query('SELECT 1 FROM members WHERE phone_number = $1', [sameAccount.body.phoneNumber])).rowCount).toBe(0);
    // Same phone: refused at step 1 already.
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: excluded.phoneNumber } })).body.code).toBe('PHONE_TAKEN');
  });

  it('refuses without a bank token, with a forged one, or with one for another account', async () => {
    const { token, body, registrationId } = await signupBody();
    expect((await signup(body, undefined, registrationId)).body.code).toBe('BANK_TOKEN_INVALID');
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), firstName: 'Mallory' })).toString('base64url')}.${signature}`;
    expect((await signup({ ...body, firstName: 'Mallory' }, forged, registrationId)).body.code).toBe('BANK_TOKEN_INVALID');
    expect((await signup({ ...body, BankAccount: newAccountNumber() }, token, registrationId)).body.code).toBe('BANK_TOKEN_INVALID');
  });

  it('refuses names other than the bank account holder’s (names are locked to the bank check)', async () => {
    const { token, body, registrationId } = await signupBody({ firstName: 'สมปอง' });
    const response = await signup(body, token, registrationId);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('NAME_MISMATCH');
  });

  it('refuses an expired bank token', async () => {
    const { token, body, registrationId } = await signupBody();
    const realNow = t.context.now;
    t.context.now = () => new Date(Date.now() + t.context.config.BANK_TOKEN_TTL_MS + 1_000);
    try {
      expect((await signup(body, token, registrationId)).body.code).toBe('BANK_TOKEN_INVALID');
    } finally {
      t.context.now = realNow;
    }
  });

  it('allows one member per phone and one per bank account', async () => {
    const first = await signupBody();
    expect((await signup(first.body, first.token, first.registrationId)).status).toBe(200);
    const response = await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: first.body.phoneNumber } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PHONE_TAKEN');
    const again = await signupBody({ BankAccount: first.body.BankAccount });
    const sameAccount = await signup(again.body, again.token, again.registrationId);
    expect(sameAccount.status).toBe(409);
    expect(sameAccount.body.code).toBe('BANK_ACCOUNT_TAKEN');
  });

  it('lets exactly one of several racing sign-ups with the same phone succeed', async () => {
    const phoneNumber = newPhoneNumber();
    // Five registrations of one phone, each verified with its own code (one after another: the
    // sandbox's newest SMS to the phone is the code of the registration just started).
    const attempts = [];
    for (let index = 0; index < 5; index += 1) attempts.push(await signupBody({ phoneNumber }));
    const responses = await Promise.all(attempts.map(({ body, token, registrationId }) => signup(body, token, registrationId)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.body.code === 'PHONE_TAKEN')).toHaveLength(4);
    const { rows } = await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM members WHERE phone_number = $1', [phoneNumber]);
    expect(rows[0]?.count).toBe(1n);
  });

  it('records the referrer at level 1 and the referrer’s referrer at level 2', async () => {
    const grandparent = await t.signUp();
    const parent = await t.signUp({ affiliateKey: grandparent.affiliateKey });
    const child = await t.signUp({ affiliateKey: parent.affiliateKey.toLowerCase() });
    const { rows } = await t.db.query<{ phone_number: string; level1: string | null; level2: string | null }>(
      `SELECT m.phone_number, l1.phone_number AS level1, l2.phone_number AS level2
       FROM members m LEFT JOIN members l1 ON l1.id = m.referrer_level1_id LEFT JOIN members l2 ON l2.id = m.referrer_level2_id
       WHERE m.phone_number = ANY($1::text[])`,
      [[grandparent.phoneNumber, parent.phoneNumber, child.phoneNumber]],
    );
    const byPhone = Object.fromEntries(rows.map((row) => [row.phone_number, row]));
    expect(byPhone[grandparent.phoneNumber]).toMatchObject({ level1: null, level2: null });
    expect(byPhone[parent.phoneNumber]).toMatchObject({ level1: grandparent.phoneNumber, level2: null });
    expect(byPhone[child.phoneNumber]).toMatchObject({ level1: parent.phoneNumber, level2: grandparent.phoneNumber });
  });

  it('refuses an unknown referral code and creates nothing', async () => {
    const { token, body, registrationId } = await signupBody({ affiliateKey: 'NOSUCH99' });
    const response = await signup(body, token, registrationId);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('REFERRER_NOT_FOUND');
  });

  it('caps calls per client address at the configured abuse ceiling (REGISTRATION_ADDRESS_CEILING_PER_HOUR, 300)', async () => {
    const release = t.holdClock();
    try {
      const ip = newIp();
      const ceiling = t.context.config.REGISTRATION_ADDRESS_CEILING_PER_HOUR;
      const codes: Array<string | undefined> = [];
      for (let attempt = 0; attempt <= ceiling; attempt += 1) {
        const response = await t.call({ method: 'POST', url: '/auth-service/v1/signup', body: { phoneNumber: 'x' }, ip });
        codes.push(response.body.code);
      }
      expect(codes.slice(0, ceiling).every((code) => code === 'INCOMPLETE_FORM')).toBe(true);
      expect(codes[ceiling]).toBe('RATE_LIMITED');
    } finally {
      release();
    }
  });
});
