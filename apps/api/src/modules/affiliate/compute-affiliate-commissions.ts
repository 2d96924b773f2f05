import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf } from '../cashback/index.ts';

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
  const { rows } = await context.db.query<{ member_id: string; net_loss: bigint; level1: string | null; level2: string | null }>(PERIOD_REFERRED_NET_LOSSES_SQL, [
    period.fromUtc,
    period.toUtc,
  ]);
  let created = 0;
  for (const row of rows) {
    const levels = [
      { level: 1, referrer: row.level1, enabled: settings.affiliate_level1_enabled, basisPoints: settings.affiliate_level1_basis_points },
      { level: 2, referrer: row.level2, enabled: settings.affiliate_level2_enabled, basisPoints: settings.affiliate_level2_basis_points },
    ];
    for (const entry of levels) {
      if (!entry.enabled || !entry.referrer || entry.referrer === row.member_id) continue;
      const commissionSatang = cashbackForNetLoss(row.net_loss, entry.basisPoints);
      if (commissionSatang <= 0n) continue;
      const referrer = entry.referrer;
      const isNew = await inLedgerTransaction(context.db, async (tx) => {
        const outcome = await postTransfer(tx, {
          idempotencyKey: `affiliate:${period.periodStart}:${row.member_id}:${entry.level}`,
          code: 'AFFILIATE',
          debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.affiliateExpense),
          creditAccountId: await requireMemberAccountId(tx, referrer, 'affiliate'),
          amountSatang: commissionSatang,
          source: { type: 'affiliate_period', id: period.periodStart },
        });
        const transferId = expectPosted(outcome);
        if (outcome.status !== 'created') return false;
        await tx.query(
          `INSERT INTO affiliate_commissions (period_start, referred_member_id, level, referrer_member_id, basis_satang, basis_points, commission_satang, transfer_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [period.fromUtc, row.member_id, entry.level, referrer, row.net_loss, entry.basisPoints, commissionSatang, transferId],
        );
        await recordOutboxEvent(tx, {
          kind: 'affiliate-income.available',
          eventKey: `affiliate-income.available:${period.periodStart}:${row.member_id}:${entry.level}`,
          memberId: referrer,
          payload: { memberId: referrer, periodKey: `${period.periodStart}:${row.member_id}:${entry.level}`, amountSatang: toSatangText(commissionSatang) },
        });
        await notifyBalanceChanged(tx, referrer, 'adjustment');
        return true;
      });
      if (isNew) created += 1;
    }
  }
  await context.db.query(
    `INSERT INTO affiliate_periods (period_start, commissions) VALUES ($1, $2)
     ON CONFLICT (period_start) DO UPDATE SET commissions = affiliate_periods.commissions + EXCLUDED.commissions, computed_at = now()`,
    [period.fromUtc, created],
  );
  return created;
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
