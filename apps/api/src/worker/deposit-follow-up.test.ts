import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTransfersByKeys, postedCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { expectLedgerSound, postFeed, statementFrom } from '../test/money-helpers.ts';
import { ledgerGame, liveGame, memberIdOf, postedWallets } from '../test/partner-helpers.ts';
import { dispatchOutboxEvents, retryDeadDelivery, runOutboxDelivery, type OutboxEvent, type OutboxHandler } from '../modules/outbox/index.ts';
import { runOutboxInline } from './run-outbox-inline.ts';
import { handlersFor, OUTBOX_HANDLERS, readDispatchFacts } from './outbox-handlers.ts';

/**
 * docs/adr/0075: a credited deposit's one `deposit-follow-up` delivery decides the bonus and earns
 * the wheel credit in one transaction, committed once (the delivery staged), then moves the main
 * wallet — deposit and bonus — into the game. A move that fails (a lost worker, a database error)
 * is retried alone: the bonus is never granted twice nor decided again, the wheel credit never
 * earned twice, and the money moves once; so too when the same delivery runs several times at
 * once (a job taken twice). Real deposits through the bank feed, the test app's inline outbox run
 * paused so the test runs the delivery itself; both databases (PostgreSQL: DATABASE_URL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t.outboxInline.paused = false;
  await expectLedgerSound(t);
  await t.close();
});

/** A member who asked for bonuses (their first deposit qualifies for the demo's welcome-100: 100 %). */
async function bonusMember() {
  const member = await t.signUp({ isBonus: true });
  return { ...member, memberId: await memberIdOf(t, member.phoneNumber) };
}

/** Credits `amount` baht from the member's bound account, the follow-up left waiting; relays it. @returns the delivery's event id and the deposit id. */
async function creditWithFollowUpWaiting(member: { bankCode: string; accountNumber: string; memberId: string }, amount: string) {
  t.outboxInline.paused = true;
  try {
    const answer = await postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
    expect(answer.body.data?.status).toBe('credited');
    const planned: Array<{ eventId: bigint; handler: string; depositId: string }> = [];
    await dispatchOutboxEvents(t.db, {
      handlersFor: (event, facts) => handlersFor(event, t.context.config, facts),
      readFacts: readDispatchFacts,
      enqueue: async (_tx, deliveries) => {
        for (const { event, handler } of deliveries) {
          if (event.kind !== 'deposit.credited' || event.memberId !== member.memberId) continue;
          const { depositId } = (event as OutboxEvent<'deposit.credited'>).payload;
          planned.push({ eventId: event.id, handler, depositId });
        }
      },
    });
    expect(planned.map((delivery) => delivery.handler)).toEqual(['deposit-follow-up']);
    return planned[0]!;
  } finally {
    t.outboxInline.paused = false;
  }
}

const followUp = (): OutboxHandler => OUTBOX_HANDLERS['deposit-follow-up']!.build(t.context);

/** The follow-up's money facts: the deposit's grants, its wheel postings and the member's prize credit (satang), the wallets. */
async function moneyOf(memberId: string, depositId: string) {
  const { rows } = await t.db.query<{ grants: bigint; bonus_satang: bigint | null }>(
    `SELECT (SELECT count(*) FROM bonus_grants WHERE deposit_id = $1) AS grants, (SELECT bonus_satang FROM bonus_grants WHERE deposit_id = $1) AS bonus_satang`,
    [depositId],
  );
  const wheel = await findTransfersByKeys(t.db, [`wheel-earn:${depositId}`]);
  const prizeSatang = postedCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'prize')));
  // Every prize credit the member has is this deposit's wheel posting (nothing earned twice).
  expect(prizeSatang).toBe(wheel.reduce((sum, transfer) => sum + transfer.amountSatang, 0n));
  return { grants: rows[0]!.grants, wheel: BigInt(wheel.length), bonus_satang: rows[0]!.bonus_satang, wallets: await postedWallets(t, memberId) };
}

const deliveryOf = async (eventId: bigint) =>
  (await t.db.query<{ status: string; attempts: number; is_staged: boolean }>(
    `SELECT status, attempts, staged_at IS NOT NULL AS is_staged FROM outbox_deliveries WHERE event_id = $1 AND handler = 'deposit-follow-up'`,
    [eventId],
  )).rows[0];

