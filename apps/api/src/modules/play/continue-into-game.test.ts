import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember } from '../../test/money-helpers.ts';
import { ledgerGame, liveGame, memberIdOf, postedWallets, setTransferFault } from '../../test/partner-helpers.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { continueIntoGame, moveGameCredit, readGameMoveSnapshot, reconcileGameTransfers } from './index.ts';

/**
 * docs/adr/0071: a credited deposit's move into the game (the worker's `continue-into-game`) reads
 * player protection with the game snapshot under the member's money lock, reserves the snapshot's
 * main balance in one statement and settles in one. Every guarantee of before: the lock (no wait),
 * protection and partner outages leave the money in main, the reservation is committed before the
 * partner is called, a second run moves nothing, and nothing is created or lost — also with a
 * launch of the same member at the same moment (PostgreSQL: DATABASE_URL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxFaultHoldMs: 1_500 });
});
afterAll(async () => {
  await setTransferFault(t, 'ok');
  await expectLedgerSound(t);
  await t.close();
});

/** A funded member whose money is back in the main wallet (the deposit's own continuation moved it in; brought out again). */
async function memberWithMain(amount: string) {
  const member = await fundedMember(t, amount);
  const memberId = await memberIdOf(t, member.phoneNumber);
  expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
  return { ...member, memberId };
}

const gameIns = async (memberId: string) =>
  (await t.db.query<{ status: string; amount_satang: bigint }>(`SELECT status, amount_satang FROM game_transfers WHERE member_id = $1 AND direction = 'in' ORDER BY created_at`, [memberId])).rows;

describe('continue-into-game', () => {
  it('moves the main wallet into the game in five statements of its own, records its settlement already relayed, and moves nothing on a second run', async () => {
    const { memberId } = await memberWithMain('250.00');
    const before = (await gameIns(memberId)).length;
    const counter = countStatements(t.db);
    counter.start();
    expect(await continueIntoGame(t.context, memberId)).toBe('moved');
    const counted = counter.stop();
    // Lock take, snapshot (account, transfer in flight, wallets, protection), reservation, settlement, lock release.
    expect(counted.statements, counted.texts.join('\n')).toBe(5);
    expect(await postedWallets(t, memberId)).toEqual({ main: 0n, game: 25_000n });
    expect(await liveGame(t, memberId)).toBe(25_000n);
    const { rows } = await t.db.query<{ is_relayed: boolean }>(
      `SELECT dispatched_at = created_at AS is_relayed FROM outbox_events WHERE kind = 'game-transfer.settled' AND member_id = $1 ORDER BY id DESC LIMIT 1`,
      [memberId],
    );
    expect(rows).toEqual([{ is_relayed: true }]);
    expect(await continueIntoGame(t.context, memberId)).toBe('left-in-main');
    expect((await gameIns(memberId)).length).toBe(before + 1);
  });

  it('leaves the money in main while the member holds the money lock (no wait), and for an excluded member', async () => {
    const { memberId } = await memberWithMain('120.00');
    await t.db.query(`INSERT INTO member_money_locks (member_id, holder, expires_at) VALUES ($1, 'test-holder', clock_timestamp() + interval '1 minute')`, [memberId]);
    try {
      expect(await continueIntoGame(t.context, memberId)).toBe('left-in-main');
    } finally {
      await t.db.query(`DELETE FROM member_money_locks WHERE member_id = $1 AND holder = 'test-holder'`, [memberId]);
    }
    await t.db.query(
      `INSERT INTO responsible_gaming_exclusions (member_id, kind, period, starts_at, ends_at) VALUES ($1, 'timeout', '24h', now() - interval '1 minute', now() + interval '1 day')`,
      [memberId],
    );
    expect(await continueIntoGame(t.context, memberId)).toBe('left-in-main');
    expect(await postedWallets(t, memberId)).toEqual({ main: 12_000n, game: 0n });
  });

  it('reads the balance again when the main wallet shrank after the snapshot: moves what is there, once', async () => {
    const { memberId } = await memberWithMain('300.00');
    const snapshot = await readGameMoveSnapshot(t.context, memberId);
    expect(snapshot.mainAvailableSatang).toBe(30_000n);
    // A debit of main after the snapshot (staff's adjustment, not under the member's lock).
    expectPosted(await postTransfer(t.db, {
      idempotencyKey: `continue-into-game:debit:${memberId}`,
      code: 'ADJUSTMENT',
      debitAccountId: await requireMemberAccountId(t.db, memberId, 'main'),
      creditAccountId: await requireAccountId(t.db, 'house:expense:adjustment'),
      amountSatang: 10_000n,
    }));
    const moved = await moveGameCredit(t.context, { memberId, direction: 'in', amountSatang: 'all', known: snapshot });
    expect(moved).toMatchObject({ status: 'succeeded', amountSatang: 20_000n });
    expect(await postedWallets(t, memberId)).toEqual({ main: 0n, game: 20_000n });
    // The refused attempt wrote no row: the deposit's GAME_IN and this one, both succeeded.
    expect((await gameIns(memberId)).map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('with a launch of the same member at the same moment: the money moves once, nothing is created or lost', async () => {
    for (let round = 0; round < 4; round += 1) {
      const member = await memberWithMain('180.00');
      const [continued, launched] = await Promise.all([
        continueIntoGame(t.context, member.memberId),
        t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: 'sabai-slot-golden-elephant' } }),
      ]);
      expect(['moved', 'left-in-main']).toContain(continued);
      expect([200, 409]).toContain(launched.status);
      // Whoever held the lock moved it; a continuation that found it busy left it for the launch.
      if (launched.status === 200 || continued === 'moved') expect(await postedWallets(t, member.memberId)).toEqual({ main: 0n, game: 18_000n });
      expect(await ledgerGame(t, member.memberId)).toBe(await liveGame(t, member.memberId));
      const moves = await gameIns(member.memberId);
      expect(moves.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amount_satang, 0n)).toBe(36_000n);
    }
    await expectLedgerSound(t);
  });

  it.each(['timeout_after_applying', 'error_before_applying', 'slow'] as const)('with the partner fault %s: reserved before the call, settled by the answer or the reconciliation, ledger and partner agree', async (fault) => {
    const { memberId } = await memberWithMain('150.00');
    await setTransferFault(t, fault);
    let outcome;
    try {
      outcome = await continueIntoGame(t.context, memberId);
    } finally {
      await setTransferFault(t, 'ok');
    }
    if (fault !== 'slow') {
      // No answer: the reservation was committed before the call and stays `sending` for the reconciliation.
      expect(outcome).toBe('left-in-main');
      expect((await gameIns(memberId)).at(-1)?.status).toBe('sending');
    }
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    if (fault === 'error_before_applying') {
      await t.db.query(`UPDATE game_transfers SET created_at = now() - ($2 + 1000) * interval '1 millisecond' WHERE member_id = $1 AND status = 'sending'`, [
        memberId,
        t.context.config.GAME_TRANSFER_VOID_GRACE_MS,
      ]);
      await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    }
    expect((await t.db.query(`SELECT 1 FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId])).rowCount).toBe(0);
    expect(await ledgerGame(t, memberId)).toBe(await liveGame(t, memberId));
    // Never applied: voided, the money back in main; applied: in the game.
    expect(await postedWallets(t, memberId)).toEqual(fault === 'error_before_applying' ? { main: 15_000n, game: 0n } : { main: 0n, game: 15_000n });
  });
});
