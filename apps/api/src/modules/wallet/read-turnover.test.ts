import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { Queryable, QueryOptions } from '@sabai/db';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addWageringRequirement, getTurnover, readTurnover } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const DAY_MS = Date.parse('2026-11-20T06:00:00Z');
const minute = (n: number) => new Date(DAY_MS + n * 60_000);

async function newMemberId(): Promise<string> {
  const member = await t.signUp();
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
  return rows[0]!.id;
}

async function round(memberId: string, label: string, stakeSatang: bigint, settledAt: Date, result: 'win' | 'loss' | 'draw' = 'loss', status = 'settled') {
  await t.db.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
     VALUES ('sabai-sandbox', $1, $2, 'sabai-baccarat-1', $3, 0, $4, $5, $6)`,
    [`turnover-${label}-${memberId}`, memberId, stakeSatang, result, status, settledAt],
  );
}

/**
 * A wagering requirement of 2× `creditedSatang` created at `now`, on a real transfer: income paid
 * into the affiliate wallet and moved into main, the shape of the affiliate income move.
 */
async function requirement(memberId: string, label: string, creditedSatang: bigint, now: Date): Promise<void> {
  await t.db.transaction(async (tx) => {
    expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `test-turnover:income:${label}:${memberId}`,
        code: 'ADJUSTMENT',
        debitAccountId: await requireAccountId(tx, 'house:expense:adjustment'),
        creditAccountId: await requireMemberAccountId(tx, memberId, 'affiliate'),
        amountSatang: creditedSatang,
      }),
    );
    const moveId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `test-turnover:move:${label}:${memberId}`,
        code: 'AFFILIATE',
        debitAccountId: await requireMemberAccountId(tx, memberId, 'affiliate'),
        creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
        amountSatang: creditedSatang,
        source: { type: 'affiliate_income_move', id: `${label}:${memberId}` },
      }),
    );
    await addWageringRequirement(tx, { memberId, sourceType: 'affiliate_income', sourceTransferId: moveId, creditedSatang, turnoverMultiple: 2, now });
  });
}

/** `db` whose statements are counted. */
function counted(db: Queryable): { db: Queryable; statements: () => number } {
  let statements = 0;
  const wrapper = Object.create(db) as Queryable;
  wrapper.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    statements += 1;
    return db.query(sql, params, options);
  }) as Queryable['query'];
  return { db: wrapper, statements: () => statements };
}

describe('readTurnover', () => {
  it('reads a member without rounds or requirements as no turnover and nothing owed', async () => {
    const memberId = await newMemberId();
    expect(await readTurnover(t.db, memberId)).toEqual({ totalSatang: 0n, rounds: 0, grant: null, wageringRequirements: [] });
    expect(await getTurnover(t.db, memberId)).toEqual({ nowSatang: 0n, neededSatang: 0n, countedRounds: 0 });
  });

  it('counts settled wins and losses only, and starts each requirement at the turnover settled by its creation, in one statement', async () => {
    const memberId = await newMemberId();
    await round(memberId, 'a', 10_000n, minute(0));
    await round(memberId, 'b', 5_000n, minute(1), 'win');
    await round(memberId, 'draw', 7_000n, minute(2), 'draw'); // a draw turns nothing over
    await round(memberId, 'cancelled', 9_000n, minute(3), 'loss', 'cancelled');
    await requirement(memberId, 'first', 4_000n, minute(5)); // starts at 150.00, needs 80.00
    await round(memberId, 'c', 20_000n, minute(10));
    await requirement(memberId, 'second', 1_000n, minute(20)); // starts at 350.00, needs 20.00
    // Settled before the second requirement but pulled after it: counted in its start, not towards it.
    await round(memberId, 'late', 3_000n, minute(15));

    const reader = counted(t.db);
    expect(await readTurnover(reader.db, memberId)).toEqual({
      totalSatang: 38_000n,
      rounds: 4,
      grant: null,
      wageringRequirements: [
        { startSatang: 15_000n, neededSatang: 8_000n },
        { startSatang: 38_000n, neededSatang: 2_000n },
      ],
    });
    expect(reader.statements()).toBe(1);
    // Stacked (turnoverTowards): from 150.00 the first finishes at 230.00, the second at 400.00.
    expect(await getTurnover(t.db, memberId)).toEqual({ nowSatang: 23_000n, neededSatang: 25_000n, countedRounds: 4 });
  });
});
