import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, fundedMember, setRoleDailyLimit, staffCall } from '../../test/money-helpers.ts';
import { dailyReportCsv, REPORT_CSV_HEADER, UTF8_BOM } from './daily-report.ts';
import type { MoneyFigures } from './money-report.ts';
import { readAccountBalance, requireMemberAccountId } from '@sabai/ledger';

/** Reports, the member ledger statement and the reward runs in the back office (issue 11). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Adjustments by finance apply alone within this daily limit (maker-checker, docs/adr/0048).
  await setRoleDailyLimit(t, 'finance', 10_000_000);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const toSatang = (baht: number) => BigInt(Math.round(baht * 100));
const memberIdOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;

describe('the money report (issue 11 "Reports", issue 25 §3)', () => {
  const report = async (query: string, role: 'owner' | 'finance' | 'auditor' = 'finance') => (await staffCall(t, 'GET', `/admin-api/v1/reports/daily?${query}`, undefined, role)).body.data;
  const channelOf = (figures: { deposits: { byChannel: Array<{ channelId: string; count: number; amount: number }> } }, id: string) => figures.deposits.byChannel.find((row) => row.channelId === id);

  it('totals today’s deposits by the house channel that received them, from the ledger, for finance, owner and auditor only', async () => {
    const today = bangkokToday();
    const before = await report(`from=${today}&to=${today}`, 'auditor');
    const { rows } = await t.db.query<{ channel_id: string }>(`SELECT channel_id FROM bank_feed_sources WHERE id = 'src_statement_bbl'`);
    const channel = rows[0]!.channel_id;
    const countBefore = channelOf(before.total, channel)?.count ?? 0;
    const sumBefore = toSatang(channelOf(before.total, channel)?.amount ?? 0);
    await fundedMember(t, '1100.50');
    await fundedMember(t, '99.25');
    const after = await report(`from=${today}&to=${today}`);
    expect(after).toMatchObject({ from: today, to: today, period: 'day' });
    expect(after.periods.map((row: { period: string }) => row.period)).toEqual([today]);
    const row = channelOf(after.periods[0], channel)!;
    expect(row.count).toBe(countBefore + 2);
    expect(toSatang(row.amount) - sumBefore).toBe(119_975n);
    expect(toSatang(after.total.cashNet) - toSatang(before.total.cashNet)).toBe(119_975n);
    for (const role of ['support', 'marketing'] as const) expect((await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${today}&to=${today}`, undefined, role)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily?from=${today}&to=${today}` })).statusCode).toBe(401);
    expect((await staffCall(t, 'GET', '/admin-api/v1/reports/daily?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await staffCall(t, 'GET', '/admin-api/v1/reports/daily?from=2025-01-01&to=2026-01-01')).status).toBe(400);
    expect((await staffCall(t, 'GET', '/admin-api/v1/reports/daily?from=2025-01-01&to=2026-01-01&period=month')).status).toBe(200);
  });

  it('shows staff adjustments and item-code credits in the report, the monthly report and the dashboard (finding 5)', async () => {
    const today = bangkokToday();
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const before = await report(`from=${today}&to=${today}`);
    const monthBefore = await report(`from=${today.slice(0, 8)}01&to=${today}&period=month`);
    const dashboardBefore = (await staffCall(t, 'GET', '/admin-api/v1/dashboard')).body.data;
    const adjusted = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 450.25, reason: 'ชดเชยระบบขัดข้อง' }, 'finance');
    expect(adjusted.body.data.status).toBe('applied');
    const code = `RPT${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
    const created = await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code, amount: 52.5, totalUses: 1, expiresAt: '2099-01-01T00:00:00+07:00' });
    expect(created.status).toBe(200);
    expect((await approveAs(t, created.body.data.approvalId, 'finance')).status).toBe(200);
    const redeemed = await t.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token: member.token, body: { redeem_code: code } });
    expect(redeemed.status).toBe(200);
    const after = await report(`from=${today}&to=${today}`);
    const monthAfter = await report(`from=${today.slice(0, 8)}01&to=${today}&period=month`);
    const dashboardAfter = (await staffCall(t, 'GET', '/admin-api/v1/dashboard')).body.data;
    const change = (x: number, y: number) => toSatang(y) - toSatang(x);
    // A deposit bonus the outbox may grant meanwhile is left out: what the staff and the code gave is compared.
    const givenBesidesBonus = (figures: { givenOut: { total: number; bonus: number } }) => toSatang(figures.givenOut.total) - toSatang(figures.givenOut.bonus);
    expect(change(before.total.givenOut.adjustment, after.total.givenOut.adjustment)).toBe(45_025n);
    expect(change(before.total.givenOut.itemCode, after.total.givenOut.itemCode)).toBe(5_250n);
    expect(givenBesidesBonus(after.total) - givenBesidesBonus(before.total)).toBe(50_275n);
    expect(change(before.total.result, after.total.result) + change(before.total.givenOut.bonus, after.total.givenOut.bonus)).toBe(-50_275n);
    expect(givenBesidesBonus(monthAfter.total) - givenBesidesBonus(monthBefore.total)).toBe(50_275n);
    expect(monthAfter.periods.map((row: { period: string }) => row.period)).toContain(today.slice(0, 7));
    expect(givenBesidesBonus(dashboardAfter) - givenBesidesBonus(dashboardBefore)).toBe(50_275n);
    expect(change(dashboardBefore.givenOut.adjustment, dashboardAfter.givenOut.adjustment)).toBe(45_025n);
    const staff = (await staffCall(t, 'GET', `/admin-api/v1/reports/staff-actions?from=${today}&to=${today}`, undefined, 'auditor')).body.data;
    expect(staff.adjustments).toContainEqual(expect.objectContaining({ requestedBy: 'staff:test-finance' }));
    expect(staff.actions).toContainEqual(expect.objectContaining({ actor: 'staff:test-owner', action: expect.stringContaining('item'), count: expect.any(Number) }));
  });

  it('exports CSV for Excel: text/csv, UTF-8 BOM, Thai header, a line per channel, a total per day and for the range; the per-staff report too', async () => {
    const today = bangkokToday();
    const token = await t.staffToken('owner');
    const response = await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="sabai-report-${today}-${today}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_HEADER.join(','));
    expect(lines.some((line) => line.startsWith(`${today},รวม,`))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${today} ถึง ${today},รวมทั้งหมด,`))).toBe(true);
    const staff = await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/staff-actions.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${token}` } });
    expect(staff.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(staff.body.slice(1).split('\r\n')[0]).toBe('พนักงาน,การกระทำ,จำนวนครั้ง');
    const supportToken = await t.staffToken('support');
    expect((await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${supportToken}` } })).statusCode).toBe(403);
  });

  it('writes exact baht amounts, quotes what needs quoting, and adds the totals', () => {
    const figures = (deposit: bigint, withdrawal: bigint): MoneyFigures => ({
      deposits: { count: 2, amountSatang: deposit, byChannel: [{ channelId: 'chn_a', label: 'KBANK 001, "main"', count: 2, amountSatang: deposit }] },
      withdrawals: { count: 1, amountSatang: withdrawal, byChannel: [{ channelId: 'chn_a', label: 'KBANK 001, "main"', count: 1, amountSatang: withdrawal }] },
      refunds: { count: 0, amountSatang: 0n },
      otherCashSatang: 0n,
      givenOut: { bonus: 5_000n, itemCode: 1n, wheel: 0n, cashback: 0n, affiliate: 0n, adjustment: -3n, total: 4_998n },
      ggrSatang: 7n,
      unexplainedSatang: 0n,
      inTransitSatang: 0n,
      cashNetSatang: deposit - withdrawal,
      resultSatang: 7n - 4_998n,
      membersChangeSatang: deposit - withdrawal + 4_998n - 7n,
    });
    const day = figures(10_000_001n, 10_000_010n);
    const csv = dailyReportCsv({ from: '2026-11-24', to: '2026-11-24', period: 'day', periods: [{ period: '2026-11-24', ...day }], total: day });
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n').slice(1)).toEqual([
      '2026-11-24,"KBANK 001, ""main""",2,100000.01,1,100000.10,,,,,,,,,,,,,',
      '2026-11-24,รวม,2,100000.01,1,100000.10,0.00,0.00,-0.09,50.00,0.01,0.00,0.00,0.00,-0.03,49.98,0.07,-49.91,49.82',
      '2026-11-24 ถึง 2026-11-24,รวมทั้งหมด,2,100000.01,1,100000.10,0.00,0.00,-0.09,50.00,0.01,0.00,0.00,0.00,-0.03,49.98,0.07,-49.91,49.82',
      '',
    ]);
  });
});

describe('the member ledger statement (issue 11 "Members")', () => {
  it('pages newest first with a running balance whose newest line is the wallet balance and each older line follows by its change (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ credit: fc.boolean(), cents: fc.integer({ min: 1, max: 90_000 }) }), { minLength: 1, maxLength: 7 }), fc.integer({ min: 1, max: 4 }), async (steps, pageSize) => {
        const member = await fundedMember(t, '300.00');
        const memberId = await memberIdOf(member.phoneNumber);
        let mainSatang = 0n; // the deposit continued into the game wallet
        for (const [index, step] of steps.entries()) {
          const amountSatang = step.credit ? BigInt(step.cents) : BigInt(step.cents) > mainSatang ? mainSatang : BigInt(step.cents);
          if (amountSatang === 0n) continue;
          const answer = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: step.credit ? 'credit' : 'debit', amount: Number(amountSatang) / 100, reason: `ทดสอบ ${index}` }, 'finance');
          expect(answer.body.data?.status).toBe('applied');
          mainSatang += step.credit ? amountSatang : -amountSatang;
        }
        const lines: Array<{ entryId: number; change: number; balance: number }> = [];
        let before: number | null = null;
        let wallet = 0;
        for (let page = 0; page < 50; page += 1) {
          const answer = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/statement?wallet=main&limit=${pageSize}${before === null ? '' : `&before=${before}`}`, undefined, 'support');
          expect(answer.status).toBe(200);
          wallet = answer.body.data.balance;
          lines.push(...answer.body.data.lines);
          before = answer.body.data.nextBefore;
          if (before === null) break;
        }
        expect(toSatang(wallet)).toBe(mainSatang);
        const posted = await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'main'));
        expect(posted.creditsPosted - posted.debitsPosted).toBe(mainSatang);
        expect(toSatang(lines[0]!.balance)).toBe(mainSatang);
        for (let index = 0; index < lines.length; index += 1) {
          const line = lines[index]!;
          const older = lines[index + 1];
          expect(toSatang(line.balance) - toSatang(line.change)).toBe(older ? toSatang(older.balance) : 0n);
          if (older) expect(older.entryId).toBeLessThan(line.entryId);
        }
      }),
      { numRuns: 6 },
    );
  }, 240_000);

  it('shows the deposit and its move to the game wallet, refuses marketing, and answers 404 for an unknown member', async () => {
    const member = await fundedMember(t, '250.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const main = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/statement?wallet=main`, undefined, 'auditor');
    expect(main.body.data.lines.map((line: { code: string; change: number; balance: number }) => [line.code, line.change, line.balance])).toEqual([
      ['GAME_IN', -250, 0],
      ['DEPOSIT', 250, 250],
    ]);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/statement?wallet=game`, undefined, 'owner')).body.data.balance).toBe(250);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/statement`, undefined, 'marketing')).status).toBe(403);
    expect((await staffCall(t, 'GET', '/admin-api/v1/members/mem_nobody/statement', undefined, 'owner')).status).toBe(404);
  });
});

describe('reward jobs (issue 11 "Reward jobs")', () => {
  it('lists the cashback and affiliate period runs after a "run now", which is audited', async () => {
    const run = await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'finance');
    expect(run.status).toBe(200);
    await staffCall(t, 'POST', '/admin-api/v1/jobs/affiliate', undefined, 'owner');
    const runs = await staffCall(t, 'GET', '/admin-api/v1/jobs/runs', undefined, 'auditor');
    expect(runs.status).toBe(200);
    expect(Array.isArray(runs.body.data)).toBe(true);
    for (const entry of runs.body.data as Array<{ job: string }>) expect(entry.job).toMatch(/cashback|affiliate/);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action IN ('job.cashback', 'job.affiliate')`);
    expect(audit.rowCount).toBe(2);
    expect((await staffCall(t, 'GET', '/admin-api/v1/jobs/runs', undefined, 'support')).status).toBe(403);
  });
});
