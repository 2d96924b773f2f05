import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@sabai/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildRewardsHttp, expectRewardsSound, newMember, walletSatang, type RewardsHttp } from './rewards-test-kit.ts';
import { redeemItemCode } from './redeem-item-code.ts';
import { readTransfer } from '@sabai/ledger';
import { approveAs } from '../../test/money-helpers.ts';

let t: TestApp;
let http: RewardsHttp;
beforeAll(async () => {
  t = await createTestApp();
  http = await buildRewardsHttp(t);
});
afterAll(async () => {
  await expectRewardsSound(t);
  await http.app.close();
  await t.close();
});

const DAY_MS = 86_400_000;
let codeCounter = 0;
/** A fresh code name per test, so tests never share a code's uses. */
const newCode = (prefix = 'CODE') => `${prefix}${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;

const createCode = (body: { code: string; amount: unknown; totalUses: number; expiresAt: string }) => http.call({ method: 'POST', url: '/admin-api/v1/item-codes', asStaff: true, body });
async function givenCode(options: { amount?: number; totalUses?: number; expiresInMs?: number } = {}): Promise<string> {
  const code = newCode();
  const created = await createCode({ code, amount: options.amount ?? 50, totalUses: options.totalUses ?? 100, expiresAt: new Date(Date.now() + (options.expiresInMs ?? DAY_MS)).toISOString() });
  if (created.status !== 200) throw new Error(`code not created: ${JSON.stringify(created.body)}`);
  // Issue 25 §1: a code pays only once a money role approved its liability.
  const approved = await approveAs(t, created.body.data.approvalId, 'finance');
  if (approved.status !== 200) throw new Error(`code not approved: ${JSON.stringify(approved.body)}`);
  return code;
}
/** Makes a code expired without waiting: the database forbids creating one in the past. */
const expire = (code: string) => t.db.query(`UPDATE item_codes SET expires_at = created_at + interval '1 millisecond' WHERE code = $1`, [code]);
const redeem = (token: string, redeemCode: unknown) => http.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token, body: { redeem_code: redeemCode } });
const redemptionCount = async (code: string) => (await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM item_code_redemptions WHERE code = $1', [code])).rows[0]?.count;

describe('POST /user-profile-composite/v1/topup/itemcode/redeem', () => {
  it('credits the code to the main wallet, trimmed and upper-cased, once', async () => {
    const code = await givenCode({ amount: 150.25 });
    const member = await newMember(t);
    const response = await redeem(member.token, `  ${code.toLowerCase()} `);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'เติมเครดิตจากโค้ดสำเร็จ', data: { code, Amount: 150.25 } });
    expect(await walletSatang(t, member.memberId, 'main')).toBe(15_025n);
    const redemption = await t.db.query<{ transfer_id: bigint }>('SELECT transfer_id FROM item_code_redemptions WHERE code = $1', [code]);
    expect(redemption.rows).toHaveLength(1);
    const transfer = await readTransfer(t.db, redemption.rows[0]!.transfer_id);
    expect(transfer).toMatchObject({ code: 'ITEM_CODE', idempotencyKey: `item-code:${code}:${member.memberId}` });
  });

  it('makes the credit carry a wagering requirement of the code\'s turnover multiple (default 1×), like a bonus (issue 25 §1)', async () => {
    const code = await givenCode({ amount: 40 });
    const tripled = await givenCode({ amount: 40 });
    await t.db.query('UPDATE item_codes SET turnover_multiple = 3 WHERE code = $1', [tripled]);
    const member = await newMember(t);
    expect((await redeem(member.token, code)).status).toBe(200);
    expect((await redeem(member.token, tripled)).status).toBe(200);
    const { rows } = await t.db.query<{ source_type: string; credited_satang: bigint; required_satang: bigint }>(
      `SELECT source_type, credited_satang, required_satang FROM wagering_requirements WHERE member_id = $1 AND status = 'active' ORDER BY required_satang`, [member.memberId],
    );
    expect(rows.map((row) => [row.source_type, BigInt(row.credited_satang), BigInt(row.required_satang)])).toEqual([['item_code', 4_000n, 4_000n], ['item_code', 4_000n, 12_000n]]);
  });

  it.each([
    ['a code nobody created', 'ITEM_CODE_NOT_FOUND', 404, async () => 'NOSUCHCODE1'],
    ['a code past its expiry', 'ITEM_CODE_EXPIRED', 422, async () => {
      const code = await givenCode();
      await expire(code);
      return code;
    }],
    ['a code whose uses others took', 'ITEM_CODE_USED_UP', 422, async () => {
      const code = await givenCode({ totalUses: 1 });
      await redeemItemCode(t.context, { memberId: (await newMember(t)).memberId, code });
      return code;
    }],
  ])('refuses %s with %s and its message, crediting nothing', async (_why, errorCode, status, arrange) => {
    const code = await arrange();
    const member = await newMember(t);
    const response = await redeem(member.token, code);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, code: errorCode, message: ERRORS[errorCode as keyof typeof ERRORS].message, data: null });
    expect(await walletSatang(t, member.memberId, 'main')).toBe(0n);
  });

  it.each([
    ['the same member twice (once per member, money.md)', async () => undefined],
    // The member's own success is the more useful answer than what happened to the code since.
    ['the same member after the code ran out', async (code: string) => void (await redeemItemCode(t.context, { memberId: (await newMember(t)).memberId, code }))],
    ['the same member after the code expired', async (code: string) => void (await expire(code))],
  ])('refuses %s with ITEM_CODE_ALREADY_REDEEMED', async (_why, afterFirst) => {
    const code = await givenCode({ amount: 20, totalUses: 2 });
    const member = await newMember(t);
    expect((await redeem(member.token, code)).status).toBe(200);
    await afterFirst(code);
    const again = await redeem(member.token, code);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ITEM_CODE_ALREADY_REDEEMED', message: 'คุณใช้โค้ดนี้ไปแล้ว' });
    expect(await walletSatang(t, member.memberId, 'main')).toBe(2_000n);
  });

  it.each([
    ['too short to be a code', 'AB1'],
    ['with characters no code has', 'ABC-123'],
    ['not a string', 12345],
    ['missing', undefined],
    ['longer than any code could be', 'A'.repeat(65)],
  ])('answers a redeem_code %s with ITEM_CODE_NOT_FOUND', async (_why, value) => {
    const member = await newMember(t);
    const response = await http.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token: member.token, body: value === undefined ? {} : { redeem_code: value } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('ITEM_CODE_NOT_FOUND');
  });

  it('needs a member session', async () => {
    const response = await redeem('not-a-session', 'ANYCODE1');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('stops a member guessing codes after 10 misses in 15 minutes, before looking the code up', async () => {
    const releaseClock = t.holdClock(); // a fixed window: the test must not cross its end
    try {
      const code = await givenCode();
      const member = await newMember(t);
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await redeem(member.token, `GUESS${attempt}XYZ`)).body.code).toBe('ITEM_CODE_NOT_FOUND');
      const limited = await redeem(member.token, code);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(await walletSatang(t, member.memberId, 'main')).toBe(0n);
    } finally {
      releaseClock();
    }
  });

  it('has exactly one effect when one member redeems one code 50 times at once', async () => {
    const code = await givenCode({ amount: 30, totalUses: 100 });
    const member = await newMember(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => redeem(member.token, code)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    // The rest are refused: already redeemed, or over the member's redemption rate limit (issue 13 §3.4).
    expect(responses.filter((response) => ['ITEM_CODE_ALREADY_REDEEMED', 'RATE_LIMITED'].includes(String(response.body.code)))).toHaveLength(49);
    expect(await walletSatang(t, member.memberId, 'main')).toBe(3_000n);
    expect(await redemptionCount(code)).toBe(1n);
  });

  it('lets exactly 3 of 10 members redeem a code of 3 uses at once', async () => {
    const code = await givenCode({ amount: 40, totalUses: 3 });
    const members = await Promise.all(Array.from({ length: 10 }, () => newMember(t)));
    const responses = await Promise.all(members.map((member) => redeem(member.token, code)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.body.code === 'ITEM_CODE_USED_UP')).toHaveLength(7);
    const balances = await Promise.all(members.map((member) => walletSatang(t, member.memberId, 'main')));
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(12_000n);
    expect(await redemptionCount(code)).toBe(3n);
    const row = await t.db.query<{ redeemed_count: number }>('SELECT redeemed_count FROM item_codes WHERE code = $1', [code]);
    expect(row.rows[0]?.redeemed_count).toBe(3);
  });

  it('cannot count past total_uses even if code forgot to check (database CHECK)', async () => {
    const code = await givenCode({ totalUses: 1 });
    await t.db.query('UPDATE item_codes SET redeemed_count = 1 WHERE code = $1', [code]);
    await expect(t.db.query('UPDATE item_codes SET redeemed_count = 2 WHERE code = $1', [code])).rejects.toThrow(/item_codes_redeemed_within_total/);
    await t.db.query('UPDATE item_codes SET redeemed_count = 0 WHERE code = $1', [code]);
  });
});

describe('/admin-api/v1/item-codes', () => {
  it('creates a code, audits it and lists it with its uses', async () => {
    const code = newCode('PROMO');
    const expiresAt = new Date(Date.now() + 7 * DAY_MS).toISOString();
    const created = await createCode({ code: code.toLowerCase(), amount: 99.5, totalUses: 5, expiresAt });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code, Amount: 99.5, totalUses: 5, redeemedCount: 0, expiresAt, isExpired: false, createdBy: 'staff:test-marketing', approvalStatus: 'pending' });
    expect((await approveAs(t, created.body.data.approvalId, 'finance')).status).toBe(200);
    await redeemItemCode(t.context, { memberId: (await newMember(t)).memberId, code });

    const list = await http.call({ method: 'GET', url: '/admin-api/v1/item-codes?limit=200', asStaff: true });
    expect(list.body.data.find((row: { code: string }) => row.code === code)).toMatchObject({ redeemedCount: 1, totalUses: 5 });
    const audit = await t.db.query<{ actor: string; details: unknown }>(`SELECT actor, details FROM audit_log WHERE action = 'item_code.create' AND subject_id = $1`, [code]);
    expect(audit.rows).toEqual([{ actor: 'staff:test-marketing', details: expect.objectContaining({ amountSatang: '9950', totalUses: 5 }) }]);
  });

  it.each([
    ['a code that exists (codes are unique)', 'existing', 50, 1, DAY_MS, 409, 'STATE_CONFLICT'],
    ['a code with a dash', 'BAD-CODE', 50, 1, DAY_MS, 400, 'VALIDATION_FAILED'],
    ['an amount with three decimals', 'fresh', 10.005, 1, DAY_MS, 400, 'INVALID_AMOUNT'],
    ['a zero amount', 'fresh', 0, 1, DAY_MS, 400, 'INVALID_AMOUNT'],
    ['more than 100,000 baht per redemption', 'fresh', 100_000.01, 1, DAY_MS, 400, 'INVALID_AMOUNT'],
    ['zero uses', 'fresh', 50, 0, DAY_MS, 400, 'VALIDATION_FAILED'],
    ['an expiry in the past (it could never be redeemed)', 'fresh', 50, 1, -DAY_MS, 400, 'VALIDATION_FAILED'],
  ])('refuses %s', async (_why, codeKind, amount, totalUses, expiresInMs, status, errorCode) => {
    const code = codeKind === 'existing' ? await givenCode() : codeKind === 'fresh' ? newCode() : codeKind;
    const response = await createCode({ code, amount, totalUses, expiresAt: new Date(Date.now() + expiresInMs).toISOString() });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(errorCode);
  });

  it('is for staff only', async () => {
    const response = await http.call({ method: 'GET', url: '/admin-api/v1/item-codes', headers: { authorization: 'Bearer wrong' } });
    expect(response.status).toBe(401);
  });
});
