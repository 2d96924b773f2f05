import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessagesResponse } from '@sabai/contracts';
import { FAILING_PHONE_PREFIX, SANDBOX_SMS_SIGNING_KEY, signSmsWebhook } from '@sabai/sandbox';
import { createTestApp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { createSmsGatewaySms } from '../../adapters/sms/sms-gateway-sms.ts';
import { SANDBOX_SMS_PATH, SmsRejectedError, SmsRetryableError } from '../../adapters/sms/index.ts';
import { queueSms } from './queue-sms.ts';
import { sendQueuedSms } from './send-queued-sms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const failingPhone = () => `${FAILING_PHONE_PREFIX}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/**
 * Resolves once the sandbox phone has posted both delivery reports (sent, then delivered or
 * failed) of the SMS to each of `phones`. A code SMS is sent by the outbox run after the request
 * that queued it; that run may be another request's (the phone's own webhook, handled meanwhile),
 * which can still be sending when the queuing call has answered — so the test waits for the
 * reports to exist, not for the reports queued when it asks (reportsPosted alone).
 */
async function untilReportedTwice(phones: readonly string[]): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await t.sandbox.sms.reportsPosted();
    const counts = await Promise.all(
      phones.map(async (phone) => (await t.db.query<{ reports: bigint }>('SELECT count(*) AS reports FROM sms_delivery_reports WHERE raw_body LIKE $1', [`%${phone.slice(1)}%`])).rows[0]!.reports),
    );
    if (counts.every((count) => count >= 2n)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the sandbox phone never reported twice for ${phones.join(', ')}`);
}

describe('the sms-gateway adapter (android-sms-gateway library) against the sandbox double over HTTP', () => {
  const adapter = (password = 'test-sandbox-key') =>
    createSmsGatewaySms({ baseUrl: `${t.sandboxUrl}${SANDBOX_SMS_PATH}`, username: 'sabai', password, timeoutMs: 2_000, ttlSeconds: 300 });

  it('sends with our message id to the E.164 number; the sandbox lists it newest first in the local form', async () => {
    const phone = newPhoneNumber();
    const answer = await adapter().send({ id: 'sms_adapter0test0000000001', toPhone: phone, text: 'สวัสดี ทดสอบ' });
    expect(answer).toEqual({ providerMessageId: 'sms_adapter0test0000000001', state: 'delivered', error: null });
    const listed = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${phone}`)).json()) as Array<Record<string, unknown>>;
    expect(listed).toEqual([{ id: 'sms_adapter0test0000000001', to: phone, text: 'สวัสดี ทดสอบ', state: 'delivered', createdAt: expect.any(String) }]);
    expect(t.sandbox.sms.messages.at(-1)?.to).toBe(phone);
    const page = await (await fetch(`${t.sandboxUrl}/sms?to=${phone}`)).text();
    expect(page).toContain('สวัสดี ทดสอบ');
  });

  it('is refused (never retried) with wrong credentials, and asked again when nobody answers', async () => {
    await expect(adapter('wrong-password').send({ id: 'sms_adapter0test0000000002', toPhone: newPhoneNumber(), text: 'x' })).rejects.toBeInstanceOf(SmsRejectedError);
    const nowhere = createSmsGatewaySms({ baseUrl: 'http://127.0.0.1:9/3rdparty/v1', username: 'u', password: 'p', timeoutMs: 500, ttlSeconds: 300 });
    await expect(nowhere.send({ id: 'sms_adapter0test0000000003', toPhone: newPhoneNumber(), text: 'x' })).rejects.toBeInstanceOf(SmsRetryableError);
  });
});

