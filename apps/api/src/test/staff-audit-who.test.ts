import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { fundedMember, postFeed, setRoleDailyLimit, staffCall, statementFrom } from './money-helpers.ts';

/**
 * Issue 11 "Audit": every staff action's row carries who (actor), their role and the address the
 * request came from. These are the routes whose rows had neither before requireStaff returned them
 * (plugins/staff-auth.ts); app.inject's client address is 127.0.0.1. The affiliate-withdrawal decisions
 * and game-case resolution are checked where their long setup is (affiliate.test.ts, game-settlement.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Issue 25 §1: finance credits and refunds alone within a daily limit.
  await setRoleDailyLimit(t, 'finance', 10_000_000);
});
afterAll(async () => t.close());

const ADDRESS = '127.0.0.1';

/** The newest audit row of `action` (on `subjectId` when given). */
async function auditRow(action: string, subjectId?: string) {
  const { rows } = await t.db.query<{ actor: string; actor_role: string | null; address: string | null }>(
    `SELECT actor, actor_role, address FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR subject_id = $2) ORDER BY seq DESC LIMIT 1`,
    [action, subjectId ?? null],
  );
  if (!rows[0]) throw new Error(`no audit row ${action} ${subjectId ?? ''}`);
  return rows[0];
}

const heldDepositFrom = async (sender: { bankCode: string; accountNumber: string }, amount: string): Promise<string> => {
  const answer = await postFeed(t, 'statement', statementFrom(sender, amount), { sourceId: 'src_statement_bbl' });
  expect(answer.body.data).toMatchObject({ status: 'held' });
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM deposits WHERE status = 'held' ORDER BY created_at DESC LIMIT 1`);
  return rows[0]!.id;
};

describe('staff audit rows carry the role and the address (issue 11 "Audit")', () => {
  it('withdrawal approve and reject', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const member = await fundedMember(t, '9000.00');
      const requested = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 6000, Channel: 'BANK' } });
      ids.push(String(requested.body.data.withdrawalId));
    }
    expect((await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${ids[0]}/approve`, {}, 'finance')).status).toBe(200);
    expect((await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${ids[1]}/reject`, { reason: 'ชื่อบัญชีไม่ตรง' }, 'finance')).status).toBe(200);
    expect(await auditRow('withdrawal.approve', ids[0])).toEqual({ actor: 'staff:test-finance', actor_role: 'finance', address: ADDRESS });
    expect(await auditRow('withdrawal.reject', ids[1])).toEqual({ actor: 'staff:test-finance', actor_role: 'finance', address: ADDRESS });
  });

  it('held deposits: assign, refund, release', async () => {
    const member = await t.signUp();
    // From an account no member has: held, unmatched; assigned to the member.
    const unmatched = await heldDepositFrom({ bankCode: '014', accountNumber: '4000000018' }, '321.00');
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${unmatched}/assign`, { memberPhoneNumber: member.phoneNumber }, 'finance')).status).toBe(200);
    expect(await auditRow('deposit.assign', unmatched)).toMatchObject({ actor_role: 'finance', address: ADDRESS });
    // Above the AML amount (5,000.00 here; the matcher's own review threshold above it): held for review; one is released, one refunded.
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { depositReviewThreshold: 90_000, amlReviewAbove: 5_000 }, reason: 'ทดสอบเกณฑ์ AML' })).status).toBe(200);
    const released = await heldDepositFrom(member, '7000.00');
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${released}/release`, { note: 'ตรวจแล้ว' }, 'finance')).status).toBe(200);
    expect(await auditRow('deposit.release', released)).toMatchObject({ actor_role: 'finance', address: ADDRESS });
    const refunded = await heldDepositFrom(member, '7000.01');
    // Issue 25 §1: the statement names no sender here, so the destination's name is typed again and finance approves.
    const check = await staffCall(t, 'POST', `/admin-api/v1/deposits/${refunded}/refund-check`, { bankCode: member.bankCode, accountNumber: member.accountNumber }, 'owner');
    const refund = await staffCall(t, 'POST', `/admin-api/v1/deposits/${refunded}/refund`, { note: 'โอนคืนผู้โอน', bankCode: member.bankCode, accountNumber: member.accountNumber, confirmation: check.body.data.destinationName }, 'owner');
    expect(refund.body.data.status).toBe('pending_approval');
    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${refund.body.data.approvalId}/approve`, {}, 'finance')).status).toBe(200);
    expect(await auditRow('deposit.refund', refunded)).toMatchObject({ actor_role: 'owner', address: ADDRESS });
  });

  it('the game reconciliation run and the scheduled jobs run now', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/game/reconciliation/run', undefined, 'finance')).status).toBe(200);
    expect(await auditRow('game_reconciliation.run')).toEqual({ actor: 'staff:test-finance', actor_role: 'finance', address: ADDRESS });
    for (const job of ['pull-bet-records', 'cashback', 'affiliate']) {
      expect((await staffCall(t, 'POST', `/admin-api/v1/jobs/${job}`)).status).toBe(200);
      expect(await auditRow(`job.${job}`)).toEqual({ actor: 'staff:test-owner', actor_role: 'owner', address: ADDRESS });
    }
  });

  it('an outbox delivery sent again', async () => {
    // A delivery the worker gave up on: a credited deposit's follow-up (staged: only the move into the game runs again), marked dead.
    const { rows } = await t.db.query<{ event_id: string }>(
      `UPDATE outbox_deliveries SET status = 'dead', last_error = 'gave up' WHERE (event_id, handler) = (
         SELECT d.event_id, d.handler FROM outbox_deliveries d WHERE d.handler = 'deposit-follow-up' AND d.status = 'done' ORDER BY d.event_id LIMIT 1)
       RETURNING event_id::text`,
    );
    const eventId = rows[0]!.event_id;
    const retried = await staffCall(t, 'POST', `/admin-api/v1/outbox/deliveries/${eventId}/deposit-follow-up/retry`);
    expect(retried.body).toMatchObject({ success: true });
    expect(await auditRow('outbox.retry', `${eventId}/deposit-follow-up`)).toMatchObject({ actor_role: 'owner', address: ADDRESS });
  });

  it('an item code created, a feed source watched and its secret rotated', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code: 'AUDITWHO01', amount: 10, totalUses: 1, expiresAt: '2099-01-01T00:00:00+07:00' })).body).toMatchObject({ success: true });
    expect(await auditRow('item_code.create')).toMatchObject({ actor_role: 'owner', address: ADDRESS });
    const watched = await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_sms_kbank/monitoring', { isSilenceMonitored: true, maxSilenceMinutes: 90, activeFrom: '08:00', activeTo: '22:00' });
    expect(watched.status).toBe(200);
    expect(await auditRow('feed_source.set_monitoring', 'src_sms_kbank')).toMatchObject({ actor_role: 'owner', address: ADDRESS });
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_sms_kbank/rotate-secret', {})).status).toBe(200);
    expect(await auditRow('feed_source.rotate_secret', 'src_sms_kbank')).toMatchObject({ actor_role: 'owner', address: ADDRESS });
  });
});
