import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineUser } from '@sabai/sandbox';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';
import type { OutboxEvent } from '../outbox/index.ts';
import { OUTBOX_HANDLERS } from '../../worker/outbox-handlers.ts';
import { createLineClient, lineSignature, LineRetryableError, notifyMemberByLine } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/user-profile-composite/v1/line';
const botTexts = (user: LineUser) => user.chat.filter((entry) => entry.from === 'bot').flatMap((entry) => entry.messages.map((message) => String(message.text ?? message.altText ?? '')));
const lastBotText = (user: LineUser) => botTexts(user).at(-1) ?? '';

async function member() {
  const details = await t.signUp();
  const token = await t.logIn(details.phoneNumber, details.password);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [details.phoneNumber]);
  return { ...details, token, memberId: rows[0]!.id };
}

/** A member linked to a fresh simulated LINE user through the whole account-link flow. */
async function linkedMember() {
  const m = await member();
  const user = t.sandbox.line.createUser('สมชาย LINE');
  expect((await t.sandbox.line.follow(user)).httpStatus).toBe(200);
  const invite = lastBotText(user);
  const linkToken = new URL(invite.match(/https?:\/\/\S+/)![0]).searchParams.get('lineLinkToken')!;
  expect(linkToken).toBeTruthy();
  const started = await t.call({ method: 'POST', url: `${base}/link`, token: m.token, body: { linkToken } });
  expect(started.status).toBe(200);
  const dialog = new URL(started.body.data.redirectUrl);
  expect(dialog.pathname).toBe('/line/dialog/bot/accountLink');
  const page = await fetch(dialog);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('สมชาย LINE');
  // The LINE user confirms the dialog: LINE posts the accountLink event to our webhook.
  const confirmed = await fetch(`${t.sandboxUrl}/line/ui/account-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ linkToken, nonce: dialog.searchParams.get('nonce')! }).toString(),
    redirect: 'manual',
  });
  expect(confirmed.status).toBe(303);
  expect(user.webhooks[0]).toMatchObject({ type: 'accountLink', httpStatus: 200 });
  return { ...m, user };
}

function signedWebhook(body: unknown, options: { secret?: string; tamper?: (raw: string) => string; withoutSignature?: boolean } = {}) {
  const raw = JSON.stringify(body);
  const signature = lineSignature(raw, options.secret ?? t.context.config.LINE_CHANNEL_SECRET);
  return t.app.inject({
    method: 'POST',
    url: '/line/v1/webhook',
    headers: { 'content-type': 'application/json', ...(options.withoutSignature ? {} : { 'x-line-signature': signature }) },
    payload: options.tamper ? options.tamper(raw) : raw,
  });
}

const depositEvent = (memberId: string, id: bigint): OutboxEvent => ({
  id,
  eventKey: `test:${id}`,
  kind: 'deposit.credited',
  memberId,
  payload: { memberId, depositId: `dep_test_${id}`, amountSatang: '123450', balanceBeforeSatang: '10000', turnoverNowSatang: '0', creditedAt: new Date().toISOString() },
  createdAt: new Date(),
});

describe('LINE account link (issue 12)', () => {
  it('links through LINE’s flow (follow → link token → our nonce → dialog → accountLink), answers ยอดเงิน, notifies a deposit in Thai, unlinks', async () => {
    const m = await linkedMember();
    expect(lastBotText(m.user)).toContain('เชื่อมต่อบัญชี Sabai กับ LINE สำเร็จ');
    const status = await t.call({ method: 'GET', url: base, token: m.token });
    expect(status.body.data).toMatchObject({ linked: true, preferences: { deposit_credited: true, bonus_granted: true } });

    expect((await t.sandbox.line.sendText(m.user, 'ยอดเงิน')).httpStatus).toBe(200);
    expect(lastBotText(m.user)).toBe('ยอดเงินคงเหลือ 0.00 บาท');

    expect((await postFeed(t, 'statement', statementFrom(m, '500.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    const flex = m.user.chat.flatMap((entry) => entry.messages).filter((message) => message.type === 'flex');
    expect(flex).toHaveLength(1);
    expect(String(flex[0]!.altText)).toMatch(/ฝากเงินเข้าแล้ว[\s\S]*จำนวน: 500\.00 บาท[\s\S]*ยอดคงเหลือ: 500\.00 บาท/);
    const { rows } = await t.db.query<{ kind: string; status: string; http_status: number; sent_at: Date | null }>('SELECT kind, status, http_status, sent_at FROM line_messages WHERE member_id = $1', [m.memberId]);
    expect(rows).toEqual([expect.objectContaining({ kind: 'deposit_credited', status: 'sent', http_status: 200 })]);
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);

    // Staff: support reads it; marketing may not.
    const staff = await staffCall(t, 'GET', `/admin-api/v1/members/${m.memberId}/line`, undefined, 'support');
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ linked: true, following: true, messages: [{ kind: 'deposit_credited', status: 'sent', httpStatus: 200 }] });
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${m.memberId}/line`, undefined, 'marketing')).status).toBe(403);

    const unlinked = await t.call({ method: 'POST', url: `${base}/unlink`, token: m.token });
    expect(unlinked.body.data.linked).toBe(false);
    await t.sandbox.line.sendText(m.user, 'ยอดเงิน');
    expect(lastBotText(m.user)).toContain('ยังไม่ได้เชื่อมต่อบัญชี Sabai');
  });

  it('refuses a used or unknown nonce: the accountLink event binds nobody', async () => {
    const m = await member();
    const user = t.sandbox.line.createUser('คนอื่น');
    await t.sandbox.line.follow(user);
    const linkToken = t.sandbox.line.issueLinkToken(user.userId)!;
    await t.sandbox.line.completeAccountLink(linkToken, 'not-a-nonce-we-issued');
    expect(lastBotText(user)).toContain('เชื่อมต่อบัญชีไม่สำเร็จ');
    expect((await t.call({ method: 'GET', url: base, token: m.token })).body.data.linked).toBe(false);
    expect((await t.call({ method: 'POST', url: `${base}/link`, token: m.token, body: { linkToken: 'bad token!' } })).status).toBe(400);
  });
});

