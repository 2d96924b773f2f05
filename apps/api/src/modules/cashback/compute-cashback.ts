import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { readPeriodNetLosses } from './period-net-losses.ts';
import { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf } from './cashback-rules.ts';

/**
 * Computes one period's cashback (a Bangkok calendar day by default; CASHBACK_PERIOD_MINUTES) for every member with settled rounds in
 * it, and credits the cashback wallet: CASHBACK house:expense:cashback → member cashback, key
 * `cashback:<member>:<day>`. Re-running a period changes nothing (key + primary key). A period is
 * computed only after it ended. Does nothing while settings usecashBack is off.
 * @returns the number of members credited by this call.
 */
export async function computeCashbackForDay(context: AppContext, day: Date): Promise<number> {
  // `day`: any instant inside the period (named for the default daily period).
  const settings = await context.siteSettings.get();
  if (!settings.cashback_enabled || settings.cashback_payout_basis_points === 0) return 0;
  const period = rewardPeriodOf(day, context.config.CASHBACK_PERIOD_MINUTES);
  if (period.toUtc.getTime() > context.now().getTime()) return 0;
  const rows = await readPeriodNetLosses(context.db, period.fromUtc, period.toUtc);
  let credited = 0;
  for (const row of rows) {
    const cashbackSatang = cashbackForNetLoss(row.net_loss, settings.cashback_payout_basis_points);
    if (cashbackSatang <= 0n) continue;
    const isNew = await inLedgerTransaction(context.db, async (tx) => {
      const outcome = await postTransfer(tx, {
        idempotencyKey: `cashback:${row.member_id}:${period.periodStart}`,
        code: 'CASHBACK',
        debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.cashbackExpense),
        creditAccountId: await requireMemberAccountId(tx, row.member_id, 'cashback'),
        amountSatang: cashbackSatang,
        source: { type: 'cashback_period', id: period.periodStart },
      });
      const transferId = expectPosted(outcome);
      if (outcome.status !== 'created') return false;
      await tx.query(
        `INSERT INTO cashback_accruals (member_id, period_start, net_loss_satang, payout_basis_points, cashback_satang, transfer_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.member_id, period.fromUtc, row.net_loss, settings.cashback_payout_basis_points, cashbackSatang, transferId],
      );
      await recordOutboxEvent(tx, {
        kind: 'cashback.available',
        eventKey: `cashback.available:${row.member_id}:${period.periodStart}`,
        memberId: row.member_id,
        payload: { memberId: row.member_id, periodKey: period.periodStart, amountSatang: toSatangText(cashbackSatang) },
      });
      await notifyBalanceChanged(tx, row.member_id, 'adjustment');
      return true;
    });
    if (isNew) credited += 1;
  }
  await context.db.query(
    `INSERT INTO cashback_periods (period_start, members_credited) VALUES ($1, $2)
     ON CONFLICT (period_start) DO UPDATE SET members_credited = cashback_periods.members_credited + EXCLUDED.members_credited, computed_at = now()`,
    [period.fromUtc, credited],
  );
  return credited;
}

/** The scheduled step, and staff's "run now": the last completed period, if not computed yet. */
export async function computeDueCashback(context: AppContext, options: { force?: boolean } = {}): Promise<number> {
  const period = lastCompletedPeriod(context.now(), context.config.CASHBACK_PERIOD_MINUTES);
  if (!options.force) {
    const done = await context.db.query('SELECT 1 FROM cashback_periods WHERE period_start = $1', [period.fromUtc]);
    if (done.rowCount > 0) return 0;
  }
  return computeCashbackForDay(context, period.fromUtc);
}
