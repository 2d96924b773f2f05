import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, staffCall } from '../../test/money-helpers.ts';
import { lastCompletedPeriod } from '../cashback/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

let roundSeq = 0;
/** A member with a settled net loss of `lossSatang` inside the last completed reward period. */
async function memberWithLoss(lossSatang: bigint): Promise<string> {
  const member = await t.signUp();
  const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber])).rows[0]!.id;
  await addLoss(memberId, lossSatang);
  return memberId;
}

async function addLoss(memberId: string, lossSatang: bigint): Promise<void> {
  const at = new Date(lastCompletedPeriod(t.context.now(), t.context.config.CASHBACK_PERIOD_MINUTES).fromUtc.getTime() + 1_000);
  roundSeq += 1;
  await t.db.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
     VALUES ('sabai-sandbox', $1, $2, 'sabai-slot-golden-elephant', $3, 0, 'loss', 'settled', $4)`,
    [`rj-${memberId}-${roundSeq}`, memberId, lossSatang, at],
  );
}

const cashbackOf = async (memberId: string) =>
  (await t.db.query<{ total: string | null }>('SELECT sum(cashback_satang)::text AS total FROM cashback_accruals WHERE member_id = $1', [memberId])).rows[0]!.total;

describe('a staff "run now" of a paying reward job goes through maker-checker (issue 25 §1)', () => {
  it('one staff member alone cannot make a paying run above their limit; a second person approves; the run pays once', async () => {
    const memberId = await memberWithLoss(100_000n); // 1,000 baht lost → 5% = 50 baht
    const asked = await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'marketing');
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ job: 'cashback', status: 'pending', count: 0 });
    expect(asked.body.data.total).toBeGreaterThanOrEqual(50);
    expect(await cashbackOf(memberId)).toBeNull();
    const again = await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'marketing');
    expect(again.body.data.approvalId).toBe(asked.body.data.approvalId);

    const approvalId = asked.body.data.approvalId as string;
    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/approve`, {}, 'marketing')).status).toBe(403);
    const approved = await staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/approve`, {}, 'finance');
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('executed');
    expect(await cashbackOf(memberId)).toBe('5000');

    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/approve`, {}, 'owner')).status).toBe(409);
    const rerun = await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'finance');
    expect(rerun.body.data).toMatchObject({ status: 'executed', count: 0, total: 0 });
    expect(await cashbackOf(memberId)).toBe('5000');
  });

  it('refuses to pay on approval when the period’s total changed since the request, and pays nothing', async () => {
    const memberId = await memberWithLoss(200_000n);
    const asked = await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'marketing');
    expect(asked.body.data.status).toBe('pending');
    await addLoss(memberId, 100_000n);
    const refused = await staffCall(t, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'finance');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('REWARD_JOB_TOTAL_CHANGED');
    expect(await cashbackOf(memberId)).toBeNull();
    const status = await t.db.query<{ status: string }>('SELECT status FROM money_approvals WHERE id = $1', [asked.body.data.approvalId]);
    expect(status.rows[0]!.status).toBe('pending');
  });

  it('routes a paying affiliate run the same way: pending for marketing, paid on approval', async () => {
    const referrer = await t.signUp();
    const referrerId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [referrer.phoneNumber])).rows[0]!.id;
    const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
    const referredId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [referred.phoneNumber])).rows[0]!.id;
    await addLoss(referredId, 100_000n);
    const asked = await staffCall(t, 'POST', '/admin-api/v1/jobs/affiliate', undefined, 'marketing');
    expect(asked.body.data).toMatchObject({ job: 'affiliate', status: 'pending', count: 0 });
    const approved = await staffCall(t, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'owner');
    expect(approved.body.data.status).toBe('executed');
    const paid = await t.db.query('SELECT 1 FROM affiliate_commissions WHERE referrer_member_id = $1', [referrerId]);
    expect(paid.rowCount).toBeGreaterThan(0);
  });
});
