import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@sabai/contracts';
import { createTestApp, newAccountNumber, newIp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER } from '../demo/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Fixed-window limits and code lifetimes are tested on a clock that stands still unless a test moves it.
let releaseClock: () => void;
beforeEach(() => {
  releaseClock = t.holdClock();
});
afterEach(() => releaseClock());

/** Moves the app's (held) clock forward. */
function advanceClock(ms: number): void {
  const at = new Date(t.context.now().getTime() + ms);
  t.context.now = () => at;
}

const checkPhone = (phoneNumber: string, ip = newIp()) => t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber }, ip });
const verifyPhone = (registrationId: string, code: string, ip = newIp()) => t.call({ method: 'POST', url: '/auth-service/v1/verifyPhone', body: { registrationId, code }, ip });
const resend = (registrationId: string, ip = newIp()) => t.call({ method: 'POST', url: '/auth-service/v1/verifyPhone/resend', body: { registrationId }, ip });
const checkBank = (registrationId: string, accountNumber: string, ip: string) =>
  t.call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode: '014', BankAccount: accountNumber }, headers: { 'x-registration-id': registrationId }, ip });
const signup = (registrationId: string, token: string, phoneNumber: string, accountNumber: string, names: { firstName: string; lastName: string }, ip: string) =>
  t.call({
    method: 'POST',
    url: '/auth-service/v1/signup',
    headers: { tokenbank: token, 'x-registration-id': registrationId },
    ip,
    body: { phoneNumber, Password: 'pass-word-1', Confirm_Password: 'pass-word-1', BankAccount: accountNumber, BankCode: '014', ...names, affiliateKey: '', isBonus: false, dateOfBirth: '1990-01-15' },
  });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('registration by phone code, not by address (issue 27 §1)', () => {
  it('lets two people behind one address register at the same time, steps interleaved: both succeed', async () => {
    const carrierAddress = newIp();
    const people = [{ phoneNumber: newPhoneNumber(), accountNumber: newAccountNumber() }, { phoneNumber: newPhoneNumber(), accountNumber: newAccountNumber() }];
    const started = [];
    for (const person of people) started.push((await checkPhone(person.phoneNumber, carrierAddress)).body.data.registrationId as string);
    for (const [index, person] of people.entries()) expect((await verifyPhone(started[index]!, await t.readSmsCode(person.phoneNumber), carrierAddress)).status).toBe(200);
    const banks = [];
    for (const [index, person] of people.entries()) banks.push(await checkBank(started[index]!, person.accountNumber, carrierAddress));
    // The first one signs up after the second checked its bank: before issue 27 this was BANK_TOKEN_INVALID.
    for (const [index, person] of people.entries()) {
      const bank = banks[index]!;
      expect(bank.status).toBe(200);
      const response = await signup(started[index]!, bank.body.data.token, person.phoneNumber, person.accountNumber, bank.body.data, carrierAddress);
      expect(response.status).toBe(200);
    }
  });

  it('lets fifty registrations from one address within an hour succeed, while a sixth code to one phone is refused', async () => {
    const carrierAddress = newIp();
    for (let index = 0; index < 50; index += 1) {
      const phoneNumber = newPhoneNumber();
      const accountNumber = newAccountNumber();
      const registrationId = await t.verifiedRegistration(phoneNumber, carrierAddress);
      const bank = await checkBank(registrationId, accountNumber, carrierAddress);
      expect(bank.status).toBe(200);
      expect((await signup(registrationId, bank.body.data.token, phoneNumber, accountNumber, bank.body.data, carrierAddress)).status).toBe(200);
    }
    // Per-phone abuse: five codes an hour to one number, then refused (from any address).
    const victim = newPhoneNumber();
    for (let index = 0; index < 5; index += 1) expect((await checkPhone(victim, carrierAddress)).status).toBe(200);
    const sixth = await checkPhone(victim, newIp());
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    const sent = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${victim}`)).json()) as unknown[];
    expect(sent).toHaveLength(5);
  });

  it('answers checkPhone with the registration, the wait before a resend and the code lifetime, and sends a Thai SMS naming the site', async () => {
    const phoneNumber = newPhoneNumber();
    const response = await checkPhone(phoneNumber);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ phoneNumber, available: true, resendAfterSeconds: 60, codeExpiresInSeconds: 300 });
    expect(response.body.data.registrationId).toMatch(/^reg_[a-z0-9]{24}$/);
    const messages = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${phoneNumber}`)).json()) as Array<{ id: string; to: string; text: string; state: string; createdAt: string }>;
    expect(messages).toHaveLength(1);
    const { rows } = await t.db.query<{ site_name: string }>('SELECT site_name FROM site_settings');
    expect(messages[0]).toMatchObject({ to: phoneNumber, state: 'delivered' });
    expect(messages[0]!.text).toContain(`[${rows[0]!.site_name}]`);
    expect(messages[0]!.text).toMatch(/\b\d{6}\b/);
    expect(messages[0]!.text).toContain('ห้ามบอกรหัสนี้กับผู้ใด');
  });

  it('keeps no code in clear: the code is an HMAC, the SMS text is sealed until sent and masked for staff', async () => {
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    const code = await t.readSmsCode(phoneNumber);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM phone_codes WHERE owner_key = $1', [registrationId]);
    expect(stored.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.code_hash).not.toContain(code);
    const sms = await t.db.query<{ text_masked: string; sealed_text: string | null; state: string }>('SELECT text_masked, sealed_text, state FROM sms_messages WHERE to_phone = $1', [phoneNumber]);
    expect(sms.rows[0]).toMatchObject({ sealed_text: null, state: 'delivered' });
    expect(sms.rows[0]!.text_masked).not.toContain(code);
    expect(sms.rows[0]!.text_masked).toContain('••••••');
  });

  it('refuses a wrong code with the tries left, and after 5 tries the right code too', async () => {
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    const code = await t.readSmsCode(phoneNumber);
    const first = await verifyPhone(registrationId, wrongCodeFor(code));
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'CODE_INVALID', message: 'รหัส OTP ไม่ถูกต้อง (ลองได้อีก 4 ครั้ง)' });
    for (let index = 0; index < 4; index += 1) await verifyPhone(registrationId, wrongCodeFor(code));
    const spent = await verifyPhone(registrationId, code);
    expect(spent.status).toBe(422);
    expect(spent.body).toMatchObject({ code: 'CODE_EXPIRED', message: ERRORS.CODE_EXPIRED.message });
  });

  it('counts parallel guesses against the same 5 tries (the try is taken before the compare)', async () => {
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    const code = await t.readSmsCode(phoneNumber);
    const guesses = Array.from({ length: 12 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verifyPhone(registrationId, guess)));
    expect(answers.filter((answer) => answer.body.code === 'CODE_INVALID').length).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => answer.body.code === 'CODE_INVALID' || answer.body.code === 'CODE_EXPIRED')).toBe(true);
    const { rows } = await t.db.query<{ tries: number }>('SELECT tries FROM phone_codes WHERE owner_key = $1', [registrationId]);
    expect(Number(rows[0]!.tries)).toBe(5);
    expect((await verifyPhone(registrationId, code)).body.code).toBe('CODE_EXPIRED');
  });

  it('expires a code after 5 minutes of the app clock', async () => {
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    const code = await t.readSmsCode(phoneNumber);
    advanceClock(5 * 60_000 + 1_000);
    expect((await verifyPhone(registrationId, code)).body.code).toBe('CODE_EXPIRED');
  });

  it('sends a new code only after 60 seconds; the new one works and the old one no longer does', async () => {
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    const oldCode = await t.readSmsCode(phoneNumber);
    const early = await resend(registrationId);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('CODE_RESEND_TOO_SOON');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    advanceClock(61_000);
    const later = await resend(registrationId);
    expect(later.status).toBe(200);
    expect(later.body.data).toEqual({ resendAfterSeconds: 60, codeExpiresInSeconds: 300 });
    const newCode = await t.readSmsCode(phoneNumber);
    if (newCode !== oldCode) expect((await verifyPhone(registrationId, oldCode)).body.code).toBe('CODE_INVALID');
    expect((await verifyPhone(registrationId, newCode)).body.data).toEqual({ registrationId, phoneNumber, phoneVerified: true });
  });

  it('refuses an unknown or expired registration, and signup of a registration already used', async () => {
    expect((await verifyPhone('reg_unknownunknownunknown000', '123456')).body.code).toBe('REGISTRATION_EXPIRED');
    const phoneNumber = newPhoneNumber();
    const registrationId = (await checkPhone(phoneNumber)).body.data.registrationId as string;
    advanceClock(t.context.config.REGISTRATION_TTL_MS + 1_000);
    const expired = await verifyPhone(registrationId, await t.readSmsCode(phoneNumber));
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: 'REGISTRATION_EXPIRED', message: ERRORS.REGISTRATION_EXPIRED.message });
  });
});

