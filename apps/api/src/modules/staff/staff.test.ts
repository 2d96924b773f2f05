import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../../lib/audit.ts';
import { ADMIN_ROUTE_PERMISSIONS, STAFF_ROLES, roleMay, type StaffRole } from './staff-roles.ts';
import { createStaffAccount } from './create-staff-account.ts';
import { changeStaffAccount } from './manage-staff-account.ts';
import { currentTotp } from './totp.ts';

let t: TestApp;
let clock = new Date('2026-11-25T03:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const post = (url: string, body: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }).then((response) => ({ status: response.statusCode, body: response.json() }));
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} }).then((response) => ({ status: response.statusCode, body: response.json() }));
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('staff sign-in (issue 11)', () => {
  it('enrols TOTP at the first sign-in, makes the one-time password be changed, and refuses a code the second time', async () => {
    const created = await t.db.transaction((tx) => createStaffAccount(tx, { username: 'Finance.Nok', role: 'finance', actor: 'test', actorRole: null }));
    expect(created.username).toBe('finance.nok');
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);

    const wrong = await post('/admin-api/v1/auth/login', { username: 'finance.nok', password: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'STAFF_INVALID_CREDENTIALS' } });
    const unknown = await post('/admin-api/v1/auth/login', { username: 'nobody', password: 'x' });
    expect(unknown.body.code).toBe('STAFF_INVALID_CREDENTIALS');

    const first = await post('/admin-api/v1/auth/login', { username: 'finance.nok', password: created.oneTimePassword });
    expect(first.body.data.step).toBe('enrol_totp');
    expect(created.otpauthUri).toContain(first.body.data.totpSecret);
    const badCode = await post('/admin-api/v1/auth/totp', { challenge: first.body.data.challenge, code: '000000' });
    expect(badCode.body.code).toBe('STAFF_INVALID_TOTP');
    const code = currentTotp(first.body.data.totpSecret, clock);
    const signedIn = await post('/admin-api/v1/auth/totp', { challenge: first.body.data.challenge, code });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token as string;
    expect(signedIn.body.data.staff).toEqual({ username: 'finance.nok', role: 'finance', mustChangePassword: true });

    // The same code again (a replay, even with a fresh password step) is refused.
    const again = await post('/admin-api/v1/auth/login', { username: 'finance.nok', password: created.oneTimePassword });
    expect(again.body.data.step).toBe('totp');
    expect((await post('/admin-api/v1/auth/totp', { challenge: again.body.data.challenge, code })).body.code).toBe('STAFF_INVALID_TOTP');

    // Nothing but their own calls until the password is their own.
    expect((await get('/admin-api/v1/withdrawals', token)).body.code).toBe('STAFF_PASSWORD_CHANGE_REQUIRED');
    expect((await post('/admin-api/v1/auth/password', { currentPassword: created.oneTimePassword, newPassword: 'password123' }, token)).status).toBe(400);
    expect((await post('/admin-api/v1/auth/password', { currentPassword: created.oneTimePassword, newPassword: 'a-long-password-of-nok' }, token)).status).toBe(200);
    expect((await get('/admin-api/v1/withdrawals', token)).status).toBe(200);
    expect((await get('/admin-api/v1/auth/me', token)).body.data).toMatchObject({ username: 'finance.nok', role: 'finance', mustChangePassword: false, permissions: expect.arrayContaining(['withdrawals.decide']) });
    expect((await get('/admin-api/v1/auth/me', token)).body.data.permissions).not.toContain('staff.manage');

    // Idle for longer than the timeout: the session is over.
    later(31 * 60_000);
    expect((await get('/admin-api/v1/auth/me', token)).status).toBe(401);
  });

  it('locks an account after five failures in a row, even with the right password afterwards', async () => {
    const created = await t.db.transaction((tx) => createStaffAccount(tx, { username: 'support.lock', role: 'support', actor: 'test', actorRole: null }));
    for (let attempt = 0; attempt < 5; attempt += 1) await post('/admin-api/v1/auth/login', { username: 'support.lock', password: 'wrong-password' });
    expect((await post('/admin-api/v1/auth/login', { username: 'support.lock', password: created.oneTimePassword })).body.code).toBe('STAFF_LOCKED');
    later(16 * 60_000);
    expect((await post('/admin-api/v1/auth/login', { username: 'support.lock', password: created.oneTimePassword })).status).toBe(200);
  });

  it('ends the session at sign-out', async () => {
    const token = await t.staffToken('auditor');
    expect((await post('/admin-api/v1/auth/logout', {}, token)).status).toBe(200);
    expect((await get('/admin-api/v1/auth/me', token)).status).toBe(401);
  });
});

