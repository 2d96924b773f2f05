import type { Queryable } from '@sabai/db';
import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler } from '../approvals/index.ts';
import { creditPeriodCashback, lastCompletedPeriod, readDueCashback, recordCashbackPeriod, type RewardPeriod } from '../cashback/index.ts';
import { affiliateRatesOf, creditAffiliateCommission, readDueAffiliateCommissions, recordAffiliatePeriod, type AffiliateRates } from '../affiliate/index.ts';
import type { StaffRole } from '../staff/index.ts';

/** The reward jobs staff can run now and that pay members. */
export type RewardJob = 'cashback' | 'affiliate';

/** What a staff-triggered run answered: executed (paid `count` members, `totalSatang`) or waiting for a second person. */
export type RewardJobRun =
  | { status: 'executed'; count: number; totalSatang: bigint; approvalId: string | null }
  | { status: 'pending' | 'rejected'; count: 0; totalSatang: bigint; approvalId: string };

/** The frozen rates a run was previewed at (stored on the approval; the approver approves exactly this). */
type RunRates = { basisPoints: number } | AffiliateRates;

interface Preview { period: RewardPeriod; rates: RunRates; dues: number; totalSatang: bigint }

/**
 * A staff "run now" of the cashback or affiliate job (issue 25 §1, docs/adr/0048 follow-up): the
 * last completed period's unpaid total (satang) is computed first (a preview) and goes through
 * the maker-checker policy as 'reward-job.run'. Within the requester's role daily limit it pays at
 * once; otherwise it waits for owner/finance, and pays on approval only if the total is still the
 * same (REWARD_JOB_TOTAL_CHANGED otherwise). A total of 0 pays nothing and needs no approval.
 * Automatic runs by the worker (periodic-jobs.ts) are not staff actions and do not come here.
 * @throws AppError STAFF_FORBIDDEN (role may not request), REWARD_JOB_TOTAL_CHANGED.
 */
export async function requestRewardJobRun(
  context: AppContext,
  input: { job: RewardJob; staffId: string; role: StaffRole; address: string | null },
): Promise<RewardJobRun> {
  const settings = await context.siteSettings.get();
  const rates: RunRates | null = input.job === 'cashback'
    ? (settings.cashback_enabled && settings.cashback_payout_basis_points > 0 ? { basisPoints: settings.cashback_payout_basis_points } : null)
    : (settings.affiliate_enabled ? affiliateRatesOf(settings) : null);
  if (!rates) return { status: 'executed', count: 0, totalSatang: 0n, approvalId: null };
  const period = lastCompletedPeriod(context.now(), context.config.CASHBACK_PERIOD_MINUTES);
  return inLedgerTransaction(context.db, async (tx) => {
    const preview = await previewRun(tx, input.job, period, rates);
    if (preview.totalSatang === 0n) {
      await recordPeriod(tx, input.job, period, 0);
      return { status: 'executed', count: 0, totalSatang: 0n, approvalId: null };
    }
    const outcome = await requestMoneyAction(tx, {
      kind: 'reward-job.run', requester: { staffId: input.staffId, role: input.role }, amountSatang: preview.totalSatang,
      subject: { type: 'reward_job', id: `${input.job}:${period.periodStart}` },
      payload: { job: input.job, periodStart: period.periodStart, fromUtc: period.fromUtc.toISOString(), toUtc: period.toUtc.toISOString(), rates, dues: preview.dues },
      idempotencyKey: `reward-job:${input.job}:${period.periodStart}:${preview.totalSatang}:${input.staffId}`,
      reason: `${input.job} ${period.periodStart}: ${preview.dues} payments`, address: input.address, now: context.now(),
    });
    if (outcome.status !== 'executed') return { status: outcome.status, count: 0, totalSatang: preview.totalSatang, approvalId: outcome.approvalId };
    return { status: 'executed', count: Number(outcome.result.count ?? 0), totalSatang: preview.totalSatang, approvalId: outcome.approvalId };
  });
}

async function previewRun(db: Queryable, job: RewardJob, period: RewardPeriod, rates: RunRates): Promise<Preview> {
  const amounts = job === 'cashback'
    ? (await readDueCashback(db, period, (rates as { basisPoints: number }).basisPoints)).map((due) => due.cashbackSatang)
    : (await readDueAffiliateCommissions(db, period, rates as AffiliateRates)).map((due) => due.commissionSatang);
  return { period, rates, dues: amounts.length, totalSatang: amounts.reduce((sum, amount) => sum + amount, 0n) };
}

async function recordPeriod(tx: Queryable, job: RewardJob, period: RewardPeriod, count: number): Promise<void> {
  if (job === 'cashback') await recordCashbackPeriod(tx, period, count);
  else await recordAffiliatePeriod(tx, period, count);
}

/**
 * The approvals module's handler of 'reward-job.run' (at once under the limit, or on approval):
 * recomputes the period's unpaid total at the stored rates in this transaction and pays it only
 * if it equals the approved amount; each payment keeps its own ledger key, so nothing pays twice.
 */
const executeRewardJobRun: MoneyActionHandler = async (tx, action) => {
  const job = String(action.payload.job) as RewardJob;
  const period: RewardPeriod = { periodStart: String(action.payload.periodStart), fromUtc: new Date(String(action.payload.fromUtc)), toUtc: new Date(String(action.payload.toUtc)) };
  const rates = action.payload.rates as RunRates;
  const preview = await previewRun(tx, job, period, rates);
  if (preview.totalSatang !== action.amountSatang) {
    throw new AppError('REWARD_JOB_TOTAL_CHANGED');
  }
  let count = 0;
  if (job === 'cashback') {
    const basisPoints = (rates as { basisPoints: number }).basisPoints;
    for (const due of await readDueCashback(tx, period, basisPoints)) if (await creditPeriodCashback(tx, period, due, basisPoints)) count += 1;
  } else {
    for (const due of await readDueAffiliateCommissions(tx, period, rates as AffiliateRates)) if (await creditAffiliateCommission(tx, period, due)) count += 1;
  }
  await recordPeriod(tx, job, period, count);
  return { job, periodStart: period.periodStart, count, totalSatang: String(preview.totalSatang) };
};

registerMoneyActionHandler('reward-job.run', executeRewardJobRun);
