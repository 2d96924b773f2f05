import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, lockAccount, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { newPrefixedId } from '../../lib/ids.ts';
import { grantTermsFor } from './bonus-rules.ts';
import { eligibilityRulesOf, listActivePromotions, readEligibilityFacts, termsOf } from './list-promotions.ts';
import { promotionRefusal } from './promotion-eligibility.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import { activeExclusion } from '../responsible-gaming/index.ts';
import { memberMoneySatang } from './end-bonus.ts';

/**
 * Called by the worker after a credited deposit, in one transaction (money.md "Bonus"): when the member's bonus
 * preference is on and no grant is active, the first active promotion (display order) the deposit
 * qualifies for and may still get (promotion-eligibility.ts: first deposit only, once per member,
 * once per day, a total) grants a bonus, unless the member is in a time-out or self-exclusion at `now`: BONUS house:expense:bonus → member main, key `bonus:<deposit>`,
 * with its turnover target (counted from the member's turnover now) and max-withdraw. The grant's
 * own money (docs/adr/0043) is all the member's posted main + game money before the bonus, read
 * under the main wallet's row lock (a deposit being credited at the same moment is either in it,
 * or sees the grant and adds itself). A played-out grant was ended when this deposit was credited,
 * whatever the preference (readDepositBonusBasis, issue 26 §1). A deposit already granted returns
 * its grant (idempotent by deposit). Records `bonus.granted` in the outbox with the grant.
 * A promotion grants only within its approved bonus budget (issue 25 §1, migration 0045): none
 * approved → nothing; the bonuses it paid plus this one must stay within it (checked under its row lock).
 * @returns the grant id, or null.
 */
export async function grantBonusForDeposit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositSatang: bigint; now: Date; balanceBeforeSatang: bigint; turnoverNowSatang: bigint },
): Promise<string | null> {
  // The deposit's grant (a second run) and the member's preference in one statement (docs/adr/0071).
  const { rows: [first] } = await tx.query<{ granted_id: string | null; bonus_preference: boolean | null }>(
    `SELECT (SELECT id FROM bonus_grants WHERE deposit_id = $1) AS granted_id, (SELECT bonus_preference FROM members WHERE id = $2) AS bonus_preference`,
    [input.depositId, input.memberId],
    { prepare: true },
  );
  if (first?.granted_id) return first.granted_id;
  if (!first?.bonus_preference) return null;
  // No incentive to an excluded player (issue 12, ADR 0019): a deposit credited just before a
  // time-out or self-exclusion started, whose bonus is decided after (the worker runs later), gets none.
  if (await activeExclusion(tx, input.memberId, input.now)) return null;
  const mainAccount = await requireMemberAccountId(tx, input.memberId, 'main');
  await lockAccount(tx, mainAccount);
  const active = await tx.query<{ id: string }>(`SELECT id FROM bonus_grants WHERE member_id = $1 AND status = 'active' FOR UPDATE`, [input.memberId]);
  if (active.rows[0]) return null;
  const ownSatang = await memberMoneySatang(tx, input.memberId);
  // Money that came in after the granting deposit was credited (another deposit before this
  // worker ran) is own money outside the promotion's cap, as a deposit under the grant would be.
  const sinceSatang = ownSatang - (input.balanceBeforeSatang + input.depositSatang);
  const depositedSinceSatang = sinceSatang > 0n ? sinceSatang : 0n;
  for (const promotion of await listActivePromotions(tx, input.now)) {
    const terms = grantTermsFor(input.depositSatang, termsOf(promotion));
    if (!terms) continue;
    // Who may still get it (first deposit only, once, once a day, a total): decided with the
    // promotion's row locked, so two grants at once cannot pass a total limit.
    const locked = await tx.query<{ budget_approved_satang: bigint | null }>('SELECT budget_approved_satang FROM promotions WHERE id = $1 FOR UPDATE', [promotion.id]);
    if (!(await withinApprovedBudget(tx, promotion.id, locked.rows[0]?.budget_approved_satang ?? null, terms.bonusSatang))) continue;
    const facts = await readEligibilityFacts(tx, { promotionId: promotion.id, memberId: input.memberId, depositId: input.depositId, now: input.now });
    if (promotionRefusal(eligibilityRulesOf(promotion), facts) !== null) continue;
    const grantId = newPrefixedId('bns');
    const transferId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `bonus:${input.depositId}`,
        code: 'BONUS',
        debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.bonusExpense),
        creditAccountId: mainAccount,
        amountSatang: terms.bonusSatang,
        source: { type: 'bonus_grant', id: grantId },
      }),
    );
    await tx.query(
      `INSERT INTO bonus_grants (id, member_id, promotion_id, deposit_id, deposit_satang, bonus_satang, turnover_type, turnover_start_satang,
         turnover_needed_satang, max_withdraw_type, max_withdraw_satang, bonus_transfer_id, created_at, own_satang, deposited_since_satang)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [grantId, input.memberId, promotion.id, input.depositId, input.depositSatang, terms.bonusSatang, promotion.turnover_type,
        input.turnoverNowSatang, terms.turnoverNeededSatang, promotion.max_withdraw_type, terms.maxWithdrawSatang, transferId, input.now, ownSatang, depositedSinceSatang],
    );
    await recordOutboxEvent(tx, {
      kind: 'bonus.granted',
      eventKey: `bonus.granted:${grantId}`,
      memberId: input.memberId,
      payload: { memberId: input.memberId, depositId: input.depositId, grantId, bonusSatang: toSatangText(terms.bonusSatang) },
    });
    return grantId;
  }
  return null;
}

/**
 * Whether a bonus of `bonusSatang` fits the promotion's approved budget (satang; null = none
 * approved: never). The caller holds the promotion's row lock, so two grants at once cannot both
 * take the last of it.
 */
async function withinApprovedBudget(tx: Queryable, promotionId: string, approvedSatang: bigint | null, bonusSatang: bigint): Promise<boolean> {
  if (approvedSatang === null) return false;
  const { rows } = await tx.query<{ paid: bigint }>('SELECT COALESCE(sum(bonus_satang), 0)::int8 AS paid FROM bonus_grants WHERE promotion_id = $1', [promotionId]);
  return BigInt(rows[0]!.paid) + bonusSatang <= BigInt(approvedSatang);
}
