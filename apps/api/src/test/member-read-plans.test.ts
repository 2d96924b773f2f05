import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryOptions } from '@sabai/db';
import { expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, newIp, type TestApp } from './test-app.ts';
import { unboundedScansOf } from './plan-scans.ts';
import { PERIOD_NET_LOSSES_SQL } from '../modules/cashback/index.ts';
import { PERIOD_REFERRED_NET_LOSSES_SQL } from '../modules/affiliate/index.ts';

/**
 * Member reads cost the member's own history, never the whole ledger (issue 16 §3,
 * docs/adr/0023). Every statement the member calls run (deposit and cashback history, an empty
 * page past the end, withdraw history, balance, refresh, turnover, affiliate summary) is captured and
 * EXPLAINed with `enable_seqscan = off` on tables analyzed with thousands of other members' rows:
 * a Seq Scan that remains, or an index scan whose condition misses the index's leading column (a
 * walk of the whole index, e.g. the primary key in id order), on a ledger_* table or bet_rounds
 * means no index can reach the member's rows. The reward period
 * jobs' round queries are checked the same way. PostgreSQL only: PGlite has no planner statistics
 * worth trusting and runs single-connection.
 */
let t: TestApp;
const captured: Array<{ sql: string; params: readonly unknown[] }> = [];
let isCapturing = false;
/** Login's statements that read member_sessions (docs/adr/0065), captured by the same wrapper. */
const sessionReads: Array<{ sql: string; params: readonly unknown[] }> = [];
let isCapturingSessions = false;

const isWatched = (relation: string) => relation.startsWith('ledger_') || relation === 'bet_rounds';
/** The scans of ledger_* / bet_rounds in a statement's plan with sequential scans off (test/plan-scans.ts). */
const unboundedScansOfRead = (sql: string, params: readonly unknown[]) => unboundedScansOf(t.db, sql, params, { disabled: ['enable_seqscan'], rules: { isWatched } });

