import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import type { Queryable } from '@sabai/db';
import { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf, type RewardPeriod } from '../cashback/index.ts';

/**
 * Each referred member's net loss in the reward period [$1, $2) with their referrers; reaches the
 * period's rounds by `bet_rounds (settled_at) WHERE status = 'settled'` (migration 0025,
 * docs/adr/0023). Exported for the plan test and the scale bench.
 */
export const PERIOD_REFERRED_NET_LOSSES_SQL = `SELECT r.member_id, sum(r.stake_satang - r.payout_satang)::int8 AS net_loss, m.referrer_level1_id AS level1, m.referrer_level2_id AS level2
     FROM bet_rounds r JOIN members m ON m.id = r.member_id
     WHERE r.status = 'settled' AND r.settled_at >= $1 AND r.settled_at < $2 AND m.referrer_level1_id IS NOT NULL
     GROUP BY r.member_id, m.referrer_level1_id, m.referrer_level2_id HAVING sum(r.stake_satang - r.payout_satang) > 0`;

/**
 * Computes one period's affiliate commissions (the reward period, a Bangkok day by default; money.md "Affiliate"): for
 * each referred member with a net loss on settled rounds, their level-1 referrer earns level1
 * percent and their level-2 referrer level2 percent of it (each level only when enabled), rounded
 * down to the satang: AFFILIATE house:expense:affiliate → the referrer's affiliate wallet, key
 * `affiliate:<day>:<referred member>:<level>`. Referrers were fixed at sign-up (no self-referral,
 * no cycles, one referrer for life: members table constraints). Re-running changes nothing.
 * @returns commissions created by this call.
 */
export async function computeAffiliateCommissionsForDay(context: AppContext, day: Date): Promise<number> {
  // `day`: any instant inside the period (named for the default daily period).
  const settings = await context.siteSettings.get();
  if (!settings.affiliate_enabled) return 0;
  const period = rewardPeriodOf(day, context.config.CASHBACK_PERIOD_MINUTES);
  if (period.toUtc.getTime() > context.now().getTime()) return 0;
  let created = 0;
  for (const due of await readDueAffiliateCommissions(context.db, period, affiliateRatesOf(settings), { includeCredited: true })) {
    const isNew = await inLedgerTransaction(context.db, (tx) => creditAffiliateCommission(tx, period, due));
    if (isNew) created += 1;
  }
  await recordAffiliatePeriod(context.db, period, created);
  return created;
}

/** The commission rates of the site settings (each level only when enabled; basis points). */
export interface AffiliateRates { level1BasisPoints: number | null; level2BasisPoints: number | null }

export function affiliateRatesOf(settings: { affiliate_level1_enabled: boolean; affiliate_level2_enabled: boolean; affiliate_level1_basis_points: number; affiliate_level2_basis_points: number }): AffiliateRates {
  return {
    level1BasisPoints: settings.affiliate_level1_enabled ? settings.affiliate_level1_basis_points : null,
    level2BasisPoints: settings.affiliate_level2_enabled ? settings.affiliate_level2_basis_points : null,
  };
}

/** One commission of a period (satang): what creditAffiliateCommission credits. */
export interface DueAffiliateCommission { referredMemberId: string; level: 1 | 2; referrerId: string; basisSatang: bigint; basisPoints: number; commissionSatang: bigint }

/**
 * The commissions a period owes at `rates`: by default only those not credited yet (the preview a
 * staff-triggered run is approved on, issue 25 §1); `includeCredited` lists all (re-posting is a no-op).
 */