describe('delivery state from the app\u2019s webhooks (sms:sent / sms:delivered / sms:failed)', () => {
  it('marks a code SMS delivered, and one the phone could not send failed, visible to staff', async () => {
    const ok = newPhoneNumber();
    const bad = failingPhone();
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: ok } })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: bad } })).status).toBe(200);
    // The phone reports after it answered the send, as the app does.
    await untilReportedTwice([ok, bad]);
    const states = await t.db.query<{ to_phone: string; state: string; error: string | null; sent_at: Date | null; delivered_at: Date | null; failed_at: Date | null }>(
      'SELECT to_phone, state, error, sent_at, delivered_at, failed_at FROM sms_messages WHERE to_phone = ANY($1::text[])',
      [[ok, bad]],
    );
    const byPhone = Object.fromEntries(states.rows.map((row) => [row.to_phone, row]));
    expect(byPhone[ok]).toMatchObject({ state: 'delivered', error: null });
    expect(byPhone[ok]!.delivered_at).toBeInstanceOf(Date);
    expect(byPhone[bad]).toMatchObject({ state: 'failed', error: 'RESULT_ERROR_GENERIC_FAILURE' });
    const reports = await t.db.query<{ event: string }>(`SELECT event FROM sms_delivery_reports WHERE raw_body LIKE $1 ORDER BY id`, [`%${bad.slice(1)}%`]);
    expect(reports.rows.map((row) => row.event)).toEqual(['sms:sent', 'sms:failed']);

    const staff = await t.staffToken('support');
    const failed = await t.call({ method: 'GET', url: `/admin-api/v1/sms/messages?state=failed&phone=${bad}`, headers: { authorization: `Bearer ${staff}` }, withoutApiKey: true });
    expect(failed.status).toBe(200);
    const parsed = smsMessagesResponse.parse(failed.body);
    expect(parsed.data.messages).toHaveLength(1);
    expect(parsed.data.messages[0]).toMatchObject({ toPhone: bad, purpose: 'code_registration', state: 'failed', error: 'RESULT_ERROR_GENERIC_FAILURE' });
    expect(parsed.data.messages[0]!.text).toContain('••••••');
    expect(parsed.data.counts.failed).toBeGreaterThanOrEqual(1);
    const marketing = await t.staffToken('marketing');
    expect((await t.call({ method: 'GET', url: '/admin-api/v1/sms/messages', headers: { authorization: `Bearer ${marketing}` }, withoutApiKey: true })).status).toBe(403);
  });

  it('never moves a state back, and refuses a webhook that is not signed with the key', async () => {
    const phone = newPhoneNumber();
    await t.call({ method: 'POST', url: '/auth-service/v1/checkPhone', body: { phoneNumber: phone } });
    await untilReportedTwice([phone]);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM sms_messages WHERE to_phone = $1', [phone]);
    const id = rows[0]!.id;
    const post = (body: string, key = SANDBOX_SMS_SIGNING_KEY) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return fetch(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/sms-gateway/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signSmsWebhook(key, body, timestamp) },
        body,
      });
    };
    const late = JSON.stringify({ event: 'sms:sent', id: 'late1', payload: { messageId: id, sentAt: new Date().toISOString() } });
    const answer = await post(late);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown }).data).toEqual({ event: 'sms:sent', applied: false });
    expect((await t.db.query<{ state: string }>('SELECT state FROM sms_messages WHERE id = $1', [id])).rows[0]!.state).toBe('delivered');
    expect((await post(late, 'another-signing-key-0123456789')).status).toBe(401);
  });
});

describe('the worker\u2019s send-sms handler', () => {
  it('keeps the SMS queued (sealed) and throws for a retry when the provider does not answer, then sends it once', async () => {
    const phone = newPhoneNumber();
    const smsId = await t.db.transaction((tx) =>
      queueSms(tx, { toPhone: phone, purpose: 'notice_phone_changed', memberId: null, text: 'ข้อความทดสอบ', maskedText: 'ข้อความทดสอบ', otpSecret: t.context.otpSecret, now: t.context.now() }),
    );
    const original = t.context.sms;
    t.context.sms = { send: () => Promise.reject(new SmsRetryableError('phone offline')) };
    try {
      await expect(sendQueuedSms(t.context, smsId)).rejects.toBeInstanceOf(SmsRetryableError);
    } finally {
      t.context.sms = original;
    }
    const waiting = await t.db.query<{ state: string; sealed_text: string | null; error: string }>('SELECT state, sealed_text, error FROM sms_messages WHERE id = $1', [smsId]);
    expect(waiting.rows[0]).toMatchObject({ state: 'queued', error: 'phone offline' });
    expect(waiting.rows[0]!.sealed_text).not.toContain('ข้อความทดสอบ');
    expect(await sendQueuedSms(t.context, smsId)).toBe('sent');
    expect(await sendQueuedSms(t.context, smsId)).toBe('already');
    const listed = (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${phone}`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
  });
});