describe('LINE webhook signature (issue 12)', () => {
  const followEvent = (userId: string, webhookEventId = randomUUID()) => ({ destination: 'Ubot', events: [{ type: 'follow', webhookEventId, timestamp: Date.now(), source: { type: 'user', userId } }] });
  const seen = async (userId: string) => (await t.db.query('SELECT 1 FROM line_users WHERE line_user_id = $1', [userId])).rows.length;

  it.each([
    ['forged (another secret)', { secret: 'not-the-channel-secret-at-all' }],
    ['altered body', { tamper: (raw: string) => raw.replace('follow', 'unfollow') }],
    ['missing header', { withoutSignature: true }],
  ])('refuses a %s with 401 and changes nothing', async (_name, options) => {
    const userId = `U${randomUUID().replace(/-/g, '')}`;
    const response = await signedWebhook(followEvent(userId), options);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'LINE_SIGNATURE_INVALID' });
    expect(await seen(userId)).toBe(0);
  });

  it('processes a replayed event (same webhookEventId) once', async () => {
    const userId = `U${randomUUID().replace(/-/g, '')}`;
    const body = followEvent(userId);
    expect((await signedWebhook(body)).json().data).toEqual({ processed: 1, duplicates: 0 });
    await t.db.query('UPDATE line_users SET following = false WHERE line_user_id = $1', [userId]);
    expect((await signedWebhook(body)).json().data).toEqual({ processed: 0, duplicates: 1 });
    // The replay changed nothing (the follow was not applied again).
    expect((await t.db.query<{ following: boolean }>('SELECT following FROM line_users WHERE line_user_id = $1', [userId])).rows).toEqual([{ following: false }]);
  });
});

