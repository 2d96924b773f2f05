import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId, reserveTransfer, resolvePendingTransfer, sumPostedMovementsSince, type TransferCode } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { staffCall } from '../../test/money-helpers.ts';
import { reconcileMoney } from '../reconcile/index.ts';
import { moneyReport, type MoneyFigures } from './money-report.ts';

/**
 * The money report reconciles with the ledger (issue 25 §3): for random fixtures of every money flow
 * (deposits, held deposits refunded, withdrawals paid or failed, bonuses and their forfeit, item
 * codes, wheel, cashback, affiliate, staff adjustments both ways, game results both ways), the
 * report's change over the fixture equals what the fixture did, and its nets equal the house
 * accounts' movements read straight from the ledger — to the satang.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // The fixtures are booked straight into the ledger: the books balance, but item-code transfers
  // have no redemption row behind them (the one link the app-level check reads for these codes).
  const violations = (await reconcileMoney(t.db)).filter((violation) => violation.invariant !== 'ITEM_CODE transfers belong to a redemption');
  expect(violations).toEqual([]);
  await t.close();
});

const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const FLOWS = ['deposit', 'heldRefunded', 'withdrawalPaid', 'withdrawalFailed', 'bonus', 'forfeit', 'itemCode', 'wheel', 'cashback', 'affiliate', 'adjustCredit', 'adjustDebit', 'memberLost', 'memberWon'] as const;
type Flow = (typeof FLOWS)[number];

interface Expected {
  deposits: bigint; withdrawals: bigint; refunds: bigint; ggr: bigint;
  bonus: bigint; itemCode: bigint; wheel: bigint; cashback: bigint; affiliate: bigint; adjustment: bigint;
}

/** Posts one flow the way the app books it (same codes, same accounts) and adds it to `expected`. */
async function book(tx: Queryable, memberId: string, flow: Flow, amountSatang: bigint, expected: Expected): Promise<void> {
  const house = (code: string) => requireAccountId(tx, code);
  const member = (kind: 'main' | 'game' | 'prize') => requireMemberAccountId(tx, memberId, kind);
  const bank = (await tx.query<{ ledger_account_id: bigint }>(`SELECT ledger_account_id FROM deposit_channels WHERE id = 'chn_kbank_main'`)).rows[0]!.ledger_account_id;
  const post = async (code: TransferCode, debitAccountId: bigint, creditAccountId: bigint) =>
    expectPosted(await postTransfer(tx, { idempotencyKey: `fixture:${randomUUID()}`, code, debitAccountId, creditAccountId, amountSatang }));
  const inFlight = await house(HOUSE_ACCOUNTS.payoutsInFlight);
  const unallocated = await house(HOUSE_ACCOUNTS.unallocatedDeposits);
  switch (flow) {
    case 'deposit':
      await post('DEPOSIT_RECEIVED', bank, unallocated);
      await post('DEPOSIT', unallocated, await member('main'));
      expected.deposits += amountSatang;
      return;
    case 'heldRefunded':
      await post('DEPOSIT_RECEIVED', bank, unallocated);
      await post('DEPOSIT_REFUND', unallocated, inFlight);
      await post('DEPOSIT_REFUND', inFlight, bank);
      expected.deposits += amountSatang;
      expected.refunds += amountSatang;
      return;
    case 'withdrawalPaid':
    case 'withdrawalFailed': {
      const key = `fixture-withdraw:${randomUUID()}`;
      const pending = expectPosted(await reserveTransfer(tx, { idempotencyKey: key, code: 'WITHDRAW', debitAccountId: await member('main'), creditAccountId: inFlight, amountSatang }));
      const resolution = flow === 'withdrawalPaid' ? 'post' : 'void';
      expectPosted(await resolvePendingTransfer(tx, { idempotencyKey: `${key}:${resolution}`, pendingTransferId: pending, resolution, code: 'WITHDRAW' }));
      if (flow === 'withdrawalPaid') {
        await post('WITHDRAW', inFlight, bank);
        expected.withdrawals += amountSatang;
      }
      return;
    }
    case 'bonus':
    case 'forfeit':
      if (flow === 'bonus') await post('BONUS', await house(HOUSE_ACCOUNTS.bonusExpense), await member('main'));
      else await post('BONUS', await member('main'), await house(HOUSE_ACCOUNTS.bonusExpense));
      expected.bonus += flow === 'bonus' ? amountSatang : -amountSatang;
      return;
    case 'itemCode':
      await post('ITEM_CODE', await house(HOUSE_ACCOUNTS.itemCodeExpense), await member('main'));
      expected.itemCode += amountSatang;
      return;
    case 'wheel':
      await post('WHEEL', await house(HOUSE_ACCOUNTS.wheelExpense), await member('prize'));
      expected.wheel += amountSatang;
      return;
    case 'cashback':
      await post('CASHBACK', await house(HOUSE_ACCOUNTS.cashbackExpense), await member('main'));
      expected.cashback += amountSatang;
      return;
    case 'affiliate':
      await post('AFFILIATE', await house(HOUSE_ACCOUNTS.affiliateExpense), await member('main'));
      expected.affiliate += amountSatang;
      return;
    case 'adjustCredit':
    case 'adjustDebit':
      if (flow === 'adjustCredit') await post('ADJUSTMENT', await house(HOUSE_ACCOUNTS.adjustmentExpense), await member('main'));
      else await post('ADJUSTMENT', await member('main'), await house(HOUSE_ACCOUNTS.adjustmentExpense));
      expected.adjustment += flow === 'adjustCredit' ? amountSatang : -amountSatang;
      return;
    case 'memberLost':
    case 'memberWon':
      await post('GAME_IN', await member('main'), await member('game'));
      if (flow === 'memberLost') await post('GAME_RESULT', await member('game'), await house(HOUSE_ACCOUNTS.gameResults));
      else await post('GAME_RESULT', await house(HOUSE_ACCOUNTS.gameResults), await member('game'));
      expected.ggr += flow === 'memberLost' ? amountSatang : -amountSatang;
  }
}

