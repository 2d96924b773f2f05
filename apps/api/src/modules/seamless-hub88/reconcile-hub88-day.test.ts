import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCall } from '../../test/money-helpers.ts';
import { previousBangkokDay, reconcileHub88Day } from '../play/index.ts';
import { betBody, createHub88Kit, hub88Player, mainSatang, walletCall, winBody, type Hub88Kit } from './hub88-test-kit.ts';

/**
 * Issue 30 §2: the daily reconciliation of Hub88's Transactions API against Sabai's records; a
 * difference opens (or adds to) the member's case in the game-reconciliation screen, once.
 */
let kit: Hub88Kit;
beforeAll(async () => {
  kit = await createHub88Kit();
}, 120_000);
afterAll(async () => kit?.close());

const today = () => previousBangkokDay(new Date(Date.now() + 86_400_000));
const item = (uuid: string, type: string, units: number, user: string, status = 'TS_SUCCESS') => ({ transaction_uuid: uuid, status, type, amount: units, currency: 'THB', user, round: 'r1', extra_field: 1 });

describe('Hub88 day reconciliation', () => {
  it('finds nothing when every Hub88 transaction is one of ours, and files each difference once on the member\'s case', async () => {
    const p = await hub88Player(kit, '1000');
    const bet = betBody(p, 100);
    const win = winBody(p, bet, 30);
    const refused = betBody(p, 5000);
    await walletCall(kit, '/transaction/bet', bet);
    await walletCall(kit, '/transaction/win', win);
    expect((await walletCall(kit, '/transaction/bet', refused)).json.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    kit.hub88Transactions.splice(0, kit.hub88Transactions.length,
      item(bet.transaction_uuid, 'bet', bet.amount, p.user), item(win.transaction_uuid, 'win', win.amount, p.user), item(refused.transaction_uuid, 'bet', refused.amount, p.user, 'TS_DECLINED'));
    const clean = await reconcileHub88Day(kit.t.context, today());
    expect(clean).toMatchObject({ hub88Transactions: 3, mismatches: 0, filed: 0, unknownUsers: 0 });

    // Hub88 says: a bet we never answered RS_OK to, a different win amount, and it lists no record of a second win of ours.
    const ghost = randomUUID();
    const secondWin = winBody(p, bet, 10);
    await walletCall(kit, '/transaction/win', secondWin);
    kit.hub88Transactions.splice(0, kit.hub88Transactions.length,
      item(bet.transaction_uuid, 'bet', bet.amount, p.user), item(win.transaction_uuid, 'win', 40 * 100_000, p.user), item(ghost, 'bet', 20 * 100_000, p.user),
      item(randomUUID(), 'bet', 100_000, 'nobody-we-know'));
    const found = await reconcileHub88Day(kit.t.context, today());
    expect(found).toMatchObject({ mismatches: 3, filed: 3, unknownUsers: 1 });
    const cases = await staffCall(kit.t, 'GET', `/admin-api/v1/game/cases?memberId=${p.memberId}`);
    expect(cases.body.data).toHaveLength(1);
    // Partner − ledger: Hub88 took 20 more (ghost bet), paid 10 more (win 40 vs 30), never paid our second win of 10.
    expect(cases.body.data[0].difference).toBe(-20);
    const mismatchKinds = cases.body.data[0].evidence.entries.map((entry: { mismatch: string }) => entry.mismatch).sort();
    expect(mismatchKinds).toEqual(['AMOUNT_DIFFERS', 'MISSING_IN_SABAI', 'NOT_IN_HUB88']);

    const rerun = await staffCall(kit.t, 'POST', `/admin-api/v1/game/hub88/reconcile-day?day=${today()}`);
    expect(rerun.body.data).toMatchObject({ mismatches: 3, filed: 0 });
    expect((await staffCall(kit.t, 'GET', `/admin-api/v1/game/cases?memberId=${p.memberId}`)).body.data[0].difference).toBe(-20);
    // Reconciliation moves no money.
    expect(await mainSatang(kit.t, p.memberId)).toBe(94_000n);
  });

  it('counts the game partner done on the setup checklist once Hub88 is configured', async () => {
    const setup = await staffCall(kit.t, 'GET', '/admin-api/v1/setup');
    const partner = setup.body.data.items.find((entry: { key: string }) => entry.key === 'gamePartner');
    expect(partner).toMatchObject({ isDone: true, facts: { provider: 'hub88' } });
  });

  it('shows a round\'s details from Hub88 to staff', async () => {
    const round = await staffCall(kit.t, 'GET', '/admin-api/v1/game/hub88/round?user=sbiabcdefgh&round=r-77&transactionUuid=t-1', undefined, 'support');
    expect(round.status).toBe(200);
    expect(round.body.data.round).toMatchObject({ url: 'https://rounds.hub88.test/r-77' });
  });
});