describe('staff management (issue 11; owner only)', () => {
  /** A staff account signed in through the screens' own calls (password step, then a fresh code). */
  async function signedIn(role: StaffRole, username: string) {
    const created = await t.db.transaction((tx) => createStaffAccount(tx, { username, role, actor: 'test', actorRole: null }));
    const first = await post('/admin-api/v1/auth/login', { username, password: created.oneTimePassword });
    later(31_000);
    const totp = await post('/admin-api/v1/auth/totp', { challenge: first.body.data.challenge, code: currentTotp(first.body.data.totpSecret, clock) });
    const token = totp.body.data.token as string;
    expect((await post('/admin-api/v1/auth/password', { currentPassword: created.oneTimePassword, newPassword: `${username}-own-password` }, token)).status).toBe(200);
    return { staffId: created.staffId, token };
  }
  const owner = () => t.staffToken('owner');

  it('changes a role (the next call has the new permissions) and disables an account (its session ends at once), audited with the reason', async () => {
    const support = await signedIn('support', 'support.role');
    expect((await get('/admin-api/v1/deposit-channels', support.token)).status).toBe(403);
    const promoted = await post(`/admin-api/v1/staff/${support.staffId}`, { role: 'finance', reason: 'ย้ายไปฝ่ายการเงิน' }, await owner());
    expect(promoted).toMatchObject({ status: 200, body: { data: { id: support.staffId, role: 'finance', status: 'active' } } });
    expect((await get('/admin-api/v1/deposit-channels', support.token)).status).toBe(200);

    const disabled = await post(`/admin-api/v1/staff/${support.staffId}`, { status: 'disabled', reason: 'ลาออก' }, await owner());
    expect(disabled.body.data.status).toBe('disabled');
    expect((await get('/admin-api/v1/auth/me', support.token)).status).toBe(401);
    expect((await post('/admin-api/v1/auth/login', { username: 'support.role', password: 'support.role-own-password' })).body.code).toBe('STAFF_INVALID_CREDENTIALS');

    const { rows } = await t.db.query<{ action: string; reason: string; before: unknown; after: unknown; actor_role: string }>(
      `SELECT action, reason, before, after, actor_role FROM audit_log WHERE subject_id = $1 AND action = 'staff.update' ORDER BY seq`, [support.staffId],
    );
    expect(rows).toEqual([
      expect.objectContaining({ reason: 'ย้ายไปฝ่ายการเงิน', before: { role: 'support', status: 'active' }, after: { role: 'finance', status: 'active' }, actor_role: 'owner' }),
      expect.objectContaining({ reason: 'ลาออก', after: { role: 'finance', status: 'disabled' } }),
    ]);
    // Enabled again, the same password works.
    expect((await post(`/admin-api/v1/staff/${support.staffId}`, { status: 'active', reason: 'กลับมาทำงาน' }, await owner())).status).toBe(200);
    expect((await post('/admin-api/v1/auth/login', { username: 'support.role', password: 'support.role-own-password' })).body.data.step).toBe('totp');
  });

  it('resets a password and the authenticator: a one-time password once, sessions ended, enrolment again at the next sign-in', async () => {
    const auditor = await signedIn('auditor', 'auditor.reset');
    const reset = await t.app.inject({ method: 'POST', url: `/admin-api/v1/staff/${auditor.staffId}/reset`, payload: JSON.stringify({ reason: 'โทรศัพท์หาย' }), headers: { 'content-type': 'application/json', authorization: `Bearer ${await owner()}` } });
    expect(reset.statusCode).toBe(200);
    expect(reset.headers['cache-control']).toBe('no-store');
    const { oneTimePassword } = reset.json().data as { oneTimePassword: string };
    expect((await get('/admin-api/v1/auth/me', auditor.token)).status).toBe(401);
    expect((await post('/admin-api/v1/auth/login', { username: 'auditor.reset', password: 'auditor.reset-own-password' })).body.code).toBe('STAFF_INVALID_CREDENTIALS');
    const again = await post('/admin-api/v1/auth/login', { username: 'auditor.reset', password: oneTimePassword });
    expect(again.body.data.step).toBe('enrol_totp');
    const audit = await t.db.query<{ after: unknown }>(`SELECT after FROM audit_log WHERE subject_id = $1 AND action = 'staff.reset_credentials'`, [auditor.staffId]);
    expect(audit.rows).toEqual([{ after: { mustChangePassword: true, totpEnrolled: false } }]);
    expect(JSON.stringify(audit.rows)).not.toContain(oneTimePassword);
  });

  it('never changes the owner’s own account here, and two owners demoting each other at once leave one owner', async () => {
    const ownerToken = await owner();
    const me = (await get('/admin-api/v1/staff', ownerToken)).body.data.find((row: { username: string }) => row.username === 'test-owner');
    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'auditor', reason: 'ลอง' }, ownerToken)).body.code).toBe('STATE_CONFLICT');

    const first = await signedIn('owner', 'owner.first');
    const second = await signedIn('owner', 'owner.second');
    // Only these two stay owners for the race.
    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'auditor', reason: 'ย้ายไปตรวจสอบ' }, first.token)).status).toBe(200);
    const [a, b] = await Promise.all([
      post(`/admin-api/v1/staff/${second.staffId}`, { role: 'finance', reason: 'สลับหน้าที่' }, first.token),
      post(`/admin-api/v1/staff/${first.staffId}`, { role: 'finance', reason: 'สลับหน้าที่' }, second.token),
    ]);
    // The loser is refused either way: it waited for the winner's locks and finds no other owner
    // (409), or it was authenticated after the winner committed and is no owner any more (403).
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(won.status).toBe(200);
    expect([403, 409]).toContain(lost.status);
    const owners = await t.db.query<{ id: string }>(`SELECT id FROM staff_accounts WHERE role = 'owner' AND status = 'active'`);
    expect(owners.rows).toHaveLength(1);
    const lastOwner = owners.rows[0]!.id === first.staffId ? first : second;

    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'owner' }, lastOwner.token)).status).toBe(400);
    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'auditor', reason: 'ซ้ำ' }, lastOwner.token)).body.code).toBe('VALIDATION_FAILED');
    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'cashier', reason: 'ลอง' }, lastOwner.token)).status).toBe(400);
    expect((await post(`/admin-api/v1/staff/${me.id}`, { role: 'owner', reason: 'คืนสิทธิ์' }, lastOwner.token)).status).toBe(200);
  });
});