/** The house accounts' movements (debits − credits posted) today, straight from the ledger: all of them, the bank and wallet accounts, and the members'. */
const ledgerMovements = () => sumPostedMovementsSince(t.db, new Date(`${bangkokToday()}T00:00:00+07:00`));

const todayFigures = async (): Promise<MoneyFigures> => (await moneyReport(t.db, { from: bangkokToday(), to: bangkokToday(), period: 'day' })).total;

describe('the money report equals the ledger (issue 25 §3)', () => {
  it('for random fixtures of every flow, the report changes by what the fixture did and its nets equal the house accounts\' movements (property)', async () => {
    const flow = fc.record({ flow: fc.constantFrom(...FLOWS), cents: fc.integer({ min: 1, max: 500_000 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(flow, { minLength: 1, maxLength: 12 }), async (flows) => {
        const signedUp = await t.signUp();
        const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [signedUp.phoneNumber])).rows[0]!.id;
        const before = await todayFigures();
        const ledgerBefore = await ledgerMovements();
        const expected: Expected = { deposits: 0n, withdrawals: 0n, refunds: 0n, ggr: 0n, bonus: 0n, itemCode: 0n, wheel: 0n, cashback: 0n, affiliate: 0n, adjustment: 0n };
        await t.db.transaction(async (tx) => {
          // A float first, so every debit of the member is covered.
          await book(tx, memberId, 'deposit', 100_000_000n, expected);
          for (const step of flows) await book(tx, memberId, step.flow, BigInt(step.cents), expected);
        });
        const after = await todayFigures();
        const ledgerAfter = await ledgerMovements();
        const delta = (pick: (figures: MoneyFigures) => bigint) => pick(after) - pick(before);
        const givenOut = expected.bonus + expected.itemCode + expected.wheel + expected.cashback + expected.affiliate + expected.adjustment;
        expect(delta((f) => f.deposits.amountSatang)).toBe(expected.deposits);
        expect(delta((f) => f.withdrawals.amountSatang)).toBe(expected.withdrawals);
        expect(delta((f) => f.refunds.amountSatang)).toBe(expected.refunds);
        for (const kind of ['bonus', 'itemCode', 'wheel', 'cashback', 'affiliate', 'adjustment'] as const) expect(delta((f) => f.givenOut[kind])).toBe(expected[kind]);
        expect(delta((f) => f.givenOut.total)).toBe(givenOut);
        expect(delta((f) => f.ggrSatang)).toBe(expected.ggr);
        expect(delta((f) => f.cashNetSatang)).toBe(expected.deposits - expected.withdrawals - expected.refunds);
        expect(delta((f) => f.resultSatang)).toBe(expected.ggr - givenOut);
        // The nets against the ledger itself, whole day: cash = the bank and wallet accounts; members' change = all house accounts = −(member accounts).
        expect(after.cashNetSatang).toBe(ledgerAfter.cash);
        expect(after.membersChangeSatang).toBe(ledgerAfter.house);
        expect(after.membersChangeSatang).toBe(ledgerAfter.members);
        // Held deposits refunded never reached a member: what members hold changed by the rest.
        expect(ledgerAfter.members - ledgerBefore.members).toBe(expected.deposits - expected.refunds - expected.withdrawals + givenOut - expected.ggr);
        expect(after.membersChangeSatang).toBe(after.cashNetSatang + after.givenOut.total - after.ggrSatang + after.unexplainedSatang + after.inTransitSatang);
      }),
      { numRuns: 15 },
    );
  }, 240_000);

  it('the dashboard shows the same figures as the report for today', async () => {
    const report = (await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${bangkokToday()}&to=${bangkokToday()}`, undefined, 'finance')).body.data;
    const dashboard = (await staffCall(t, 'GET', '/admin-api/v1/dashboard')).body.data;
    expect(dashboard).toMatchObject({ net: report.total.cashNet, refunds: report.total.refunds.amount, givenOut: report.total.givenOut, ggr: report.total.ggr, result: report.total.result });
    expect(dashboard.deposits.amount).toBe(report.total.deposits.amount);
  });

  it('labels a channel\'s deposits as before: bank code and account, TrueMoney phone or PromptPay id, then the account name', async () => {
    const { rows } = await t.db.query<{ id: string; label: string }>(
      `SELECT id, CASE kind WHEN 'bank' THEN bank_code || ' ' || account_number WHEN 'truemoney' THEN 'TrueMoney ' || phone_number ELSE 'PromptPay ' || promptpay_id END
         || ' · ' || account_name AS label FROM deposit_channels`,
    );
    const byChannel = (await todayFigures()).deposits.byChannel;
    expect(byChannel.length).toBeGreaterThan(0);
    for (const flow of byChannel) expect(flow.label).toBe(rows.find((row) => row.id === flow.channelId)?.label);
  });
});
