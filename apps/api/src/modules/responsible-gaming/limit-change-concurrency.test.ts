import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, statementFrom } from '../../test/money-helpers.ts';
import { depositRefusal } from './member-protection.ts';

/**
 * Limit changes under concurrency (issue 12; the re-read finding of docs/adr/0063): a member's
 * limit changes are decided one after the other, so two at once can never skip the 24-hour
 * cooling-off of a raise; and a lower limit takes effect when it commits, serialised with a
 * deposit being credited (the deposit past its check first is credited, the next one counts
 * against the new limit).
 */

const base = '/user-profile-composite/v1/responsible-gaming';
const noLimits = { day: null, week: null, month: null };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

async function member() {
  const details = await t.signUp();
  const token = await t.logIn(details.phoneNumber, details.password);
  const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [details.phoneNumber])).rows[0]!.id;
  return { ...details, token, memberId };
}

const setDayLimit = (token: string, kind: 'depositLimit' | 'lossLimit', day: number | null) =>
  t.call({
    method: 'PUT',
    url: `${base}/limits`,
    token,
    body: kind === 'depositLimit' ? { depositLimit: { ...noLimits, day }, lossLimit: noLimits } : { depositLimit: noLimits, lossLimit: { ...noLimits, day } },
  });

/** The limits in force and waiting, as the member reads them. */
async function limitsOf(token: string) {
  const read = await t.call({ method: 'GET', url: `${base}/limits`, token });
  expect(read.status).toBe(200);
  return read.body.data as { depositLimit: { day: number | null }; lossLimit: { day: number | null }; pending: Array<{ kind: string; period: string; amount: number | null }> };
}

/** Resolves once some statement of this database waits for a lock (PostgreSQL), or after a moment (PGlite serialises every transaction). */
async function untilSomeoneWaitsForALock(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await t.db.query<{ waiting: bigint }>(
      `SELECT count(*) AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
    );
    if (rows[0]!.waiting > 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement ever waited for a lock: the limit change is not serialised with the deposit');
}

describe('limit changes under concurrency (issue 12)', () => {
  it('two changes at once from no limit: the lower is in force, the higher waits its 24 hours (property, deposit and loss limits)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('depositLimit' as const, 'lossLimit' as const),
        fc.integer({ min: 1, max: 50 }).map((n) => n * 100),
        fc.integer({ min: 1, max: 50 }).map((n) => n * 100),
        async (kind, first, second) => {
          const m = await member();
          const answers = await Promise.all([setDayLimit(m.token, kind, first), setDayLimit(m.token, kind, second)]);
          expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
          const limits = await limitsOf(m.token);
          const inForce = kind === 'depositLimit' ? limits.depositLimit.day : limits.lossLimit.day;
          expect(inForce).toBe(Math.min(first, second));
          const waiting = limits.pending.filter((change) => change.period === 'day');
          // Decided one after the other: whichever came second is a raise (waits) or a cut (at once).
          if (first === second) expect(waiting).toEqual([]);
          else expect(waiting.length === 0 || (waiting.length === 1 && waiting[0]!.amount === Math.max(first, second))).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a lower deposit limit waits for a deposit past its check, then the next deposit counts against it', async () => {
    const m = await member();
    expect((await setDayLimit(m.token, 'depositLimit', 1000)).status).toBe(200);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let isDepositCommitted = false;
    // A crediting transaction past its check (the same locks a bank-feed credit holds until it commits).
    const crediting = t.db.transaction(async (tx) => {
      expect(await depositRefusal(tx, m.memberId, 60_000n, new Date())).toBeNull();
      await gate;
    }).then(() => {
      isDepositCommitted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lowering = setDayLimit(m.token, 'depositLimit', 500).then((answer) => ({ answer, isDepositCommittedFirst: isDepositCommitted }));
    try {
      await untilSomeoneWaitsForALock();
    } finally {
      openGate();
    }
    await crediting;
    const lowered = await lowering;
    expect(lowered.answer.status).toBe(200);
    expect(lowered.isDepositCommittedFirst).toBe(true);
    expect((await limitsOf(m.token)).depositLimit.day).toBe(500);
    // The new limit counts from the next deposit: 400 fits 500 (nothing credited yet), 200 more does not.
    expect((await postFeed(t, 'statement', statementFrom(m, '400.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    expect((await postFeed(t, 'statement', statementFrom(m, '200.00'), { sourceId: 'src_statement_bbl' })).body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    expect(await mainBalance(t, m.token)).toBe(400);
  });
});