beforeAll(async () => {
  t = await createTestApp();
  for (const db of new Set<Queryable>([t.db, t.context.db])) {
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      if (isCapturing && /\b(ledger_\w+|bet_rounds)\b/.test(sql) && !sql.trimStart().startsWith('EXPLAIN')) captured.push({ sql, params: params ?? [] });
      if (isCapturingSessions && /\bmember_sessions\b/.test(sql) && !sql.trimStart().startsWith('EXPLAIN')) sessionReads.push({ sql, params: params ?? [] });
      return query(sql, params, options);
    }) as Queryable['query'];
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!process.env.DATABASE_URL)('member read plans (PostgreSQL)', () => {
  it('reaches only the member’s own ledger rows and the period’s own rounds', async () => {
    const referrer = await t.signUp();
    const member = await t.signUp({ affiliateKey: referrer.affiliateKey });
    const token = await t.logIn(member.phoneNumber, member.password);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    const referrerId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [referrer.phoneNumber])).rows[0]!.id;
    // The member's own money: a few deposits and a cashback.
    for (let n = 0; n < 3; n += 1) {
      await inLedgerTransaction(t.db, async (tx) => {
        expectPosted(await postTransfer(tx, {
          idempotencyKey: `plan-test:deposit:${n}`,
          code: 'DEPOSIT',
          debitAccountId: await requireAccountId(tx, 'house:expense:adjustment'),
          creditAccountId: await requireMemberAccountId(tx, memberId, n === 2 ? 'cashback' : 'main'),
          amountSatang: 10_000n,
        }));
      });
    }
    // Everyone else's: 20,000 transfers between house accounts and 20,000 rounds over 20 days, 1 in
    // 200 the member's own (the rest the referrer's: a member's rounds are a small share of them all).
    await t.db.query(
      `INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang, created_at)
       SELECT 'plan-test:other:' || n, 'DEPOSIT', 'single', (SELECT id FROM ledger_accounts WHERE code = 'house:expense:bonus'),
              (SELECT id FROM ledger_accounts WHERE code = 'house:unallocated_deposits'), 100, now() - n * interval '1 minute'
       FROM generate_series(1, 20000) AS n`,
    );
    await t.db.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted)
       SELECT t.id, x.account_id, x.debit, x.credit FROM ledger_transfers t
       CROSS JOIN LATERAL (VALUES (t.debit_account_id, t.amount_satang, 0::int8), (t.credit_account_id, 0::int8, t.amount_satang)) AS x(account_id, debit, credit)
       WHERE t.idempotency_key LIKE 'plan-test:other:%'`,
    );
    await t.db.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
       SELECT 'plan-test', 'r' || n, CASE WHEN n % 200 = 0 THEN $1 ELSE $2 END, 'slot', 1000, 500, 'loss', 'settled', now() - n * interval '90 seconds'
       FROM generate_series(1, 20000) AS n`,
      [memberId, referrerId],
    );
    await t.db.query('ANALYZE ledger_transfers, ledger_entries, ledger_accounts, bet_rounds, deposits, withdrawals, affiliate_withdrawals');

    isCapturing = true;
    const ip = newIp();
    const calls = [
      '/user-profile-composite/v1/history/deposit?page=1&pageSize=20',
      '/user-profile-composite/v1/history/deposit?page=1&pageSize=20&type=cashback',
      '/user-profile-composite/v1/history/deposit?page=50&pageSize=20',
      '/user-profile-composite/v1/history/withdraw?page=1&pageSize=20',
      '/user-profile-composite/v1/profile/balance',
      '/auth-service/v1/refresh',
      // Turnover and its requirements in one statement (wallet readTurnover): refresh with a bonus, withdrawal rules.
      '/rolling-composite/v1/get-rolling',
      '/user-profile-composite/v1/users/affiliate',
    ];
    for (const url of calls) {
      const response = await t.call({ method: 'GET', url, token, ip });
      expect(response.status, url).toBe(200);
    }
    const referrerToken = await t.logIn(referrer.phoneNumber, referrer.password);
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate', token: referrerToken, ip })).status).toBe(200);
    isCapturing = false;
    expect(captured.some((entry) => entry.sql.includes('ledger_transfers'))).toBe(true);

    const offending: string[] = [];
    for (const entry of captured) {
      for (const scan of await unboundedScansOfRead(entry.sql, entry.params)) offending.push(`${scan}: ${entry.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    const day = [new Date(Date.now() - 86_400_000), new Date()];
    for (const sql of [PERIOD_NET_LOSSES_SQL, PERIOD_REFERRED_NET_LOSSES_SQL]) {
      for (const scan of await unboundedScansOfRead(sql, day)) offending.push(`${scan}: ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    expect(offending).toEqual([]);
  }, 180_000);

  it('login’s known-address check reaches only the member’s own sessions (migration 0057)', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const otherId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [other.phoneNumber])).rows[0]!.id;
    // Everyone else's sessions: 20,000 of another member's, created over the last 20 days, half revoked.
    await t.db.query(
      `INSERT INTO member_sessions (member_id, token_sha256, created_at, expires_at, ip_address, revoked_at, revoked_reason)
       SELECT $1, sha256(('plan-test-session-' || n)::bytea), now() - n * interval '90 seconds', now() + interval '1 day', '10.1.' || (n % 200) || '.' || (n % 250),
              CASE WHEN n % 2 = 0 THEN now() END, CASE WHEN n % 2 = 0 THEN 'logout' END
       FROM generate_series(1, 20000) AS n`,
      [otherId],
    );
    await t.db.query('ANALYZE member_sessions');
    isCapturingSessions = true;
    await t.logIn(member.phoneNumber, member.password);
    isCapturingSessions = false;
    const reads = sessionReads.filter((entry) => /\bip_address\b/.test(entry.sql) && entry.sql.trimStart().startsWith('SELECT'));
    expect(reads.length, 'login read member_sessions for its known-address check').toBeGreaterThan(0);
    const offending: string[] = [];
    for (const entry of reads) {
      const scans = await unboundedScansOf(t.db, entry.sql, entry.params, { disabled: ['enable_seqscan'], rules: { isWatched: (relation) => relation === 'member_sessions' } });
      for (const scan of scans) offending.push(`${scan}: ${entry.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    expect(offending).toEqual([]);
  }, 180_000);
});
