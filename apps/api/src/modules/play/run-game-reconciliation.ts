import type { AppContext } from '../../context.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { gameReconciliationReport } from './game-reconciliation-report.ts';

/**
 * The game reconciliation run on demand by staff (`POST /admin-api/v1/game/reconciliation/run`,
 * issue 15): a quiet look at each member of the page (game-reconciliation-report.ts with `isRun`);
 * differences nothing explains open cases. The run is audited afterwards as
 * `game_reconciliation.run` with the page asked for and how many differed or were unknown.
 * @returns the report, as the read-only report's shape.
 */
export async function runGameReconciliation(
  context: AppContext,
  input: { page: { limit: number; after?: string | undefined; memberId?: string | undefined }; staff: StaffActor },
): Promise<Awaited<ReturnType<typeof gameReconciliationReport>>> {
  const report = await gameReconciliationReport(context, { ...input.page, isRun: true });
  await context.db.transaction((tx) =>
    recordStaffAction(tx, { ...input.staff, action: 'game_reconciliation.run', subjectType: 'job', subjectId: 'game-reconciliation', details: { ...input.page, withDifference: report.withDifference, unknown: report.unknown } }),
  );
  return report;
}