describe('forgot password (issue 27 §3)', () => {
  const start = (phoneNumber: string, ip = newIp()) => t.call({ method: 'POST', url: '/auth-service/v1/password-reset/start', body: { phoneNumber }, ip });
  const finish = (phoneNumber: string, code: string, newPassword: string, ip = newIp()) =>
    t.call({ method: 'POST', url: '/auth-service/v1/password-reset/finish', body: { phoneNumber, code, newPassword }, ip });

  it('answers the same for a member\u2019s phone and for a phone nobody has, and sends only the member a code', async () => {
    const member = await t.signUp();
    const stranger = newPhoneNumber();
    const forMember = await start(member.phoneNumber);
    const forStranger = await start(stranger);
    expect(forMember.status).toBe(200);
    expect(forStranger.status).toBe(200);
    expect(forStranger.body).toEqual(forMember.body);
    expect((await start(member.phoneNumber)).body.code).toBe('CODE_RESEND_TOO_SOON');
    expect((await start(stranger)).body.code).toBe('CODE_RESEND_TOO_SOON');
    const toStranger = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${stranger}`)).json()) as unknown[];
    expect(toStranger).toHaveLength(0);
    expect(await t.readSmsCode(member.phoneNumber)).toMatch(/^\d{6}$/);
  });

  it('sets the new password with the SMS code, ends every session, tells the member by LINE and lifts the login lock', async () => {
    const member = await t.signUp();
    const home = newIp();
    const token = await t.logIn(member.phoneNumber, member.password);
    for (let index = 0; index < 5; index += 1) await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: 'wrong-password' }, ip: home });
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password }, ip: home })).body.code).toBe('LOGIN_LOCKED');

    await start(member.phoneNumber);
    const code = await t.readSmsCode(member.phoneNumber);
    expect((await finish(member.phoneNumber, code, 'qwerty123')).body.code).toBe('COMMON_PASSWORD');
    expect((await finish(member.phoneNumber, code, '123')).body.code).toBe('PASSWORD_RULES');
    const wrong = await finish(member.phoneNumber, wrongCodeFor(code), 'a-new-pass-word');
    expect(wrong.body.code).toBe('CODE_INVALID');
    const done = await finish(member.phoneNumber, code, 'a-new-pass-word', home);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, data: null });

    expect((await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: 'a-new-pass-word' }, ip: home })).status).toBe(200);
    expect((await finish(member.phoneNumber, code, 'another-pass-word')).body.code).toBe('CODE_EXPIRED');
    const events = await t.db.query<{ kind: string; payload: { by: string } }>(`SELECT kind, payload FROM outbox_events WHERE kind = 'member.password-reset' AND member_id = (SELECT id FROM members WHERE phone_number = $1)`, [member.phoneNumber]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]!.payload.by).toBe('member');
  });

  it('refuses a code for a phone that is no member\u2019s', async () => {
    const stranger = newPhoneNumber();
    await start(stranger);
    expect((await finish(stranger, '000000', 'a-new-pass-word')).body.code).toBe('CODE_INVALID');
  });
});

describe('a member changes their phone number (issue 27 §3)', () => {
  it('needs a code from the old and the new number; the new one becomes the login and the old one is told', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const newPhone = newPhoneNumber();
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/start', token, body: { newPhoneNumber: DEMO_MEMBER.phoneNumber } })).body.code).toBe('PHONE_TAKEN');
    const started = await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/start', token, body: { newPhoneNumber: newPhone } });
    expect(started.status).toBe(200);
    const oldCode = await t.readSmsCode(member.phoneNumber);
    const newCode = await t.readSmsCode(newPhone);
    const swapped = await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/finish', token, body: { oldCode: newCode, newCode: oldCode } });
    if (oldCode !== newCode) expect(swapped.body.code).toBe('CODE_INVALID');
    // A fresh pair after the wait (a wrong try does not burn the codes' other tries).
    const finished = await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/finish', token, body: { oldCode, newCode } });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toEqual({ phoneNumber: newPhone });
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: newPhone, Password: member.password } })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password } })).body.code).toBe('INVALID_CREDENTIALS');
    const notice = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${member.phoneNumber}`)).json()) as Array<{ text: string }>;
    expect(notice[0]!.text).toContain('เบอร์โทรศัพท์ของบัญชีคุณถูกเปลี่ยนแล้ว');
  });

  it('keeps the old number’s code live when only the new number’s code is wrong, so the member can simply try again', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const newPhone = newPhoneNumber();
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/start', token, body: { newPhoneNumber: newPhone } })).status).toBe(200);
    const oldCode = await t.readSmsCode(member.phoneNumber);
    const newCode = await t.readSmsCode(newPhone);
    const wrongNew = newCode === '000000' ? '111111' : '000000';
    const refused = await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/finish', token, body: { oldCode, newCode: wrongNew } });
    expect(refused.body.code).toBe('CODE_INVALID');
    const { rows } = await t.db.query<{ phone_number: string }>('SELECT phone_number FROM members WHERE phone_number = $1', [member.phoneNumber]);
    expect(rows).toHaveLength(1);
    const finished = await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/finish', token, body: { oldCode, newCode } });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toEqual({ phoneNumber: newPhone });
    // Used up with the change: the same pair again changes nothing.
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/finish', token, body: { oldCode, newCode } })).body.code).toBe('CODE_EXPIRED');
  });

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/phone/change/start', body: { newPhoneNumber: newPhoneNumber() } })).status).toBe(401);
  });
});

describe('money calls authenticate before counting the address (issue 27 §4)', () => {
  it('answers a forged bearer 401, never 429, however many times it comes', async () => {
    const ip = newIp();
    const statuses = new Set<number>();
    for (let index = 0; index < 130; index += 1) {
      const response = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: 'forged-token-forged-token-forged-token-0000', body: { Amount: 100 }, ip });
      statuses.add(response.status);
    }
    expect([...statuses]).toEqual([401]);
  });
});