describe('the last active owner (PostgreSQL: two transactions really overlap)', () => {
  it.skipIf(!process.env.DATABASE_URL)('an owner demoting the other while that one is demoting them, before either commits: one of them stays owner', async () => {
    const make = (username: string) => t.db.transaction((tx) => createStaffAccount(tx, { username, role: 'owner', actor: 'test', actorRole: null }));
    const [a, b] = [await make('owner.race.a'), await make('owner.race.b')];
    // Only a and b are active owners.
    await t.db.query(`UPDATE staff_accounts SET status = 'disabled' WHERE role = 'owner' AND id NOT IN ($1, $2)`, [a.staffId, b.staffId]);
    try {
      const actorOf = (staffId: string, username: string) => ({ actor: `staff:${username}`, actorStaffId: staffId, actorRole: 'owner', address: null, reason: 'race', now: clock });
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstChanged = false;
      const first = t.db.transaction(async (tx) => {
        await changeStaffAccount(tx, { ...actorOf(a.staffId, 'owner.race.a'), staffId: b.staffId, change: { role: 'finance' } });
        firstChanged = true;
        await firstMayCommit; // a's change is made, not committed
      });
      while (!firstChanged) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = t.db.transaction((tx) => changeStaffAccount(tx, { ...actorOf(b.staffId, 'owner.race.b'), staffId: a.staffId, change: { role: 'finance' } }));
      setTimeout(releaseFirst, 300);
      const [firstResult, secondResult] = await Promise.allSettled([first, second]);
      expect(firstResult.status).toBe('fulfilled');
      expect(secondResult).toMatchObject({ status: 'rejected', reason: { code: 'STATE_CONFLICT' } });
      const owners = await t.db.query<{ id: string }>(`SELECT id FROM staff_accounts WHERE role = 'owner' AND status = 'active'`);
      expect(owners.rows).toEqual([{ id: a.staffId }]);
    } finally {
      await t.db.query(`UPDATE staff_accounts SET status = 'active' WHERE username = 'test-owner'`);
      await t.db.query(`UPDATE staff_accounts SET role = 'owner', status = 'active' WHERE username = 'test-owner'`);
    }
  });
});

