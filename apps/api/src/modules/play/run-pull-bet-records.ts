import type { AppContext } from '../../context.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { pullBetRecords } from './pull-bet-records.ts';

/**
 * The pull-bet-records job run now by staff (`POST /admin-api/v1/jobs/pull-bet-records`): the
 * scheduled job (pull-bet-records.ts, idempotent; the scheduler runs it anyway), then audited as
 * `job.pull-bet-records` with how many records it pulled.
 * @returns how many bet records were pulled.
 */
export async function runPullBetRecords(context: AppContext, input: { staff: StaffActor }): Promise<number> {
  const count = await pullBetRecords(context);
  await context.db.transaction((tx) => recordStaffAction(tx, { ...input.staff, action: 'job.pull-bet-records', subjectType: 'job', subjectId: 'pull-bet-records', details: { count } }));
  return count;
}
