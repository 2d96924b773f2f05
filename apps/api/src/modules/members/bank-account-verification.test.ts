import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, memberProfileResponse } from '@sabai/contracts';
import { createTestApp, newAccountNumber, newIp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';

/**
 * Sign-up without a name-inquiry provider (NAME_INQUIRY_PROVIDER=declared, issue 24 §2,
 * docs/adr/0040): typed names, an unverified account, withdrawals refused until a deposit from
 * the account shows the same name or staff confirm it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NAME_INQUIRY_PROVIDER: 'declared' } });
});
afterAll(async () => t.close());

const withdraw = (token: string, Amount: number) =>
  t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK', minWithdraw: 100 } });

async function memberRow(phoneNumber: string) {
  const { rows } = await t.db.query<{ id: string; first_name: string; last_name: string; bank_account_verified_at: Date | null; bank_account_verified_by: string | null }>(
    'SELECT id, first_name, last_name, bank_account_verified_at, bank_account_verified_by FROM members WHERE phone_number = $1',
    [phoneNumber],
  );
  return rows[0]!;
}

/** A declared member (สมชาย ใจดี) funded with `amount` baht by a statement line without a sender name. */
async function fundedDeclaredMember(amount: string) {
  const member = await t.signUp({ firstName: 'สมชาย', lastName: 'ใจดี' });
  const token = await t.logIn(member.phoneNumber, member.password);
  const funded = await postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
  expect(funded.body.data.status).toBe('credited');
  return { ...member, token, memberId: (await memberRow(member.phoneNumber)).id };
}

describe('checkBank and signup with NAME_INQUIRY_PROVIDER=declared', () => {
  /** The verified registration of each phone (issue 27: checkBank and signup carry it). */
  const registrations = new Map<string, string>();
  async function checkBank(accountNumber: string, phoneNumber: string) {
    const ip = newIp();
    const registrationId = await t.verifiedRegistration(phoneNumber, ip);
    registrations.set(phoneNumber, registrationId);
    return t.call({ method: 'POST', url: '/auth-service/v1/checkBank', body: { BankCode: '014', BankAccount: accountNumber }, headers: { 'x-registration-id': registrationId }, ip });
  }
  const signup = (token: string, phoneNumber: string, accountNumber: string, names: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: '/auth-service/v1/signup',
      headers: { tokenbank: token, 'x-registration-id': registrations.get(phoneNumber) ?? '' },
      body: { phoneNumber, Password: 'pass-word-1', Confirm_Password: 'pass-word-1', BankAccount: accountNumber, BankCode: '014', dateOfBirth: '1990-01-15', ...names },
    });

  it('answers checkBank with a token and no names, and still checks the account', async () => {
    const phoneNumber = newPhoneNumber();
    const response = await checkBank(newAccountNumber(), phoneNumber);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data)).toEqual(['token']);
    const bad = await checkBank('12345', newPhoneNumber());
    expect(bad.body.code).toBe('INCOMPLETE_BANK_INFO');
  });

  it('refuses signup without typed names, or with names that are not Thai or Latin letters', async () => {
    const phoneNumber = newPhoneNumber();
    const accountNumber = newAccountNumber();
    const { body } = await checkBank(accountNumber, phoneNumber);
    expect((await signup(body.data.token, phoneNumber, accountNumber, {})).body).toMatchObject({ code: 'NAME_REQUIRED', message: ERRORS.NAME_REQUIRED.message });
    expect((await signup(body.data.token, phoneNumber, accountNumber, { firstName: 'สมชาย', lastName: '  ' })).body.code).toBe('NAME_REQUIRED');
    const digits = await signup(body.data.token, phoneNumber, accountNumber, { firstName: 'สมชาย1', lastName: 'ใจดี' });
    expect(digits.status).toBe(400);
    expect(digits.body).toMatchObject({ code: 'HOLDER_NAME_INVALID', message: ERRORS.HOLDER_NAME_INVALID.message });
    expect((await signup(body.data.token, phoneNumber, accountNumber, { firstName: 'สมชายSomchai', lastName: 'ใจดี' })).body.code).toBe('HOLDER_NAME_INVALID');
  });

  it('registers the typed names, normalized, with the account unverified', async () => {
    const phoneNumber = newPhoneNumber();
    const accountNumber = newAccountNumber();
    const { body } = await checkBank(accountNumber, phoneNumber);
    const response = await signup(body.data.token, phoneNumber, accountNumber, { firstName: '  Somchai ', lastName: 'Jai  Dee' });
    expect(response.status).toBe(200);
    const member = await memberRow(phoneNumber);
    expect(member).toMatchObject({ first_name: 'Somchai', last_name: 'Jai Dee', bank_account_verified_at: null, bank_account_verified_by: null });
  });

  it('refuses a token without names for another account (the token still binds phone, bank and account)', async () => {
    const phoneNumber = newPhoneNumber();
    const { body } = await checkBank(newAccountNumber(), phoneNumber);
    const response = await signup(body.data.token, phoneNumber, newAccountNumber(), { firstName: 'สมชาย', lastName: 'ใจดี' });
    expect(response.body.code).toBe('BANK_TOKEN_INVALID');
  });
});

