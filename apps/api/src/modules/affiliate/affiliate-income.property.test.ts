import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, staffCall } from '../../test/money-helpers.ts';
import { computeAffiliateCommissionsForDay } from './compute-affiliate-commissions.ts';

/**
 * Model-based property test of the affiliate income paths on the real database (PGlite here,
 * PostgreSQL in CI): random sequences of commission periods, income withdrawals ("vertify") and
 * staff decisions, each checked against a model written from docs/adr/0010 and 0011 with the demo
 * settings: level 1 = 5 % (rounded down to the satang), minWithdraw 100 baht, auto-withdraw up to
 * 1,000 baht, turnover 1× on moved income. After every step the API's balances, the turnover
 * needed and the waiting withdrawal agree with the model; after every run the ledger reconciles.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const LEVEL1_BASIS_POINTS = 500n;
const MIN_WITHDRAW_SATANG = 10_000n;
const AUTO_MAX_SATANG = 100_000n;
const TURNOVER_MULTIPLE = 1n;

type Step = { kind: 'earn'; lossSatang: bigint } | { kind: 'vertify' } | { kind: 'approve' } | { kind: 'reject' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), lossSatang: fc.bigInt({ min: 1n, max: 3_000_000n }) }),
  fc.constant({ kind: 'vertify' as const }),
  fc.constant({ kind: 'approve' as const }),
  fc.constant({ kind: 'reject' as const }),
);

interface Model {
  incomeSatang: bigint;
  mainSatang: bigint;
  waitingSatang: bigint;
  requiredSatang: bigint;
}

let dayIndex = 0;
/** A new reward period for every earn step (days from 2025-01-01, Bangkok midday; past, so the period has ended). */
const nextDay = () => new Date(Date.UTC(2025, 0, 1, 5) + (dayIndex += 1) * 86_400_000);
const toSatang = (baht: number) => BigInt(Math.round(baht * 100));

describe('affiliate income against a model (property, real database)', () => {
  it('keeps income, play money, the waiting withdrawal and the turnover owed exactly as the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const referrer = await t.signUp();
        const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
        const ids = await t.db.query<{ id: string; phone_number: string }>('SELECT id, phone_number FROM members WHERE phone_number = ANY($1)', [[referrer.phoneNumber, referred.phoneNumber]]);
        const idOf = (phone: string) => ids.rows.find((row) => row.phone_number === phone)!.id;
        const referrerId = idOf(referrer.phoneNumber);
        const referredId = idOf(referred.phoneNumber);
        const token = await t.logIn(referrer.phoneNumber, referrer.password);
        const model: Model = { incomeSatang: 0n, mainSatang: 0n, waitingSatang: 0n, requiredSatang: 0n };
        const waitingId = async () =>
          (await t.db.query<{ id: string }>(`SELECT id FROM affiliate_withdrawals WHERE member_id = $1 AND status = 'pending_approval'`, [referrerId])).rows[0]?.id;

        for (const [index, current] of steps.entries()) {
          if (current.kind === 'earn') {
            const day = nextDay();
            await t.db.query(
              `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
               VALUES ('sabai-sandbox', $1, $2, 'sabai-baccarat-1', $3, 0, 'loss', 'settled', $4)`,
              [`prop-${referredId}-${index}`, referredId, current.lossSatang, day],
            );
            await computeAffiliateCommissionsForDay(t.context, day);
            model.incomeSatang += (current.lossSatang * LEVEL1_BASIS_POINTS) / 10_000n;
          } else if (current.kind === 'vertify') {
            const answer = await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token });
            if (model.waitingSatang > 0n) {
              expect(answer.body.code).toBe('AFFILIATE_WITHDRAW_WAITING');
            } else if (model.incomeSatang <= 0n || model.incomeSatang < MIN_WITHDRAW_SATANG) {
              expect(answer.body.code).toBe('AFFILIATE_BELOW_MINIMUM');
            } else if (model.incomeSatang <= AUTO_MAX_SATANG) {
              expect(answer.body.data).toEqual({ Amount: Number(model.incomeSatang) / 100, Status: 1 });
              model.mainSatang += model.incomeSatang;
              model.requiredSatang += model.incomeSatang * TURNOVER_MULTIPLE;
              model.incomeSatang = 0n;
            } else {
              expect(answer.body.data).toEqual({ Amount: Number(model.incomeSatang) / 100, Status: 2 });
              model.waitingSatang = model.incomeSatang;
              model.incomeSatang = 0n;
            }
          } else {
            const id = await waitingId();
            expect(id !== undefined).toBe(model.waitingSatang > 0n);
            if (!id) continue;
            const decided = await staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${id}/${current.kind}`, { reason: 'property test' });
            expect(decided.status).toBe(200);
            if (current.kind === 'approve') {
              model.mainSatang += model.waitingSatang;
              model.requiredSatang += model.waitingSatang * TURNOVER_MULTIPLE;
            } else {
              model.incomeSatang += model.waitingSatang;
            }
            model.waitingSatang = 0n;
          }

          const balance = (await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token })).body.data;
          expect(toSatang(balance.affiliateWallet)).toBe(model.incomeSatang);
          expect(toSatang(balance.mainWallet) + toSatang(balance.gameWallet)).toBe(model.mainSatang);
          const rolling = (await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token })).body.data;
          expect(toSatang(rolling.needTurnover)).toBe(model.requiredSatang);
          const waiting = await t.db.query<{ amount_satang: bigint }>(`SELECT amount_satang FROM affiliate_withdrawals WHERE member_id = $1 AND status = 'pending_approval'`, [referrerId]);
          expect(waiting.rows[0]?.amount_satang ?? 0n).toBe(model.waitingSatang);
        }
        await expectLedgerSound(t);
      }),
      { numRuns: 30 },
    );
    // 30 runs of real calls on a database: 18 s on PGlite and past the 30 s default on PostgreSQL
    // at a load average of 13 (CI, 2026-11-27). A generous bound, not a speed check.
  }, 180_000);
});
