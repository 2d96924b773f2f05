import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipTransfer, SlipVerifyAdapter } from '../../adapters/slip-verify/index.ts';
import { createTestApp, newAccountNumber, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, setRoleDailyLimit, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { buildSlipQr } from './channels/slip/parse-slip-qr.ts';
import { assignHeldDepositInTransaction } from './resolve-held-deposit.ts';

/**
 * Player protection under concurrency (issue 12; docs/adr/0063): deposits of one member credited
 * at the same moment, through the same path or different ones (bank feed, transfer slip, staff
 * assigning a held deposit), never credit more than the member's deposit limit; what does not fit
 * is handled as a single deposit over the limit is (held RG_DEPOSIT_LIMIT and paid back; a staff
 * assignment refused, the money staying held in unallocated), and every baht is accounted for.
 * A time-out or self-exclusion takes effect when it commits: a deposit whose crediting passed its
 * check first is credited before the exclusion exists; one checked later waits for it and is held.
 */

/** The demo site's KBank house account (seed): slips pay into it. */
const HOUSE = { bankCode: '004', account: '0011535946' };
const LIMIT_BAHT = 1000;
const LIMIT_SATANG = 100_000n;

/** A bank the test controls: the transfers it confirms, keyed by bank + reference. */
const slipTransfers = new Map<string, SlipTransfer>();
const fakeSlipProvider: SlipVerifyAdapter = {
  name: 'test',
  async verify(request) {
    const transfer = slipTransfers.get(`${request.sendingBankCode}:${request.transRef}`);
    return transfer ? { found: true, transfer } : { found: false };
  },
};
let slipSequence = 0;
function slipOf(from: { bankCode: string; accountNumber: string }, amountSatang: bigint): string {
  slipSequence += 1;
  const transRef = `L${Date.now()}${slipSequence}`.slice(0, 20);
  slipTransfers.set(`${from.bankCode}:${transRef}`, {
    sendingBankCode: from.bankCode,
    transRef,
    amountSatang,
    occurredAt: new Date(),
    sender: { bankCode: from.bankCode, account: from.accountNumber, name: 'ผู้โอน ทดสอบ' },
    receiver: { bankCode: HOUSE.bankCode, account: HOUSE.account, name: 'บจก. สบาย ดิจิทัล' },
  });
  return buildSlipQr({ sendingBankCode: from.bankCode, transRef });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.context.slipVerify = fakeSlipProvider;
  // Issue 25 §1: the owner credits held deposits alone within a daily limit.
  await setRoleDailyLimit(t, 'owner', 1_000_000);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const noLimits = { day: null, week: null, month: null };
/** A member (KBank account, so their slips are theirs) with a daily deposit limit of LIMIT_BAHT. */
async function limitedMember() {
  const signedUp = await t.signUp({ bankCode: '004' });
  const token = await t.logIn(signedUp.phoneNumber, signedUp.password);
  const set = await t.call({ method: 'PUT', url: '/user-profile-composite/v1/responsible-gaming/limits', token, body: { depositLimit: { ...noLimits, day: LIMIT_BAHT }, lossLimit: noLimits } });
  expect(set.body.data.depositLimit.day).toBe(LIMIT_BAHT);
  const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [signedUp.phoneNumber])).rows[0]!.id;
  return { ...signedUp, token, memberId };
}
type Member = Awaited<ReturnType<typeof limitedMember>>;

const baht = (satang: bigint) => (Number(satang) / 100).toFixed(2);

/** Money from an account bound to nobody: held NO_MATCH in unallocated, for staff to assign. @returns the held deposit's id. */
async function heldForStaff(amountSatang: bigint): Promise<string> {
  const stranger = { bankCode: '014', accountNumber: newAccountNumber() };
  const held = await postFeed(t, 'statement', statementFrom(stranger, baht(amountSatang)), { sourceId: 'src_statement_bbl' });
  expect(held.body.data).toMatchObject({ status: 'held', reason: 'NO_MATCH' });
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM deposits WHERE event_id = $1', [BigInt(held.body.data.eventId)]);
  return rows[0]!.id;
}

type Path = 'feed' | 'slip' | 'staff';
interface Arrival {
  path: Path;
  amountSatang: bigint;
}
/** What became of one arrival: credited to the member, or kept off their play money. */
type Fate = 'credited' | 'refused';

