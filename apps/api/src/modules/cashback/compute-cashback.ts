import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { readPeriodNetLosses } from './period-net-losses.ts';
import type { Queryable } from '@sabai/db';
import { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf, type RewardPeriod } from './cashback-rules.ts';

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
    const due = { memberId: row.member_id, netLossSatang: BigInt(row.net_loss), cashbackSatang: cashbackForNetLoss(row.net_loss, settings.cashback_payout_basis_points) };
    if (due.cashbackSatang <= 0n) continue;
    const isNew = await inLedgerTransaction(context.db, (tx) => creditPeriodCashback(tx, period, due, settings.cashback_payout_basis_points));
    if (isNew) credited += 1;
  }
  await recordCashbackPeriod(context.db, period, credited);
  return credited;
}

/** One member's cashback of a period, satang (what creditPeriodCashback credits). */
export interface DueCashback { memberId: string; netLossSatang: bigint; cashbackSatang: bigint }

/**
 * The cashback a period still owes (members not credited for it yet), at `basisPoints` of each
 * member's net loss: the preview a staff-triggered run is approved on (issue 25 §1).
 */
export async function readDueCashback(db: Queryable, period: RewardPeriod, basisPoints: number): Promise<DueCashback[]> {
  const rows = await readPeriodNetLosses(db, period.fromUtc, period.toUtc);
  const { rows: done } = await db.query<{ member_id: string }>('SELECT member_id FROM cashback_accruals WHERE period_start = $1', [period.fromUtc]);
  const credited = new Set(done.map((row) => row.member_id));
  return rows
    .filter((row) => !credited.has(row.member_id))
    .map((row) => ({ memberId: row.member_id, netLossSatang: BigInt(row.net_loss), cashbackSatang: cashbackForNetLoss(row.net_loss, basisPoints) }))
    .filter((due) => due.cashbackSatang > 0n);
}

/**
 * Credits one member's cashback of a period in the caller's transaction: CASHBACK
 * house:expense:cashback → member cashback, key `cashback:<member>:<period>`, the accrual row, the
 * outbox event. @returns false when the key was already posted (nothing else written).
 */
export async function creditPeriodCashback(tx: Queryable, period: RewardPeriod, due: DueCashback, basisPoints: number): Promise<boolean> {
  const outcome = await postTransfer(tx, {
    idempotencyKey: `cashback:${due.memberId}:${period.periodStart}`,
    code: 'CASHBACK',
    debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.cashbackExpense),
    creditAccountId: await requireMemberAccountId(tx, due.memberId, 'cashback'),
    amountSatang: due.cashbackSatang,
    source: { type: 'cashback_period', id: period.periodStart },
  });
  const transferId = expectPosted(outcome);
  if (outcome.status !== 'created') return false;
  await tx.query(
    `INSERT INTO cashback_accruals (member_id, period_start, net_loss_satang, payout_basis_points, cashback_satang, transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [due.memberId, period.fromUtc, due.netLossSatang, basisPoints, due.cashbackSatang, transferId],
  );
  await recordOutboxEvent(tx, {
    kind: 'cashback.available',
    eventKey: `cashback.available:${due.memberId}:${period.periodStart}`,
    memberId: due.memberId,
    payload: { memberId: due.memberId, periodKey: period.periodStart, amountSatang: toSatangText(due.cashbackSatang) },
  });
  await notifyBalanceChanged(tx, due.memberId, 'adjustment');
  return true;
}

/** Marks a period computed (adds `credited` to its count). */
export async function recordCashbackPeriod(db: Queryable, period: RewardPeriod, credited: number): Promise<void> {
  await db.query(
    `INSERT INTO cashback_periods (period_start, members_credited) VALUES ($1, $2)
     ON CONFLICT (period_start) DO UPDATE SET members_credited = cashback_periods.members_credited + EXCLUDED.members_credited, computed_at = now()`,
    [period.fromUtc, credited],
  );
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
