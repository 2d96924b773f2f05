import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransfersOfSource, readTransferTimes } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, refundHeldDepositAsStaff, setRoleDailyLimit, staffCall, statementFrom } from '../../test/money-helpers.ts';

/**
 * Issue 12, AML review (docs/adr/0021): a matched deposit above the site's amlReviewAboveSatang is
 * held with reason AML_REVIEW before it reaches play; finance release it to the member (credited
 * like an automatic credit, once) or refund it. And player protection on the deposit path under
 * concurrency: a deposit arriving while the member starts a self-exclusion.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Issue 25 §1: finance credits and refunds alone within a daily limit.
  await setRoleDailyLimit(t, 'finance', 10_000_000);
  // The matcher's own review threshold above the AML one, so the AML rule is the one that holds.
  const set = await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { depositReviewThreshold: 90_000, amlReviewAbove: 5_000 }, reason: 'ทดสอบเกณฑ์ AML' });
  expect(set.status).toBe(200);
  expect(set.body.data).toMatchObject({ amlReviewAbove: 5_000 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

async function member() {
  const details = await t.signUp();
  return { ...details, token: await t.logIn(details.phoneNumber, details.password) };
}
const deposit = (who: { bankCode: string; accountNumber: string }, amount: string) => postFeed(t, 'statement', statementFrom(who, amount), { sourceId: 'src_statement_bbl' });
const depositOf = async (phoneNumber: string, amountSatang: bigint) =>
  (await t.db.query<{ id: string; status: string; hold_reason: string | null }>(
    'SELECT d.id, d.status, d.hold_reason FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.phone_number = $1 AND d.amount_satang = $2',
    [phoneNumber, amountSatang],
  )).rows;

describe('AML review of large deposits (issue 12)', () => {
  it('refuses to assign a held deposit to a member in a time-out: nothing is credited, the deposit stays held for a refund', async () => {
    const m = await member();
    const timeout = await t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token: m.token, body: { kind: 'timeout', period: '24h' } });
    expect(timeout.status).toBe(200);
    // From an account no member has: held, unmatched.
    const unmatched = await deposit({ bankCode: '014', accountNumber: '4000000008' }, '321.00');
    expect(unmatched.body.data.status).toBe('held');
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM deposits WHERE status = 'held' AND amount_satang = 32100 AND member_id IS NULL`);
    expect(rows).toHaveLength(1);
    const assign = await staffCall(t, 'POST', `/admin-api/v1/deposits/${rows[0]!.id}/assign`, { memberPhoneNumber: m.phoneNumber }, 'finance');
    expect(assign).toMatchObject({ status: 409, body: { code: 'STATE_CONFLICT' } });
    expect(await mainBalance(t, m.token)).toBe(0);
    const after = await t.db.query<{ status: string; member_id: string | null }>('SELECT status, member_id FROM deposits WHERE id = $1', [rows[0]!.id]);
    expect(after.rows).toEqual([{ status: 'held', member_id: null }]);
  });

  it('holds a deposit above the AML amount, credits one at it; only the owner changes the amount', async () => {
    const m = await member();
    expect((await deposit(m, '5000.00')).body.data.status).toBe('credited');
    const large = await deposit(m, '5000.01');
    expect(large.body.data).toMatchObject({ status: 'held', reason: 'AML_REVIEW' });
    expect(await mainBalance(t, m.token)).toBe(5000);
    const held = await staffCall(t, 'GET', '/admin-api/v1/deposits/held?limit=200', undefined, 'finance');
    expect(held.body.data).toContainEqual(expect.objectContaining({ holdReason: 'AML_REVIEW', memberPhoneNumber: m.phoneNumber, Amount: 5000.01 }));
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { amlReviewAbove: 1 }, reason: 'x' }, 'finance')).status).toBe(403);
  });

  it('releases to the member once, even when two releases race: one credit, one deposit.credited, one audit row', async () => {
    const m = await member();
    await deposit(m, '7000.00');
    const [held] = await depositOf(m.phoneNumber, 700_000n);
    expect(held).toMatchObject({ status: 'held', hold_reason: 'AML_REVIEW' });
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${held!.id}/release`, { note: 'ตรวจแล้ว' }, 'support')).status).toBe(403);
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${held!.id}/release`, { note: ' ' }, 'finance')).body.code).toBe('VALIDATION_FAILED');
    const answers = await Promise.all([1, 2].map(() => staffCall(t, 'POST', `/admin-api/v1/deposits/${held!.id}/release`, { note: 'ตรวจแหล่งที่มาแล้ว' }, 'finance')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.data.status)).toEqual(['credited', 'credited']);
    expect(await mainBalance(t, m.token)).toBe(7000);
    const credits = (await listTransfersOfSource(t.db, { id: held!.id, type: 'deposit' })).filter((transfer) => transfer.code === 'DEPOSIT');
    expect(credits).toHaveLength(1);
    const { rows } = await t.db.query<{ events: bigint; audits: bigint }>(
      `SELECT (SELECT count(*) FROM outbox_events WHERE kind = 'deposit.credited' AND payload->>'depositId' = $1) AS events,
              (SELECT count(*) FROM audit_log WHERE action = 'deposit.release' AND subject_id = $1) AS audits`,
      [held!.id],
    );
    expect(rows[0]).toEqual({ events: 1n, audits: 1n });
    expect((await depositOf(m.phoneNumber, 700_000n))[0]).toMatchObject({ status: 'credited' });
    // A deposit not held for AML cannot be "released".
    await deposit(m, '100.00');
    const [small] = await depositOf(m.phoneNumber, 10_000n);
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${small!.id}/release`, { note: 'x' }, 'finance')).body.code).toBe('STATE_CONFLICT');
  });

  it('refunds an AML-held deposit instead, and then it cannot be released', async () => {
    const m = await member();
    await deposit(m, '6000.00');
    const [held] = await depositOf(m.phoneNumber, 600_000n);
    const refund = await refundHeldDepositAsStaff(t, held!.id, { bankCode: m.bankCode, accountNumber: m.accountNumber }, { note: 'ไม่ผ่านการตรวจสอบ AML' });
    expect(refund.status).toBe('refunded');
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${held!.id}/release`, { note: 'x' }, 'finance')).body.code).toBe('STATE_CONFLICT');
    expect(await mainBalance(t, m.token)).toBe(0);
  });
});

describe('a deposit arriving while the member starts a self-exclusion (issue 12)', () => {
  it('is credited before the exclusion, or held and paid back exactly once — never credited during it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const m = await member();
      const line = statementFrom(m, '300.00');
      const [exclusion, first, second] = await Promise.all([
        t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token: m.token, body: { kind: 'self_exclusion', period: '6m' } }),
        postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' }),
        postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' }),
      ]);
      expect(exclusion.status).toBe(200);
      expect(first.body.data.eventId).toBe(second.body.data.eventId);
      const { rows } = await t.db.query<{ status: string; hold_reason: string | null; credit_transfer_id: bigint | null; starts_at: Date; refunds: bigint }>(
        `SELECT d.status, d.hold_reason, d.credit_transfer_id, e.starts_at,
                (SELECT count(*) FROM deposit_refunds r WHERE r.deposit_id = d.id AND r.status = 'paid') AS refunds
         FROM deposits d JOIN members m ON m.id = d.member_id JOIN responsible_gaming_exclusions e ON e.member_id = m.id
         WHERE m.phone_number = $1`,
        [m.phoneNumber],
      );
      expect(rows).toHaveLength(1);
      const [row] = rows;
      if (row!.status === 'credited') {
        const creditedAt = (await readTransferTimes(t.db, [row!.credit_transfer_id!])).get(row!.credit_transfer_id!);
        expect(creditedAt!.getTime()).toBeLessThanOrEqual(row!.starts_at.getTime());
        expect(await mainBalance(t, m.token)).toBe(300);
      } else {
        expect(row).toMatchObject({ status: 'refunded', hold_reason: 'RG_EXCLUDED', refunds: 1n });
        expect(await mainBalance(t, m.token)).toBe(0);
      }
    }
  });

  it('is held and paid back exactly once when the exclusion is already being recorded (delivered twice)', async () => {
    const m = await member();
    await t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token: m.token, body: { kind: 'timeout', period: '24h' } });
    const line = statementFrom(m, '250.00');
    const answers = await Promise.all([1, 2, 3].map(() => postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' })));
    expect(new Set(answers.map((answer) => answer.body.data.eventId)).size).toBe(1);
    const { rows } = await t.db.query<{ status: string; refunds: bigint }>(
      `SELECT d.status, (SELECT count(*) FROM deposit_refunds r WHERE r.deposit_id = d.id AND r.status = 'paid') AS refunds
       FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.phone_number = $1`,
      [m.phoneNumber],
    );
    expect(rows).toEqual([{ status: 'refunded', refunds: 1n }]);
  });
});
