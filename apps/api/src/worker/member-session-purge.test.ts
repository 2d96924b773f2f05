import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newIp, type TestApp } from '../test/test-app.ts';
import { purgeExpiredSessions, SESSION_RETENTION_AFTER_EXPIRY_MS } from '../modules/auth/index.ts';
import { PERIODIC_JOBS } from './periodic-jobs.ts';

/**
 * Member sessions are purged (issue 16 §3): sessions expired beyond the retention go, in bounded
 * batches; live ones, recently expired ones and the sign-in a member is using stay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

async function insertSessions(memberId: string, count: number, expiresAt: Date): Promise<void> {
  await t.db.query(
    `INSERT INTO member_sessions (member_id, token_sha256, created_at, expires_at)
     SELECT $1, sha256(convert_to(gen_random_uuid()::text || n, 'UTF8')), $2::timestamptz - interval '1 day', $2 FROM generate_series(1, $3) AS n`,
    [memberId, expiresAt, count],
  );
}

describe('member session purging', () => {
  it('deletes sessions expired beyond the retention in bounded batches and keeps the rest', async () => {
    const { phoneNumber, password } = await t.signUp();
    const token = await t.logIn(phoneNumber, password);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber]);
    const memberId = rows[0]!.id;
    const now = t.context.now();
    await insertSessions(memberId, 25, new Date(now.getTime() - SESSION_RETENTION_AFTER_EXPIRY_MS - 2 * DAY));
    await insertSessions(memberId, 3, new Date(now.getTime() - SESSION_RETENTION_AFTER_EXPIRY_MS + DAY));
    const count = async () => Number((await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM member_sessions WHERE member_id = $1', [memberId])).rows[0]!.n);
    expect(await count()).toBe(29);

    // Two batches of 10 at most: 20 go, 5 old ones wait for the next call.
    expect(await purgeExpiredSessions(t.db, { now, batch: 10, maxBatches: 2 })).toBe(20);
    expect(await count()).toBe(9);
    // The periodic job finishes the backlog.
    const job = PERIODIC_JOBS.find((entry) => entry.name === 'member-session-purge');
    expect(job).toBeDefined();
    expect(await job!.run(t.context)).toEqual({ deleted: 5 });
    expect(await count()).toBe(4);
    expect(await purgeExpiredSessions(t.db, { now })).toBe(0);

    // The live session still authenticates.
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token, ip: newIp() });
    expect(balance.status).toBe(200);
  });
});
