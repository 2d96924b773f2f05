import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember } from '../../test/money-helpers.ts';
import { ledgerGame, memberIdOf } from '../../test/partner-helpers.ts';
import { moveGameCredit, readGameMoveSnapshot } from './index.ts';

/**
 * docs/adr/0069: a withdrawal's GAME_OUT reserves the game balance its snapshot read, in one
 * statement; when the game wallet changed after the snapshot, the ledger refuses that amount and
 * the move reads the balance again, never moving more than the member holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GAME_OUT with the snapshot\'s facts', () => {
  it('moves what the snapshot read, with its facts (accounts, feed cursor) and no transfer in flight', async () => {
    const member = await fundedMember(t, '300.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const snapshot = await readGameMoveSnapshot(t.context, memberId, { outFacts: true });
    expect(snapshot.outFacts).toMatchObject({ mainAccountId: await requireMemberAccountId(t.db, memberId, 'main'), gameAccountId: await requireMemberAccountId(t.db, memberId, 'game'), hasUnbookedRounds: false });
    const moved = await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all', account: snapshot.account!, known: snapshot });
    expect(moved).toMatchObject({ status: 'succeeded', amountSatang: 30_000n });
    expect(await ledgerGame(t, memberId)).toBe(0n);
  });

  it('reads the balance again when the game wallet shrank after the snapshot: moves what is there, once', async () => {
    const member = await fundedMember(t, '300.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const snapshot = await readGameMoveSnapshot(t.context, memberId, { outFacts: true });
    expect(snapshot.gameAvailableSatang).toBe(30_000n);
    // A loss booked by a concurrent pull after the snapshot (ledger only: the partner still shows 300.00).
    expectPosted(await postTransfer(t.db, {
      idempotencyKey: `game-out-facts:loss:${memberId}`,
      code: 'GAME_RESULT',
      debitAccountId: await requireMemberAccountId(t.db, memberId, 'game'),
      creditAccountId: await requireAccountId(t.db, HOUSE_ACCOUNTS.gameResults),
      amountSatang: 10_000n,
    }));
    const moved = await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all', account: snapshot.account!, known: snapshot });
    expect(moved).toMatchObject({ status: 'succeeded', amountSatang: 20_000n });
    expect(await ledgerGame(t, memberId)).toBe(0n);
    // The refused attempt wrote no row: one GAME_OUT, posted.
    const { rows } = await t.db.query<{ status: string; amount_satang: bigint }>(`SELECT status, amount_satang FROM game_transfers WHERE member_id = $1 AND direction = 'out'`, [memberId]);
    expect(rows).toEqual([{ status: 'succeeded', amount_satang: 20_000n }]);
    // The house's books stay sound; the partner's extra 100.00 is a difference for staff, never booked to the member.
    await expectLedgerSound(t);
  });
});