/** Sends one arrival (prepared beforehand: `staffDepositId` for the staff path) and says what became of it. */
async function arrive(m: Member, arrival: Arrival, staffDepositId: string | undefined): Promise<Fate> {
  if (arrival.path === 'feed') {
    const response = await postFeed(t, 'statement', statementFrom(m, baht(arrival.amountSatang)), { sourceId: 'src_statement_bbl' });
    if (response.body.data.status === 'credited') return 'credited';
    expect(response.body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    return 'refused';
  }
  if (arrival.path === 'slip') {
    const response = await t.call({ method: 'POST', url: '/fund-composite/v1/deposit/slip', token: m.token, body: { qrPayload: slipOf(m, arrival.amountSatang) } });
    if (response.body.data?.status === 'credited') return 'credited';
    expect(response.body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    return 'refused';
  }
  const response = await staffCall(t, 'POST', `/admin-api/v1/deposits/${staffDepositId}/assign`, { memberPhoneNumber: m.phoneNumber, note: 'concurrency test' });
  if (response.status === 200) {
    expect(response.body.data).toMatchObject({ status: 'credited' });
    return 'credited';
  }
  // A single assignment past the limit is refused the same way: staff refund it instead.
  expect(response.status).toBe(409);
  expect(response.body.message).toBe('สมาชิกอยู่ในช่วงพักการเล่นหรือเกินวงเงินฝากที่ตั้งไว้ กรุณาคืนเงินแทน');
  return 'refused';
}

/** Sends every arrival at once and checks the limit held, every refusal was due, and every baht is where it should be. */
async function arriveTogether(arrivals: Arrival[]): Promise<void> {
  const m = await limitedMember();
  const staffDepositIds = await Promise.all(arrivals.map((arrival) => (arrival.path === 'staff' ? heldForStaff(arrival.amountSatang) : Promise.resolve(undefined))));
  const fates = await Promise.all(arrivals.map((arrival, index) => arrive(m, arrival, staffDepositIds[index])));

  const { rows } = await t.db.query<{ credited_satang: bigint; credited: bigint; limit_held: bigint; limit_held_open: bigint }>(
    `SELECT coalesce(sum(amount_satang) FILTER (WHERE status = 'credited'), 0)::int8 AS credited_satang,
            count(*) FILTER (WHERE status = 'credited') AS credited,
            count(*) FILTER (WHERE hold_reason = 'RG_DEPOSIT_LIMIT') AS limit_held,
            count(*) FILTER (WHERE hold_reason = 'RG_DEPOSIT_LIMIT' AND status <> 'refunded') AS limit_held_open
     FROM deposits WHERE member_id = $1`,
    [m.memberId],
  );
  const row = rows[0]!;
  const creditedSatang = arrivals.reduce((sum, arrival, index) => (fates[index] === 'credited' ? sum + arrival.amountSatang : sum), 0n);
  // The guarantee: never more than the limit credited, whatever arrived together.
  expect(row.credited_satang).toBeLessThanOrEqual(LIMIT_SATANG);
  expect(row.credited_satang).toBe(creditedSatang);
  expect(Number(row.credited)).toBe(fates.filter((fate) => fate === 'credited').length);
  // And no refusal that was not due: what was refused did not fit next to what was credited.
  arrivals.forEach((arrival, index) => {
    if (fates[index] === 'refused') expect(creditedSatang + arrival.amountSatang).toBeGreaterThan(LIMIT_SATANG);
  });
  // Refused bank-feed and slip deposits are held for the member's protection and paid back.
  const refusedOwn = arrivals.filter((arrival, index) => fates[index] === 'refused' && arrival.path !== 'staff').length;
  expect(Number(row.limit_held)).toBe(refusedOwn);
  expect(Number(row.limit_held_open)).toBe(0);
  // Refused staff assignments leave the money held NO_MATCH in unallocated, for a refund.
  const staffRefused = staffDepositIds.filter((id, index) => id !== undefined && fates[index] === 'refused');
  if (staffRefused.length > 0) {
    const held = await t.db.query<{ status: string; hold_reason: string; member_id: string | null; credit_transfer_id: bigint | null }>(
      'SELECT status, hold_reason, member_id, credit_transfer_id FROM deposits WHERE id = ANY($1::text[])',
      [staffRefused],
    );
    expect(held.rows).toEqual(staffRefused.map(() => ({ status: 'held', hold_reason: 'NO_MATCH', member_id: null, credit_transfer_id: null })));
  }
  // Every baht: the member holds exactly what was credited; the books balance.
  expect(await mainBalance(t, m.token)).toBe(Number(creditedSatang) / 100);
  await expectLedgerSound(t);
}

/** Whole baht from 100 to 900: never over the limit alone, so at least one of any arrivals fits. */
const amountSatang = fc.integer({ min: 100, max: 900 }).map((value) => BigInt(value) * 100n);

describe('deposits of one member arriving at once never credit past their deposit limit (issue 12, docs/adr/0063)', () => {
  it('two bank-feed deposits of 800 and 500 against a limit of 1,000: one credited, the other held and paid back', async () => {
    await arriveTogether([
      { path: 'feed', amountSatang: 80_000n },
      { path: 'feed', amountSatang: 50_000n },
    ]);
  });

  it('a bank-feed deposit, a slip and a staff assignment at once (600 + 500 + 400 against 1,000)', async () => {
    await arriveTogether([
      { path: 'feed', amountSatang: 60_000n },
      { path: 'slip', amountSatang: 50_000n },
      { path: 'staff', amountSatang: 40_000n },
    ]);
  });

  it('holds for any number of arrivals through any mix of paths (property)', async () => {
    // Slip amounts distinct within a round: two slips of one amount and sender are one transfer (docs/adr/0055).
    const arrival = fc.record({ path: fc.constantFrom<Path>('feed', 'slip', 'staff'), amountSatang });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(arrival, { minLength: 2, maxLength: 6, selector: (value) => value.amountSatang }), async (arrivals) => {
        await arriveTogether(arrivals);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});

describe.skipIf(!process.env.DATABASE_URL)('the order of a deposit and what it is checked against (PostgreSQL)', () => {
  /** Until another backend waits for a lock in a statement containing `text`; bounded by attempts, not by a clock. */
  async function untilWaitingOnLock(text: string): Promise<void> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const { rows } = await t.db.query<{ waiting: bigint }>(`SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [`%${text}%`]);
      if (rows[0]!.waiting > 0n) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`nobody waited on a lock in "${text}"`);
  }

  /** Deadlocks PostgreSQL detected in this database so far (the statistics a backend reports when it goes idle, within about 10 s). */
  async function deadlocks(): Promise<bigint> {
    const { rows } = await t.db.query<{ deadlocks: bigint }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
    return rows[0]!.deadlocks;
  }

  it('deposits, a withdrawal and a staff credit of one member at once: no deadlock (the wallet account, then the member row, on every path)', async () => {
    const m = await limitedMember();
    expect((await postFeed(t, 'statement', statementFrom(m, '400.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    const heldId = await heldForStaff(15_000n);
    const before = await deadlocks();
    const [withdrawal, ...fates] = await Promise.all([
      t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: m.token, body: { Amount: 200, Channel: 'BANK' } }),
      arrive(m, { path: 'feed', amountSatang: 30_000n }, undefined),
      arrive(m, { path: 'feed', amountSatang: 35_000n }, undefined),
      arrive(m, { path: 'slip', amountSatang: 25_000n }, undefined),
      arrive(m, { path: 'staff', amountSatang: 15_000n }, heldId),
    ]);
    expect(withdrawal.status).toBe(200);
    const credited = [30_000n, 35_000n, 25_000n, 15_000n].reduce((sum, amount, index) => (fates[index] === 'credited' ? sum + amount : sum), 40_000n);
    expect(credited).toBeLessThanOrEqual(LIMIT_SATANG);
    expect(await mainBalance(t, m.token)).toBe(Number(credited) / 100 - 200);
    await expectLedgerSound(t);
    // A deadlock would have been retried away (the batcher, inLedgerTransaction): count them instead.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await deadlocks()).toBe(before);
  }, 60_000);

  it('a bank-feed deposit arriving while a staff credit of 800 is uncommitted waits for it, then is held past the limit of 1,000', async () => {
    const m = await limitedMember();
    const heldId = await heldForStaff(80_000n);
    let feed: ReturnType<typeof postFeed> | undefined;
    await t.db.transaction(async (tx) => {
      await assignHeldDepositInTransaction(tx, new Date(), { depositId: heldId, actor: 'staff:race-test', actorRole: 'owner', address: null, memberPhoneNumber: m.phoneNumber });
      feed = postFeed(t, 'statement', statementFrom(m, '500.00'), { sourceId: 'src_statement_bbl' });
      await untilWaitingOnLock('');
    });
    expect((await feed!).body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    expect(await mainBalance(t, m.token)).toBe(800);
  });

  it('a deposit checked while a time-out is being recorded waits for it and is held (RG_EXCLUDED)', async () => {
    const m = await limitedMember();
    const now = new Date();
    let feed: ReturnType<typeof postFeed> | undefined;
    await t.db.transaction(async (tx) => {
      // What startExclusion writes, left uncommitted while the deposit arrives.
      await tx.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [m.memberId]);
      await tx.query(`INSERT INTO responsible_gaming_exclusions (member_id, kind, period, starts_at, ends_at) VALUES ($1, 'timeout', '24h', $2, $3)`, [m.memberId, now, new Date(now.getTime() + 86_400_000)]);
      feed = postFeed(t, 'statement', statementFrom(m, '300.00'), { sourceId: 'src_statement_bbl' });
      await untilWaitingOnLock('');
    });
    expect((await feed!).body.data).toMatchObject({ status: 'held', reason: 'RG_EXCLUDED' });
    expect(await mainBalance(t, m.token)).toBe(0);
  });

  it('a time-out asked while a deposit is being credited starts once that deposit commits: credited before, held after', async () => {
    const m = await limitedMember();
    const heldId = await heldForStaff(30_000n);
    let timeout: ReturnType<TestApp['call']> | undefined;
    await t.db.transaction(async (tx) => {
      await assignHeldDepositInTransaction(tx, new Date(), { depositId: heldId, actor: 'staff:race-test', actorRole: 'owner', address: null, memberPhoneNumber: m.phoneNumber });
      timeout = t.call({ method: 'POST', url: '/user-profile-composite/v1/responsible-gaming/exclusion', token: m.token, body: { kind: 'timeout', period: '24h' } });
      await untilWaitingOnLock('FROM members WHERE id = $1 FOR UPDATE');
    });
    expect((await timeout!).status).toBe(200);
    expect(await mainBalance(t, m.token)).toBe(300);
    expect((await postFeed(t, 'statement', statementFrom(m, '200.00'), { sourceId: 'src_statement_bbl' })).body.data).toMatchObject({ status: 'held', reason: 'RG_EXCLUDED' });
  });
});