export async function readDueAffiliateCommissions(db: Queryable, period: RewardPeriod, rates: AffiliateRates, options: { includeCredited?: boolean } = {}): Promise<DueAffiliateCommission[]> {
  const { rows } = await db.query<{ member_id: string; net_loss: bigint; level1: string | null; level2: string | null }>(PERIOD_REFERRED_NET_LOSSES_SQL, [period.fromUtc, period.toUtc]);
  const credited = new Set<string>();
  if (!options.includeCredited) {
    const done = await db.query<{ referred_member_id: string; level: number }>('SELECT referred_member_id, level FROM affiliate_commissions WHERE period_start = $1', [period.fromUtc]);
    for (const row of done.rows) credited.add(`${row.referred_member_id}:${row.level}`);
  }
  const dues: DueAffiliateCommission[] = [];
  for (const row of rows) {
    const levels = [{ level: 1 as const, referrer: row.level1, basisPoints: rates.level1BasisPoints }, { level: 2 as const, referrer: row.level2, basisPoints: rates.level2BasisPoints }];
    for (const entry of levels) {
      if (entry.basisPoints === null || !entry.referrer || entry.referrer === row.member_id || credited.has(`${row.member_id}:${entry.level}`)) continue;
      const commissionSatang = cashbackForNetLoss(BigInt(row.net_loss), entry.basisPoints);
      if (commissionSatang <= 0n) continue;
      dues.push({ referredMemberId: row.member_id, level: entry.level, referrerId: entry.referrer, basisSatang: BigInt(row.net_loss), basisPoints: entry.basisPoints, commissionSatang });
    }
  }
  return dues;
}

/**
 * Credits one commission in the caller's transaction: AFFILIATE house:expense:affiliate → the
 * referrer's affiliate wallet, key `affiliate:<period>:<referred member>:<level>`, the commission
 * row, the outbox event. @returns false when the key was already posted.
 */
export async function creditAffiliateCommission(tx: Queryable, period: RewardPeriod, due: DueAffiliateCommission): Promise<boolean> {
  const outcome = await postTransfer(tx, {
    idempotencyKey: `affiliate:${period.periodStart}:${due.referredMemberId}:${due.level}`,
    code: 'AFFILIATE',
    debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.affiliateExpense),
    creditAccountId: await requireMemberAccountId(tx, due.referrerId, 'affiliate'),
    amountSatang: due.commissionSatang,
    source: { type: 'affiliate_period', id: period.periodStart },
  });
  const transferId = expectPosted(outcome);
  if (outcome.status !== 'created') return false;
  await tx.query(
    `INSERT INTO affiliate_commissions (period_start, referred_member_id, level, referrer_member_id, basis_satang, basis_points, commission_satang, transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [period.fromUtc, due.referredMemberId, due.level, due.referrerId, due.basisSatang, due.basisPoints, due.commissionSatang, transferId],
  );
  const periodKey = `${period.periodStart}:${due.referredMemberId}:${due.level}`;
  await recordOutboxEvent(tx, {
    kind: 'affiliate-income.available',
    eventKey: `affiliate-income.available:${periodKey}`,
    memberId: due.referrerId,
    payload: { memberId: due.referrerId, periodKey, amountSatang: toSatangText(due.commissionSatang) },
  });
  await notifyBalanceChanged(tx, due.referrerId, 'adjustment');
  return true;
}

/** Marks a period computed (adds `created` to its count). */
export async function recordAffiliatePeriod(db: Queryable, period: RewardPeriod, created: number): Promise<void> {
  await db.query(
    `INSERT INTO affiliate_periods (period_start, commissions) VALUES ($1, $2)
     ON CONFLICT (period_start) DO UPDATE SET commissions = affiliate_periods.commissions + EXCLUDED.commissions, computed_at = now()`,
    [period.fromUtc, created],
  );
}

/** The scheduled step, and staff's "run now": the last completed period, if not computed yet. */
export async function computeDueAffiliateCommissions(context: AppContext, options: { force?: boolean } = {}): Promise<number> {
  const period = lastCompletedPeriod(context.now(), context.config.CASHBACK_PERIOD_MINUTES);
  if (!options.force) {
    const done = await context.db.query('SELECT 1 FROM affiliate_periods WHERE period_start = $1', [period.fromUtc]);
    if (done.rowCount > 0) return 0;
  }
  return computeAffiliateCommissionsForDay(context, period.fromUtc);
}
