import type { AppContext } from '../../context.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import type { StaffRole } from '../staff/index.ts';
import { requestRewardJobRun, type RewardJob, type RewardJobRun } from './reward-job-run.ts';

/**
 * The cashback or affiliate job run now by staff (`POST /admin-api/v1/jobs/(cashback|affiliate)`):
 * reward-job-run.ts (the maker-checker policy on its payout, issue 25 §1), then audited as
 * `job.<name>` with the count, status, approval and total (satang).
 * @throws AppError as requestRewardJobRun (STAFF_FORBIDDEN, REWARD_JOB_TOTAL_CHANGED).
 */
export async function runRewardJobNow(
  context: AppContext,
  input: { job: RewardJob; staff: StaffActor; staffId: string; role: StaffRole },
): Promise<RewardJobRun> {
  const { job, staff } = input;
  const run = await requestRewardJobRun(context, { job, staffId: input.staffId, role: input.role, address: staff.address });
  await context.db.transaction((tx) => recordStaffAction(tx, { ...staff, action: `job.${job}`, subjectType: 'job', subjectId: job, details: { count: run.count, status: run.status, approvalId: run.approvalId, totalSatang: run.totalSatang } }));
  return run;
}
