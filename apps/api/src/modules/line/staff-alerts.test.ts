import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, setPayoutFault } from '../../test/money-helpers.ts';
import type { OutboxEvent } from '../outbox/index.ts';
import { startSilenceAlarms } from '../deposits/index.ts';
import { createLineClient } from './line-client.ts';
import { notifyStaffGroupByLine } from './notify-staff.ts';
import { LineRetryableError } from './notify-member.ts';
import { runOutboxInline } from '../../worker/run-outbox-inline.ts';

/**
 * Issue 25 §4: the staff group on LINE hears a withdrawal waiting for approval, a failed payout and
 * a silent feed source, through the outbox and the sandbox's LINE simulator, each at most once.
 */
let t: TestApp;
let groupId: string;
const sandboxHeaders = { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' };

beforeAll(async () => {
  t = await createTestApp();
  const created = await fetch(`${t.sandboxUrl}/sandbox/v1/line/groups`, { method: 'POST', headers: sandboxHeaders, body: JSON.stringify({ name: 'เจ้าหน้าที่ Sabai' }) }).then((response) => response.json()) as { groupId: string };
  groupId = created.groupId;
  (t.context.config as { LINE_STAFF_GROUP_ID?: string }).LINE_STAFF_GROUP_ID = groupId;
});
afterAll(async () => t.close());

async function groupTexts(): Promise<string[]> {
  const group = await fetch(`${t.sandboxUrl}/sandbox/v1/line/users/${groupId}`, { headers: sandboxHeaders }).then((response) => response.json()) as { chat: Array<{ messages: Array<{ text?: string }> }> };
  return group.chat.flatMap((entry) => entry.messages.map((message) => message.text ?? ''));
}

const withdraw = (token: string, amount: number) => t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: amount, Channel: 'BANK', minWithdraw: 100 } });

async function storedEvent(eventKey: string): Promise<OutboxEvent> {
  const { rows } = await t.db.query<{ id: bigint; event_key: string; kind: OutboxEvent['kind']; member_id: string | null; payload: OutboxEvent['payload']; created_at: Date }>(
    'SELECT id, event_key, kind, member_id, payload, created_at FROM outbox_events WHERE event_key = $1', [eventKey],
  );
  const row = rows[0]!;
  return { id: BigInt(row.id), eventKey: row.event_key, kind: row.kind, memberId: row.member_id, payload: row.payload, createdAt: row.created_at };
}

describe('staff alerts on LINE', () => {
  it('tells the group of a withdrawal waiting for approval, not of one paid at once', async () => {
    const member = await fundedMember(t, '20000.00');
    const before = (await groupTexts()).length;
    const small = await withdraw(member.token, 200);
    expect(small.status).toBe(200);
    expect((await groupTexts()).length).toBe(before);
    const large = await withdraw(member.token, 6000);
    expect(large.body.data.Status).toBe(2);
    const texts = await groupTexts();
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)).toContain('ถอนเงินรออนุมัติ 6,000.00 บาท');
    expect(texts.at(-1)).toContain(large.body.data.withdrawalId);
  });

  it('tells the group of a failed payout with the bank\'s reason in Thai', async () => {
    const member = await fundedMember(t, '500.00');
    await setPayoutFault(t, 'fail');
    try {
      expect((await withdraw(member.token, 300)).body.code).toBe('WITHDRAW_FAILED');
    } finally {
      await setPayoutFault(t, 'ok');
    }
    const text = (await groupTexts()).at(-1) ?? '';
    expect(text).toContain('จ่ายเงินถอนไม่สำเร็จ 300.00 บาท');
    expect(text).toMatch(/สาเหตุ: \S+/);
  });

  it('tells the group once when a feed source (an SMS phone) goes silent', async () => {
    await t.db.query(
      `INSERT INTO bank_feed_sources (id, kind, protocol, channel_id, secret, active_from_minute, active_to_minute, created_at)
       VALUES ('src_gw_staff_alert', 'sms', 'sms_gateway', 'chn_kbank_main', 'staff-alert-secret-000000001', 0, 1440, now() - interval '2 hours')`,
    );
    const started = await startSilenceAlarms(t.context);
    expect(started.map((source) => source.sourceId)).toContain('src_gw_staff_alert');
    expect(await startSilenceAlarms(t.context)).toEqual([]);
    await runOutboxInline(t.context);
    const texts = (await groupTexts()).filter((text) => text.includes('src_gw_staff_alert'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('เงียบมา');
  });

  it('pushes once however often the delivery runs, and retries a 500 with the same retry key', async () => {
    const member = await fundedMember(t, '20000.00');
    const answer = await withdraw(member.token, 7000);
    const outboxEvent = await storedEvent(`withdrawal.requested:${answer.body.data.withdrawalId}`);
    // The inline outbox sent it already: the same delivery again sends nothing.
    const client = createLineClient(t.context.config);
    expect(await notifyStaffGroupByLine(t.context, client, outboxEvent)).toBe('already');
    // A fresh row (as if the first push had never been tried) meets a LINE answering 500 once.
    await t.db.query('DELETE FROM staff_line_alerts WHERE event_id = $1', [outboxEvent.id]);
    await fetch(`${t.sandboxUrl}/sandbox/v1/line/faults`, { method: 'POST', headers: sandboxHeaders, body: JSON.stringify({ status: 500, count: 1 }) });
    await expect(notifyStaffGroupByLine(t.context, client, outboxEvent)).rejects.toBeInstanceOf(LineRetryableError);
    expect(await notifyStaffGroupByLine(t.context, client, outboxEvent)).toBe('sent');
    expect(await notifyStaffGroupByLine(t.context, client, outboxEvent)).toBe('already');
    const pushes = (await fetch(`${t.sandboxUrl}/sandbox/v1/line/pushes`, { headers: sandboxHeaders }).then((response) => response.json()) as { pushes: Array<{ to: string; status: number; retryKey: string | null }> }).pushes;
    const row = (await t.db.query<{ retry_key: string; status: string; attempts: number }>('SELECT retry_key, status, attempts FROM staff_line_alerts WHERE event_id = $1', [outboxEvent.id])).rows[0]!;
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(pushes.filter((push) => push.retryKey === row.retry_key).map((push) => push.status)).toEqual([500, 200]);
  });
});
