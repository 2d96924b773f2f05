import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { ledgerGame, liveGame, memberIdOf, setTransferFault } from '../../test/partner-helpers.ts';
import { detectRecentGameDifferences, moveGameCredit } from './index.ts';

/**
 * The periodic game-difference sweep (docs/adr/0075 addendum: 4 members at a time): every recently
 * active member is looked at once per sweep, and a difference nothing explains — a partner that
 * applied a GAME_IN twice — is counted for that member only, with an open case for staff; the
 * members without one are left alone. Both databases (PostgreSQL: DATABASE_URL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await setTransferFault(t, 'ok');
  await t.close();
});

describe('the game-difference sweep', () => {
  it('looks at every recently active member once, several at a time, and counts only the one the partner credited twice', async () => {
    const memberIds: string[] = [];
    for (let index = 0; index < 7; index += 1) memberIds.push(await memberIdOf(t, (await fundedMember(t, '120.00')).phoneNumber));
    const doubled = memberIds[3]!;
    expect((await moveGameCredit(t.context, { memberId: doubled, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    await setTransferFault(t, 'apply_twice');
    try {
      await moveGameCredit(t.context, { memberId: doubled, direction: 'in', amountSatang: 'all' });
    } finally {
      await setTransferFault(t, 'ok');
    }
    expect(await liveGame(t, doubled)).toBe(2n * (await ledgerGame(t, doubled)));
    const before = new Date(Date.now() - 1_000);

    expect(await detectRecentGameDifferences(t.context)).toBe(1);
    const looked = await t.db.query<{ member_id: string }>('SELECT member_id FROM game_accounts WHERE member_id = ANY($1::text[]) AND difference_checked_at >= $2', [memberIds, before]);
    expect(looked.rows.map((row) => row.member_id).sort()).toEqual([...memberIds].sort());
    const open = await t.db.query<{ member_id: string }>(`SELECT member_id FROM game_reconciliation_cases WHERE member_id = ANY($1::text[]) AND status = 'open'`, [memberIds]);
    expect(open.rows.map((row) => row.member_id)).toEqual([doubled]);
  });
});
