import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, setRoleDailyLimit, staffCall } from '../../test/money-helpers.ts';
import { dailyReportCsv, UTF8_BOM } from './daily-report.ts';
import { readAccountBalance, requireMemberAccountId } from '@sabai/ledger';

/** Reports, the member ledger statement and the reward runs in the back office (issue 11). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Issue 25 §1: finance adjusts alone within a daily limit (the property makes many small adjustments).
  await setRoleDailyLimit(t, 'finance', 10_000_000);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const toSatang = (baht: number) => BigInt(Math.round(baht * 100));
const memberIdOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;

describe('the daily report (issue 11 "Reports")', () => {
  it('totals today’s credited deposits by channel, for finance, owner and auditor only', async () => {
    const today = bangkokToday();
    const before = await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${today}&to=${today}`, undefined, 'auditor');
    expect(before.status).toBe(200);
    const channelOf = (report: { channels: Array<{ channel: string; deposits: number; depositCount: number }> }, id: string) => report.channels.find((row) => row.channel === id);
    const { rows } = await t.db.query<{ channel_id: string }>(`SELECT channel_id FROM bank_feed_sources WHERE id = 'src_statement_bbl'`);
    const channel = rows[0]!.channel_id;
    const countBefore = channelOf(before.body.data, channel)?.depositCount ?? 0;
    const sumBefore = toSatang(channelOf(before.body.data, channel)?.deposits ?? 0);
    await fundedMember(t, '1100.50');
    await fundedMember(t, '99.25');
    const after = await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${today}&to=${today}`, undefined, 'finance');
    const row = channelOf(after.body.data, channel)!;
    expect(row.depositCount).toBe(countBefore + 2);
    expect(toSatang(row.deposits) - sumBefore).toBe(119_975n);
    expect(row).toMatchObject({ day: today, withdrawalCount: 0, withdrawals: 0, net: row.deposits });
    for (const role of ['support', 'marketing'] as const) expect((await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${today}&to=${today}`, undefined, role)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily?from=${today}&to=${today}` })).statusCode).toBe(401);
    expect((await staffCall(t, 'GET', '/admin-api/v1/reports/daily?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await staffCall(t, 'GET', '/admin-api/v1/reports/daily?from=2025-01-01&to=2026-01-01')).status).toBe(400);
  });

  it('exports CSV for Excel: text/csv, UTF-8 BOM, Thai header, a line per channel and a day total with the reward costs', async () => {
    const today = bangkokToday();
    const token = await t.staffToken('owner');
    const response = await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="sabai-report-${today}-${today}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('วันที่,ช่องทาง,จำนวนรายการฝาก,ยอดฝาก,จำนวนรายการถอน,ยอดถอน,สุทธิ,ต้นทุนโบนัส,คืนยอดเสีย,ค่าแนะนำเพื่อน');
    expect(lines.some((line) => line.startsWith(`${today},รวม,`))).toBe(true);
    const auditorToken = await t.staffToken('support');
    expect((await t.app.inject({ method: 'GET', url: `/admin-api/v1/reports/daily.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${auditorToken}` } })).statusCode).toBe(403);
  });

  it('writes exact baht amounts, quotes what needs quoting, and adds a total line per day', () => {
    const csv = dailyReportCsv({
      channels: [
        { day: '2026-11-24', channel: 'chn_a,b', depositCount: 2, depositsSatang: 10_000_001n, withdrawalCount: 0, withdrawalsSatang: 0n },
        { day: '2026-11-24', channel: 'payout', depositCount: 0, depositsSatang: 0n, withdrawalCount: 1, withdrawalsSatang: 10_000_010n },
      ],
      rewards: [{ day: '2026-11-24', bonusSatang: 5_000n, cashbackSatang: 1n, affiliateSatang: 0n }],
    });
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n').slice(1)).toEqual([
      '2026-11-24,"chn_a,b",2,100000.01,0,0.00,100000.01,,,',
      '2026-11-24,payout,0,0.00,1,100000.10,-100000.10,,,',
      '2026-11-24,รวม,2,100000.01,1,100000.10,-0.09,50.00,0.01,0.00',
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