describe('the permission matrix (issue 11): every back-office route × every role', () => {
  const routes = Object.entries(ADMIN_ROUTE_PERMISSIONS).map(([key, permission]) => {
    const [method, pattern] = key.split(' ') as ['GET' | 'POST', string];
    return { method, url: pattern.replace(/:(\w+)/g, (_match, name: string) => (name === 'handler' ? 'grant-bonus' : name === 'eventId' ? '999999' : `x_${name}`)), permission };
  });

  it.each(routes)('$method $url: 401 without a session whatever the body, 403 for roles without the permission', async ({ method, url, permission }) => {
    if (permission === null) return;
    const send = (token?: string) => {
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return method === 'POST'
        ? t.app.inject({ method, url, payload: '{"nonsense": [1, 2', headers: { 'content-type': 'application/json', ...auth } })
        : t.app.inject({ method, url, headers: auth });
    };
    expect((await send()).statusCode).toBe(401);
    expect((await send('stf_' + 'A'.repeat(43))).statusCode).toBe(401);
    for (const role of STAFF_ROLES as readonly StaffRole[]) {
      // The live stream never ends by itself: an allowed role's stream is tested in dashboard.test.ts.
      if (url === '/admin-api/v1/events' && roleMay(role, permission)) continue;
      const response = await send(await t.staffToken(role));
      if (roleMay(role, permission)) expect([role, response.statusCode]).not.toEqual([role, 403]);
      else expect([role, response.statusCode, response.json().code]).toEqual([role, 403, 'STAFF_FORBIDDEN']);
    }
  });

  it('refuses to register a back-office route that is not in the matrix', async () => {
    const { registerAdminGuard } = await import('../../plugins/admin-guard.ts');
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    registerAdminGuard(app, t.context);
    expect(() => app.get('/admin-api/v1/secret-new-thing', async () => 'open')).toThrow(/no permission/);
  });
});

describe('the audit trail (issue 11)', () => {
  it('pages newest first by chain position and filters by target id on the server', async () => {
    const owner = await t.staffToken('owner');
    for (const username of ['page.one', 'page.two', 'page.three']) expect((await post('/admin-api/v1/staff', { username, role: 'auditor' }, owner)).status).toBe(200);
    const first = (await get('/admin-api/v1/audit?action=staff.create&limit=2', owner)).body.data as Array<{ seq: string; after: { username: string } }>;
    expect(first.map((entry) => entry.after.username)).toEqual(['page.three', 'page.two']);
    const older = (await get(`/admin-api/v1/audit?action=staff.create&limit=2&beforeSeq=${first[1]!.seq}`, owner)).body.data as typeof first;
    expect(older[0]!.after.username).toBe('page.one');
    expect(BigInt(older[0]!.seq)).toBeLessThan(BigInt(first[1]!.seq));
    const one = await t.db.query<{ id: string }>(`SELECT id FROM staff_accounts WHERE username = 'page.two'`);
    const byTarget = (await get(`/admin-api/v1/audit?subjectId=${one.rows[0]!.id}`, owner)).body.data as typeof first;
    expect(byTarget.map((entry) => entry.after.username)).toEqual(['page.two']);
  });

  it('chains every row, and verify stops at the first row changed afterwards', async () => {
    const owner = await t.staffToken('owner');
    expect((await post('/admin-api/v1/staff', { username: 'marketing.ploy', role: 'marketing' }, owner)).status).toBe(200);
    const sound = await verifyAuditChain(t.db);
    expect(sound.firstBreak).toBeNull();
    expect(sound.rows).toBeGreaterThan(3);
    const entries = await get('/admin-api/v1/audit?action=staff.create', owner);
    expect(entries.body.data[0]).toMatchObject({ actor: 'staff:test-owner', role: 'owner', action: 'staff.create', after: { username: 'marketing.ploy', role: 'marketing' } });
    expect((await get('/admin-api/v1/audit/verify', owner)).status).toBe(200);

    // Someone with database access rewrites history (lifting the append-only trigger to do it).
    const { rows } = await t.db.query<{ seq: bigint }>(`SELECT seq FROM audit_log WHERE action = 'staff.create' ORDER BY seq LIMIT 1`);
    const tampered = rows[0]!.seq;
    await t.db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    await t.db.query(`UPDATE audit_log SET details = '{"role":"owner"}' WHERE seq = $1`, [tampered]);
    await t.db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    expect((await verifyAuditChain(t.db)).firstBreak).toEqual({ seq: tampered, problem: 'hash' });
    expect((await get('/admin-api/v1/audit/verify', owner)).status).toBe(409);
  });
});