describe('LINE notifications (issue 12)', () => {
  it('queues a deposit’s LINE delivery only for a member linked to LINE (docs/adr/0067), and the linked one gets the message', async () => {
    const deliveriesOf = async (memberId: string) =>
      (await t.db.query<{ handler: string; status: string }>(
        `SELECT d.handler, d.status FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
         WHERE e.kind = 'deposit.credited' AND e.member_id = $1 ORDER BY d.handler`,
        [memberId],
      )).rows;
    const unlinked = await member();
    expect((await postFeed(t, 'statement', statementFrom(unlinked, '120.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    expect(await deliveriesOf(unlinked.memberId)).toEqual([{ handler: 'deposit-follow-up', status: 'done' }]);
    expect((await t.db.query('SELECT 1 FROM line_messages WHERE member_id = $1', [unlinked.memberId])).rowCount).toBe(0);

    const linked = await linkedMember();
    expect((await postFeed(t, 'statement', statementFrom(linked, '130.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    expect(await deliveriesOf(linked.memberId)).toEqual([
      { handler: 'deposit-follow-up', status: 'done' },
      { handler: 'line-deposit-credited', status: 'done' },
    ]);
    expect((await t.db.query<{ status: string }>(`SELECT status FROM line_messages WHERE member_id = $1 AND kind = 'deposit_credited'`, [linked.memberId])).rows).toEqual([{ status: 'sent' }]);
  });

  it('retries a push LINE answered 429 with the same retry key, then sends it once', async () => {
    const m = await linkedMember();
    const client = createLineClient(t.context.config);
    const event = depositEvent(m.memberId, 900_000_001n);
    t.sandbox.line.pushFault = { status: 429, remaining: 1 };
    await expect(notifyMemberByLine(t.context, client, event)).rejects.toBeInstanceOf(LineRetryableError);
    expect((await t.db.query('SELECT status, http_status, attempts FROM line_messages WHERE event_id = $1', [event.id])).rows).toEqual([{ status: 'retrying', http_status: 429, attempts: 1 }]);
    expect(await notifyMemberByLine(t.context, client, event)).toBe('sent');
    const pushes = t.sandbox.line.pushLog.filter((push) => push.to === m.user.userId);
    expect(pushes.map((push) => push.status)).toEqual([429, 200]);
    expect(pushes[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(pushes[1]!.retryKey).toBe(pushes[0]!.retryKey);
    expect(m.user.chat.filter((entry) => entry.via === 'push')).toHaveLength(1);
  });

  it('sends exactly one message when the same outbox event is delivered twice, even after a lost answer', async () => {
    const m = await linkedMember();
    const handler = OUTBOX_HANDLERS['line-deposit-credited']!.build(t.context);
    if (handler.mode !== 'external') throw new Error('expected an external handler');
    const event = depositEvent(m.memberId, 900_000_002n);
    await handler.work(event);
    await handler.work(event);
    expect(m.user.chat.filter((entry) => entry.via === 'push')).toHaveLength(1);
    // LINE took the push but our process died before recording it: the next attempt carries the
    // same retry key, LINE answers 409, and it is recorded as sent; the user still has one message.
    await t.db.query(`UPDATE line_messages SET status = 'retrying' WHERE event_id = $1`, [event.id]);
    await handler.work(event);
    expect(m.user.chat.filter((entry) => entry.via === 'push')).toHaveLength(1);
    expect((await t.db.query('SELECT status, http_status FROM line_messages WHERE event_id = $1', [event.id])).rows).toEqual([{ status: 'sent', http_status: 409 }]);
  });

  it('stops waiting for a LINE that does not answer in time, and the retry with the same key leaves one message', async () => {
    const m = await linkedMember();
    const client = createLineClient({ ...t.context.config, LINE_TIMEOUT_MS: 200 });
    const event = depositEvent(m.memberId, 900_000_105n);
    t.sandbox.line.pushAnswerDelayMs = 1_500;
    try {
      await expect(notifyMemberByLine(t.context, client, event)).rejects.toBeInstanceOf(LineRetryableError);
    } finally {
      t.sandbox.line.pushAnswerDelayMs = 0;
    }
    expect((await t.db.query('SELECT status, http_status, error FROM line_messages WHERE event_id = $1', [event.id])).rows).toEqual([
      { status: 'retrying', http_status: null, error: 'LINE did not answer within 200 ms' },
    ]);
    // LINE had taken it: the retry carries the same key, LINE answers 409, it is recorded as sent.
    expect(await notifyMemberByLine(t.context, client, event)).toBe('sent');
    expect(m.user.chat.filter((entry) => entry.via === 'push')).toHaveLength(1);
    // The first call's late answer still arrives (the SDK's request was not aborted).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });

  it('records a 4xx other than 429 as failed without retrying; a 500 is retried', async () => {
    const m = await linkedMember();
    const client = createLineClient(t.context.config);
    t.sandbox.line.pushFault = { status: 400, remaining: 1 };
    expect(await notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_003n))).toBe('failed');
    expect(await notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_003n))).toBe('already');
    t.sandbox.line.pushFault = { status: 500, remaining: 1 };
    await expect(notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_004n))).rejects.toBeInstanceOf(LineRetryableError);
    expect(await notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_004n))).toBe('sent');
  });

  it('respects the member’s toggles, and sends no marketing during a time-out while money messages still go', async () => {
    const m = await linkedMember();
    const client = createLineClient(t.context.config);
    const off = await t.call({ method: 'PUT', url: `${base}/preferences`, token: m.token, body: { deposit_credited: false } });
    expect(off.body.data.preferences).toMatchObject({ deposit_credited: false, withdrawal_paid: true });
    expect(await notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_005n))).toBe('skipped');
    await t.call({ method: 'PUT', url: `${base}/preferences`, token: m.token, body: { deposit_credited: true } });
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token: m.token, body: { kind: 'timeout', period: '24h' } })).status).toBe(200);
    const bonus: OutboxEvent = { id: 900_000_006n, eventKey: 'test:bonus', kind: 'bonus.granted', memberId: m.memberId, payload: { memberId: m.memberId, depositId: 'dep_x', grantId: 'grant_x', bonusSatang: '5000' }, createdAt: new Date() };
    expect(await notifyMemberByLine(t.context, client, bonus)).toBe('skipped');
    expect(await notifyMemberByLine(t.context, client, depositEvent(m.memberId, 900_000_007n))).toBe('sent');
    const rejected: OutboxEvent = { id: 900_000_008n, eventKey: 'test:wr', kind: 'withdrawal.rejected', memberId: m.memberId, payload: { memberId: m.memberId, withdrawalId: 'wd_x', amountSatang: '20000', reason: 'บัญชีไม่ตรงกับชื่อสมาชิก' }, createdAt: new Date() };
    expect(await notifyMemberByLine(t.context, client, rejected)).toBe('sent');
    expect(lastBotText(m.user)).toMatch(/ถอนเงินไม่สำเร็จ[\s\S]*เหตุผล: บัญชีไม่ตรงกับชื่อสมาชิก/);
  });
});