describe('a credited deposit’s follow-up (docs/adr/0075)', () => {
  it('grants the bonus and earns the wheel credit once; a failed move into the game is retried alone and moves deposit and bonus once', async () => {
    const member = await bonusMember();
    const { eventId, depositId } = await creditWithFollowUpWaiting(member, '300.00');
    const real = followUp();
    if (real.mode !== 'staged') throw new Error('deposit-follow-up is a staged handler');
    // The worker lost its connection just as the move was to start (the stage had committed).
    const failing: OutboxHandler = { ...real, then: async () => Promise.reject(new Error('connection terminated unexpectedly')) };
    await expect(runOutboxDelivery(t.db, { eventId, handlerName: 'deposit-follow-up', handler: failing, isLastAttempt: false })).rejects.toThrow('connection terminated');
    expect(await deliveryOf(eventId)).toEqual({ status: 'retrying', attempts: 1, is_staged: true });
    const staged = await moneyOf(member.memberId, depositId);
    expect(staged).toEqual({ grants: 1n, wheel: 1n, bonus_satang: 30_000n, wallets: { main: 60_000n, game: 0n } });

    // The retry: nothing decided again, deposit and bonus into the game.
    expect(await runOutboxDelivery(t.db, { eventId, handlerName: 'deposit-follow-up', handler: followUp(), isLastAttempt: false })).toBe('done');
    expect(await moneyOf(member.memberId, depositId)).toEqual({ grants: 1n, wheel: 1n, bonus_satang: 30_000n, wallets: { main: 0n, game: 60_000n } });
    expect(await liveGame(t, member.memberId)).toBe(await ledgerGame(t, member.memberId));
    expect(await deliveryOf(eventId)).toEqual({ status: 'done', attempts: 2, is_staged: true });
    // A job run once more after it was done: nothing at all.
    expect(await runOutboxDelivery(t.db, { eventId, handlerName: 'deposit-follow-up', handler: followUp(), isLastAttempt: false })).toBe('already-done');
    expect((await moneyOf(member.memberId, depositId)).wallets).toEqual({ main: 0n, game: 60_000n });
    await expectLedgerSound(t);
  });

  it('decides, earns and moves once when the same delivery runs four times at once (a job taken twice; at once on PostgreSQL, one after another on PGlite’s one connection)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await bonusMember();
      const { eventId, depositId } = await creditWithFollowUpWaiting(member, '200.00');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, () => runOutboxDelivery(t.db, { eventId, handlerName: 'deposit-follow-up', handler: followUp(), isLastAttempt: false })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const money = await moneyOf(member.memberId, depositId);
      expect([money.grants, money.wheel, money.bonus_satang]).toEqual([1n, 1n, 20_000n]);
      // Whichever run held the member's lock moved it all; the others found it busy or moved nothing.
      expect(money.wallets).toEqual({ main: 0n, game: 40_000n });
      expect(await liveGame(t, member.memberId)).toBe(40_000n);
      expect((await deliveryOf(eventId))?.status).toBe('done');
    }
    await expectLedgerSound(t);
  });

  it('leaves deposit and bonus withdrawable in main when the member is busy with their money, and the next launch moves them', async () => {
    const member = await bonusMember();
    const { eventId, depositId } = await creditWithFollowUpWaiting(member, '150.00');
    await t.db.query(`INSERT INTO member_money_locks (member_id, holder, expires_at) VALUES ($1, 'test-holder', clock_timestamp() + interval '1 minute')`, [member.memberId]);
    try {
      expect(await runOutboxDelivery(t.db, { eventId, handlerName: 'deposit-follow-up', handler: followUp(), isLastAttempt: false })).toBe('done');
    } finally {
      await t.db.query(`DELETE FROM member_money_locks WHERE member_id = $1 AND holder = 'test-holder'`, [member.memberId]);
    }
    expect(await moneyOf(member.memberId, depositId)).toEqual({ grants: 1n, wheel: 1n, bonus_satang: 15_000n, wallets: { main: 30_000n, game: 0n } });
    const token = await t.logIn(member.phoneNumber, member.password);
    const launched = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(launched.status).toBe(200);
    expect((await postedWallets(t, member.memberId))).toEqual({ main: 0n, game: 30_000n });
  });

  it('a dead letter of a deposit followed the old way (before docs/adr/0075), sent again by staff, runs under its own retired handler: no second plan, no second decision', async () => {
    const member = await bonusMember();
    t.outboxInline.paused = true;
    let eventId: bigint;
    let depositId: string;
    try {
      expect((await postFeed(t, 'statement', statementFrom(member, '250.00'), { sourceId: 'src_statement_bbl' })).body.data?.status).toBe('credited');
      // Relayed as the release before this one planned it: grant-bonus and earn-wheel-credit.
      const planned: Array<{ eventId: bigint; handler: string; depositId: string }> = [];
      await dispatchOutboxEvents(t.db, {
        handlersFor: (event) => (event.kind === 'deposit.credited' ? ['grant-bonus', 'earn-wheel-credit'] : []),
        enqueue: async (_tx, deliveries) => {
          for (const { event, handler } of deliveries) {
            if (event.memberId === member.memberId) planned.push({ eventId: event.id, handler, depositId: (event as OutboxEvent<'deposit.credited'>).payload.depositId });
          }
        },
      });
      expect(planned.map((delivery) => delivery.handler)).toEqual(['grant-bonus', 'earn-wheel-credit']);
      ({ eventId, depositId } = planned[0]!);
      // The wheel credit ran; the bonus decision gave up (a dead letter) and never decided.
      expect(await runOutboxDelivery(t.db, { eventId, handlerName: 'earn-wheel-credit', handler: OUTBOX_HANDLERS['earn-wheel-credit']!.build(t.context), isLastAttempt: false })).toBe('done');
      await t.db.query(`UPDATE outbox_deliveries SET status = 'dead', last_error = 'gave up' WHERE event_id = $1 AND handler = 'grant-bonus'`, [eventId]);
    } finally {
      t.outboxInline.paused = false;
    }
    expect(await moneyOf(member.memberId, depositId)).toEqual({ grants: 0n, wheel: 1n, bonus_satang: null, wallets: { main: 25_000n, game: 0n } });

    // Staff send it again; the next relay runs it under grant-bonus, then its bonus.decided's move.
    expect(await retryDeadDelivery(t.db, { eventId, handler: 'grant-bonus' })).toBe(true);
    await runOutboxInline(t.context);
    const deliveries = await t.db.query<{ handler: string; status: string }>(`SELECT handler, status FROM outbox_deliveries WHERE event_id = $1 ORDER BY handler`, [eventId]);
    expect(deliveries.rows).toEqual([{ handler: 'earn-wheel-credit', status: 'done' }, { handler: 'grant-bonus', status: 'done' }]);
    expect(await moneyOf(member.memberId, depositId)).toEqual({ grants: 1n, wheel: 1n, bonus_satang: 25_000n, wallets: { main: 0n, game: 50_000n } });
    expect(await liveGame(t, member.memberId)).toBe(50_000n);
    await expectLedgerSound(t);
  });
});
