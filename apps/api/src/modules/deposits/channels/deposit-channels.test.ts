import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newPhoneNumber, type TestApp } from '../../../test/test-app.ts';
import { postFeed, staffCall } from '../../../test/money-helpers.ts';
import { findAccountId } from '@sabai/ledger';

/** Deposit channels and feed sources in the back office (issue 11 "Settings"). */
let t: TestApp;
let pinnedNow: Date | null = null;
const now = () => pinnedNow ?? new Date();
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(async () => t.close());

const auditOf = async (action: string, subjectId: string) =>
  (await t.db.query<{ actor: string; actor_role: string; reason: string; before: unknown; after: Record<string, unknown> | null }>(
    'SELECT actor, actor_role, reason, before, after FROM audit_log WHERE action = $1 AND subject_id = $2 ORDER BY seq', [action, subjectId],
  )).rows;

describe('deposit channels', () => {
  it('the owner adds a bank account, a TrueMoney wallet and a PromptPay proxy, each with its house ledger account, audited', async () => {
    const bank = await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_ktb_new', kind: 'bank', bankCode: '006', accountNumber: '1234567890', accountName: 'บจก. สบาย', reason: 'บัญชีรับฝากใหม่' });
    expect(bank.status).toBe(200);
    expect(bank.body.data).toMatchObject({ id: 'chn_ktb_new', kind: 'bank', state: 'active', bankCode: '006' });
    const wallet = await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_tmn_new', kind: 'truemoney', phoneNumber: newPhoneNumber(), accountName: 'สบาย วอลเล็ท', reason: 'วอลเล็ทใหม่' });
    expect(wallet.status).toBe(200);
    const promptpay = await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_pp_new', kind: 'promptpay', promptPayId: '0105561234567', bankCode: '014', accountNumber: '9876543210', accountName: 'บจก. สบาย', reason: 'พร้อมเพย์นิติบุคคล' });
    expect(promptpay.status).toBe(200);
    for (const code of ['house:bank:chn_ktb_new', 'house:bank:chn_pp_new', 'house:wallet:chn_tmn_new']) expect(await findAccountId(t.db, code)).toBeDefined();
    expect(await auditOf('deposit_channel.create', 'chn_ktb_new')).toEqual([expect.objectContaining({ actor: 'staff:test-owner', actor_role: 'owner', reason: 'บัญชีรับฝากใหม่', before: null, after: expect.objectContaining({ accountNumber: '1234567890' }) })]);
    const listed = await staffCall(t, 'GET', '/admin-api/v1/deposit-channels', undefined, 'finance');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((channel: { id: string }) => channel.id)).toEqual(expect.arrayContaining(['chn_ktb_new', 'chn_tmn_new', 'chn_pp_new']));
  });

  it('refuses a channel without the fields of its kind, a taken id, and roles other than the owner', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_bad', kind: 'promptpay', promptPayId: '0105561234567', accountName: 'x', reason: 'ทดสอบ' })).status).toBe(400);
    expect((await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_ktb_new', kind: 'bank', bankCode: '006', accountNumber: '1234567891', accountName: 'x', reason: 'ทดสอบ' })).body.code).toBe('STATE_CONFLICT');
    expect((await staffCall(t, 'POST', '/admin-api/v1/deposit-channels', { id: 'chn_f', kind: 'bank', bankCode: '006', accountNumber: '1234567891', accountName: 'x', reason: 'ทดสอบ' }, 'finance')).status).toBe(403);
    expect((await staffCall(t, 'GET', '/admin-api/v1/deposit-channels', undefined, 'support')).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/v1/deposit-channels' })).statusCode).toBe(401);
  });

  it('disables a channel with a reason (before/after audited), once', async () => {
    const disabled = await staffCall(t, 'POST', '/admin-api/v1/deposit-channels/chn_ktb_new/state', { state: 'disabled', reason: 'ปิดบัญชีนี้แล้ว' });
    expect(disabled.body.data.state).toBe('disabled');
    expect((await staffCall(t, 'POST', '/admin-api/v1/deposit-channels/chn_ktb_new/state', { state: 'disabled', reason: 'ปิดบัญชีนี้แล้ว' })).body.code).toBe('STATE_CONFLICT');
    expect(await auditOf('deposit_channel.state', 'chn_ktb_new')).toEqual([expect.objectContaining({ before: expect.objectContaining({ state: 'active' }), after: expect.objectContaining({ state: 'disabled' }) })]);
    expect((await staffCall(t, 'POST', '/admin-api/v1/deposit-channels/chn_nope/state', { state: 'disabled', reason: 'ไม่มีช่องทางนี้' })).status).toBe(404);
  });
});

describe('feed sources: create, rotate with overlap, disable', () => {
  const statement = (providerRef: string) => ({
    providerRef, accountNumber: '1170012345', direction: 'credit', amount: '100.00', occurredAt: new Date().toISOString(), senderBankCode: '014', senderAccountNumber: '5550001111', senderName: null,
  });

  it('shows a new source’s secret once; the old secret after rotation works until the overlap ends, then is refused; a disabled source is refused', async () => {
    const { rows } = await t.db.query<{ channel_id: string }>(`SELECT channel_id FROM bank_feed_sources WHERE id = 'src_statement_bbl'`);
    const channelId = rows[0]!.channel_id;
    const created = await staffCall(t, 'POST', '/admin-api/v1/feed-sources', { id: 'src_bbl_api2', kind: 'statement', channelId, reason: 'เชื่อมต่อ API ธนาคาร' });
    expect(created.status).toBe(200);
    const oldSecret = created.body.data.secret as string;
    expect(oldSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const audit = await auditOf('feed_source.create', 'src_bbl_api2');
    expect(JSON.stringify(audit)).not.toContain(oldSecret);
    expect((await postFeed(t, 'statement', statement('ref-a'), { sourceId: 'src_bbl_api2', secret: oldSecret })).status).toBe(200);

    const rotatedAt = new Date();
    pinnedNow = rotatedAt;
    const rotated = await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_bbl_api2/rotate-secret', { overlapMinutes: 30 });
    const newSecret = rotated.body.data.secret as string;
    pinnedNow = new Date(rotatedAt.getTime() + 29 * 60_000);
    expect((await postFeed(t, 'statement', statement('ref-b'), { sourceId: 'src_bbl_api2', secret: oldSecret, timestampMs: pinnedNow.getTime() })).status).toBe(200);
    pinnedNow = new Date(rotatedAt.getTime() + 31 * 60_000);
    expect((await postFeed(t, 'statement', statement('ref-c'), { sourceId: 'src_bbl_api2', secret: oldSecret, timestampMs: pinnedNow.getTime() })).status).toBe(401);
    expect((await postFeed(t, 'statement', statement('ref-d'), { sourceId: 'src_bbl_api2', secret: newSecret, timestampMs: pinnedNow.getTime() })).status).toBe(200);
    pinnedNow = null;

    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_bbl_api2/disable', { reason: 'โทรศัพท์หาย' }, 'finance')).status).toBe(403);
    const disabled = await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_bbl_api2/disable', { reason: 'โทรศัพท์หาย' });
    expect(disabled.body.data).toEqual({ sourceId: 'src_bbl_api2', isActive: false });
    expect(await auditOf('feed_source.disable', 'src_bbl_api2')).toEqual([expect.objectContaining({ reason: 'โทรศัพท์หาย', before: { isActive: true }, after: { isActive: false } })]);
    expect((await postFeed(t, 'statement', statement('ref-e'), { sourceId: 'src_bbl_api2', secret: newSecret })).status).toBe(401);
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_bbl_api2/disable', { reason: 'โทรศัพท์หาย' })).body.code).toBe('STATE_CONFLICT');
  });

  it('refuses a source for an unknown channel, an SMS-gateway source that is not SMS, and a taken id', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources', { id: 'src_x', kind: 'sms', channelId: 'chn_nope', reason: 'ทดสอบ' })).status).toBe(404);
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources', { id: 'src_y', kind: 'statement', protocol: 'sms_gateway', channelId: 'chn_kbank_main', reason: 'ทดสอบ' })).status).toBe(400);
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources', { id: 'src_statement_bbl', kind: 'statement', channelId: 'chn_kbank_main', reason: 'ทดสอบ' })).body.code).toBe('STATE_CONFLICT');
  });
});
