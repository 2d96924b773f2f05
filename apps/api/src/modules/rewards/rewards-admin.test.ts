import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, mainBalance, staffCall } from '../../test/money-helpers.ts';

/** Wheel prizes and item codes in the back office (issue 11 "Rewards"): owner and marketing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('wheel prizes and weights', () => {
  it('lists the prizes with their chance, changes a weight (odds follow, audited before/after), adds a prize in a free position', async () => {
    const listed = await staffCall(t, 'GET', '/admin-api/v1/wheel-prizes', undefined, 'marketing');
    expect(listed.status).toBe(200);
    const prizes = listed.body.data as Array<{ id: number; label: string; kind: 'credit' | 'prize_credit' | 'nothing'; amount: number; weight: number; sortOrder: number; isActive: boolean; chancePercent: number }>;
    const total = prizes.filter((prize) => prize.isActive).reduce((sum, prize) => sum + prize.weight, 0);
    expect(prizes[0]!.chancePercent).toBe(Math.round((prizes[0]!.weight * 10_000) / total) / 100);
    const first = prizes[0]!;
    const { id, chancePercent: _chance, ...fields } = first;
    const changed = await staffCall(t, 'POST', `/admin-api/v1/wheel-prizes/${id}`, { prize: { ...fields, weight: first.weight + total }, reason: 'เพิ่มโอกาสรางวัลเล็ก' }, 'marketing');
    expect(changed.status).toBe(200);
    expect(changed.body.data.weight).toBe(first.weight + total);
    expect(changed.body.data.chancePercent).toBeGreaterThan(50);
    const audit = await t.db.query<{ before: { weight: number }; after: { weight: number }; reason: string }>(`SELECT before, after, reason FROM audit_log WHERE action = 'wheel_prize.update' AND subject_id = $1`, [String(id)]);
    expect(audit.rows).toEqual([expect.objectContaining({ reason: 'เพิ่มโอกาสรางวัลเล็ก', before: expect.objectContaining({ weight: first.weight }), after: expect.objectContaining({ weight: first.weight + total }) })]);
    const member = await t.call({ method: 'GET', url: '/prize-composite/v1/wheel' });
    expect(member.status).toBeLessThan(500);

    const taken = await staffCall(t, 'POST', '/admin-api/v1/wheel-prizes', { prize: { label: 'ซ้ำตำแหน่ง', kind: 'credit', amount: 5, weight: 10, sortOrder: first.sortOrder, isActive: true }, reason: 'ทดสอบ' }, 'owner');
    expect(taken.body.code).toBe('STATE_CONFLICT');
    const free = Math.max(...prizes.map((prize) => prize.sortOrder)) + 1;
    const added = await staffCall(t, 'POST', '/admin-api/v1/wheel-prizes', { prize: { label: 'เครดิต 7 บาท', kind: 'credit', amount: 7.5, weight: 10, sortOrder: free, isActive: true }, reason: 'รางวัลใหม่' }, 'owner');
    expect(added.body.data).toMatchObject({ label: 'เครดิต 7 บาท', amount: 7.5, isActive: true });
  });

  it('refuses an amount for "nothing", other roles and no session', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/wheel-prizes', { prize: { label: 'x', kind: 'nothing', amount: 5, weight: 1, sortOrder: 900, isActive: false }, reason: 'ทดสอบ' }, 'owner')).status).toBe(400);
    for (const role of ['finance', 'support', 'auditor'] as const) expect((await staffCall(t, 'GET', '/admin-api/v1/wheel-prizes', undefined, role)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/v1/wheel-prizes' })).statusCode).toBe(401);
  });
});

describe('item codes pay only once a money role approved the liability (issue 25 finding 1)', () => {
  it('a cash code of 50,000 baht × 100 uses by marketing waits for approval: members cannot redeem it until finance approves amount × uses', async () => {
    const created = await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code: 'BIGCASH50K', amount: 50_000, totalUses: 100, expiresAt: inAWeek() }, 'marketing');
    expect(created.body).toMatchObject({ success: true, data: { approvalStatus: 'pending' } });
    expect(created.body.message).toContain('ส่งขออนุมัติ');
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const redeem = () => t.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token, body: { redeem_code: 'BIGCASH50K' } });
    expect((await redeem()).body.code).toBe('ITEM_CODE_NOT_FOUND');

    const queue = await staffCall(t, 'GET', '/admin-api/v1/approvals', undefined, 'finance');
    expect(queue.body.data.find((row: { approvalId: string }) => row.approvalId === created.body.data.approvalId)).toMatchObject({ kind: 'item-codes.issue', amount: 5_000_000, requester: 'test-marketing', canDecide: true });
    // Marketing designs, it cannot make its own codes pay.
    expect((await approveAs(t, created.body.data.approvalId, 'marketing')).status).toBe(403);
    expect((await approveAs(t, created.body.data.approvalId, 'finance')).body.data.status).toBe('executed');
    expect((await redeem()).body).toMatchObject({ success: true, data: { Amount: 50_000 } });
    expect(await mainBalance(t, token)).toBe(50_000);
  });

  it('a rejected batch never pays: its codes expire', async () => {
    const batch = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'NOPE', count: 2, amount: 100, usesPerCode: 5, expiresAt: inAWeek(), reason: 'แจกในไลน์' }, 'marketing');
    expect(batch.body.data.approvalStatus).toBe('pending');
    const queue = await staffCall(t, 'GET', '/admin-api/v1/approvals', undefined, 'owner');
    expect(queue.body.data.find((row: { approvalId: string }) => row.approvalId === batch.body.data.approvalId).amount).toBe(1_000);
    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${batch.body.data.approvalId}/reject`, { reason: 'งบไม่พอ' }, 'owner')).body.data.status).toBe('rejected');
    const listed = await staffCall(t, 'GET', '/admin-api/v1/item-codes?limit=200', undefined, 'marketing');
    for (const code of batch.body.data.codes as string[]) {
      expect(listed.body.data.find((row: { code: string }) => row.code === code)).toMatchObject({ approvalStatus: 'rejected', isExpired: true });
    }
  });
});

describe('item codes: batches and disabling', () => {
  it('creates a batch of distinct codes that members can redeem, audited once with the codes', async () => {
    const batch = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'XMAS', count: 20, amount: 25.5, expiresAt: inAWeek(), reason: 'แจกในไลน์' }, 'marketing');
    expect(batch.status).toBe(200);
    const codes = batch.body.data.codes as string[];
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^XMAS[A-Z2-9]{8}$/);
    const rows = await t.db.query<{ amount_satang: bigint }>('SELECT amount_satang FROM item_codes WHERE code = ANY($1)', [codes]);
    expect(rows.rows.map((row) => BigInt(row.amount_satang))).toEqual(Array(20).fill(2_550n));
    const audit = await t.db.query<{ after: { codes: string[] } }>(`SELECT after FROM audit_log WHERE action = 'item_code.create_batch' AND subject_id = 'XMAS*'`);
    expect(audit.rows[0]!.after.codes).toEqual(codes);
  });

  it('keeps the batch\'s turnover multiple (default 1×, 0 = none) on its codes and in the list; refuses one outside 0..100 (issue 25 §4)', async () => {
    const none = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'FREE', count: 2, amount: 10, expiresAt: inAWeek(), turnoverMultiple: 0, reason: 'ไม่มีเทิร์น' }, 'marketing');
    expect(none.body.data.turnoverMultiple).toBe(0);
    const plain = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'ONCE', count: 1, amount: 10, expiresAt: inAWeek(), reason: 'ค่าเริ่มต้น' }, 'marketing');
    expect(plain.body.data.turnoverMultiple).toBe(1);
    const stored = await t.db.query<{ code: string; turnover_multiple: number }>('SELECT code, turnover_multiple FROM item_codes WHERE code = ANY($1) ORDER BY code', [[...none.body.data.codes, ...plain.body.data.codes]]);
    expect(Object.fromEntries(stored.rows.map((row) => [row.code, Number(row.turnover_multiple)]))).toEqual(Object.fromEntries([...none.body.data.codes.map((code: string) => [code, 0]), [plain.body.data.codes[0], 1]]));
    const listed = await staffCall(t, 'GET', '/admin-api/v1/item-codes?limit=200', undefined, 'marketing');
    expect(listed.body.data.find((row: { code: string }) => row.code === none.body.data.codes[0]).turnoverMultiple).toBe(0);
    for (const turnoverMultiple of [-1, 101, 1.5]) {
      const refused = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'BAD', count: 1, amount: 10, expiresAt: inAWeek(), turnoverMultiple, reason: 'ผิด' }, 'marketing');
      expect(refused.body.code, String(turnoverMultiple)).toBe('VALIDATION_FAILED');
    }
  });

  it('disables a code: it expires now, members are told it expired, audited; twice is refused', async () => {
    const batch = await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'OFF', count: 1, amount: 10, expiresAt: inAWeek(), reason: 'ทดสอบ' }, 'marketing');
    const code = batch.body.data.codes[0] as string;
    expect((await approveAs(t, batch.body.data.approvalId, 'finance')).status).toBe(200);
    const disabled = await staffCall(t, 'POST', `/admin-api/v1/item-codes/${code}/disable`, { reason: 'โค้ดหลุด' }, 'marketing');
    expect(disabled.body.data).toMatchObject({ code, isExpired: true });
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const redeemed = await t.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token, body: { redeem_code: code } });
    expect(redeemed.body.code).toBe('ITEM_CODE_EXPIRED');
    expect((await staffCall(t, 'POST', `/admin-api/v1/item-codes/${code}/disable`, { reason: 'โค้ดหลุด' }, 'marketing')).body.code).toBe('STATE_CONFLICT');
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'item_code.disable' AND subject_id = $1 AND before IS NOT NULL AND after IS NOT NULL`, [code]);
    expect(audit.rowCount).toBe(1);
    expect((await staffCall(t, 'POST', `/admin-api/v1/item-codes/${code}/disable`, { reason: 'โค้ดหลุด' }, 'finance')).status).toBe(403);
    expect((await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'X', count: 1, amount: 10, expiresAt: '2020-01-01T00:00:00Z', reason: 'ทดสอบ' }, 'marketing')).body.code).toBe('VALIDATION_FAILED');
  });
});