describe('withdrawals wait for a verified account', () => {
  it('refuses a withdrawal from an unverified account with the Thai explanation, reserving nothing', async () => {
    const member = await fundedDeclaredMember('500.00');
    const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(condition.body.data.canWithdraw).toBe(false);
    expect(condition.body.data.reasons).toContainEqual({ code: 'BANK_ACCOUNT_NOT_VERIFIED', message: ERRORS.BANK_ACCOUNT_NOT_VERIFIED.message });

    const refused = await withdraw(member.token, 200);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'BANK_ACCOUNT_NOT_VERIFIED', message: ERRORS.BANK_ACCOUNT_NOT_VERIFIED.message });
    const { rows } = await t.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [member.memberId]);
    expect(rows).toHaveLength(0);
    expect(await mainBalance(t, member.token)).toBe(500);
  });

  it('verifies the account by a credited statement line from it showing the same name, then pays', async () => {
    const member = await fundedDeclaredMember('500.00');
    const line = { ...statementFrom(member, '100.00'), senderName: 'นาย สมชาย ใจดี' };
    const delivered = await postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' });
    expect(delivered.body.data.status).toBe('credited');
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM deposits WHERE event_id = $1', [BigInt(delivered.body.data.eventId)]);
    expect(await memberRow(member.phoneNumber)).toMatchObject({ bank_account_verified_by: `deposit:${rows[0]!.id}` });

    const paid = await withdraw(member.token, 200);
    expect(paid.status).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(400);
    await expectLedgerSound(t);
  });

  it('keeps the account unverified when the sender name differs, and shows the mismatch on the member page', async () => {
    const member = await fundedDeclaredMember('500.00');
    const line = { ...statementFrom(member, '100.00'), senderName: 'นาย สมศักดิ์ รักชาติ' };
    expect((await postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    expect((await memberRow(member.phoneNumber)).bank_account_verified_at).toBeNull();
    expect((await withdraw(member.token, 200)).body.code).toBe('BANK_ACCOUNT_NOT_VERIFIED');

    const page = await staffCall(t, 'GET', `/admin-api/v1/members/${member.memberId}`, undefined, 'support');
    expect(page.status).toBe(200);
    expect(memberProfileResponse.parse(page.body).data.bankAccountVerification).toMatchObject({
      verifiedAt: null,
      verifiedBy: null,
      nameMismatches: [{ senderName: 'นาย สมศักดิ์ รักชาติ', declaredName: 'สมชาย ใจดี', outcome: 'different' }],
    });
  });

  it('is not verified by a deposit that shows the name but came from an account that is not the bound one', async () => {
    const member = await fundedDeclaredMember('500.00');
    // The same visible digits at another bank: the matcher holds it (SENDER_NOT_BOUND); nothing verifies.
    const line = { ...statementFrom(member, '100.00'), senderBankCode: member.bankCode === '004' ? '014' : '004', senderName: 'สมชาย ใจดี' };
    expect((await postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' })).body.data.status).toBe('held');
    expect((await memberRow(member.phoneNumber)).bank_account_verified_at).toBeNull();
  });
});

describe('staff confirm a bank account (members.verify-bank)', () => {
  it('lets finance confirm with a reason, audited, and then the member may withdraw', async () => {
    const member = await fundedDeclaredMember('500.00');
    const url = `/admin-api/v1/members/${member.memberId}/verify-bank`;
    expect((await staffCall(t, 'POST', url, { reason: '' }, 'finance')).status).toBe(400);
    const confirmed = await staffCall(t, 'POST', url, { reason: 'ตรวจสมุดบัญชีธนาคารแล้ว' }, 'finance');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.verifiedBy).toBe('staff:test-finance');
    const audit = await t.db.query<{ actor: string; actor_role: string; reason: string }>(
      `SELECT actor, actor_role, reason FROM audit_log WHERE action = 'member.verify_bank_account' AND subject_id = $1`,
      [member.memberId],
    );
    expect(audit.rows).toEqual([{ actor: 'staff:test-finance', actor_role: 'finance', reason: 'ตรวจสมุดบัญชีธนาคารแล้ว' }]);
    expect((await staffCall(t, 'POST', url, { reason: 'อีกครั้ง' }, 'owner')).body.code).toBe('STATE_CONFLICT');
    expect((await withdraw(member.token, 200)).status).toBe(200);
  });

  it.each(['support', 'marketing', 'auditor'] as const)('refuses %s (not a money role)', async (role) => {
    const member = await fundedDeclaredMember('100.00');
    const response = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/verify-bank`, { reason: 'ตรวจแล้ว' }, role);
    expect(response.status).toBe(403);
    expect((await memberRow(member.phoneNumber)).bank_account_verified_at).toBeNull();
  });
});

describe('a verification racing a withdrawal (real locking on PostgreSQL; serialized on PGlite)', () => {
  it('never pays an unverified account and never deadlocks: the withdrawal sees the account before or after the deposit verifies it', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => fundedDeclaredMember('500.00')));
    const outcomes = await Promise.all(
      members.map(async (member, index) => {
        const line = { ...statementFrom(member, '100.00'), senderName: 'สมชาย ใจดี' };
        const racers: Array<Promise<{ status: number; body: { code?: string } }>> = [
          postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' }),
          withdraw(member.token, 200),
        ];
        // Half of them also meet a staff confirmation: exactly one of the two verifies.
        if (index % 2 === 0) racers.push(staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/verify-bank`, { reason: 'ตรวจแล้ว' }, 'finance'));
        const [deposit, withdrawal, confirmation] = await Promise.all(racers);
        return { member, deposit: deposit!, withdrawal: withdrawal!, confirmation };
      }),
    );
    for (const { member, deposit, withdrawal, confirmation } of outcomes) {
      expect(deposit.status).toBe(200);
      // 409: the deposit's move into the game was on its way (GAME_TRANSFER_PENDING, MEMBER_BUSY), not a verification matter.
      expect([200, 409, 422]).toContain(withdrawal.status);
      if (withdrawal.status === 422) expect(withdrawal.body.code).toBe('BANK_ACCOUNT_NOT_VERIFIED');
      if (withdrawal.status === 409) expect(['GAME_TRANSFER_PENDING', 'MEMBER_BUSY']).toContain(withdrawal.body.code);
      if (confirmation) {
        expect([200, 409]).toContain(confirmation.status);
        if (confirmation.status === 409) expect(confirmation.body.code).toBe('STATE_CONFLICT');
      }
      const row = await memberRow(member.phoneNumber);
      expect(row.bank_account_verified_by).toMatch(confirmation?.status === 200 ? /^staff:test-finance$/ : /^deposit:dep_/);
      const paid = await t.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [member.memberId]);
      expect(paid.rows).toHaveLength(withdrawal.status === 200 ? 1 : 0);
      // Verified now: a withdrawal refused in the race goes through on a second try.
      if (withdrawal.status !== 200) expect((await withdraw(member.token, 200)).status).toBe(200);
    }
    await expectLedgerSound(t);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a withdrawal meeting a verification still uncommitted (PostgreSQL)', () => {
  /** Until another backend waits for a row lock in a statement containing `text`; bounded by attempts, not by a clock. */
  async function untilWaitingOnLock(text: string): Promise<void> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const { rows } = await t.db.query<{ waiting: bigint }>(
        `SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
        [`%${text}%`],
      );
      if (rows[0]!.waiting > 0n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`nobody waited on a lock in "${text}"`);
  }

  it('waits for it and pays once it commits, rather than reading the account as it was', async () => {
    const member = await fundedDeclaredMember('500.00');
    let withdrawal: ReturnType<typeof withdraw> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE members SET bank_account_verified_at = now(), bank_account_verified_by = 'staff:race-test' WHERE id = $1`, [member.memberId]);
      withdrawal = withdraw(member.token, 200);
      await untilWaitingOnLock('FOR SHARE OF m');
    });
    expect((await withdrawal!).status).toBe(200);
  });

  it('refuses once a verification that waited is rolled back', async () => {
    const member = await fundedDeclaredMember('500.00');
    let withdrawal: ReturnType<typeof withdraw> | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.query(`UPDATE members SET bank_account_verified_at = now(), bank_account_verified_by = 'staff:race-test' WHERE id = $1`, [member.memberId]);
        withdrawal = withdraw(member.token, 200);
        await untilWaitingOnLock('FOR SHARE OF m');
        throw new Error('roll back');
      })
      .catch((error: unknown) => expect((error as Error).message).toBe('roll back'));
    expect((await withdrawal!).body.code).toBe('BANK_ACCOUNT_NOT_VERIFIED');
  });
});
