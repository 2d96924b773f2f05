import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { reconcileHub88Day, type Hub88DayReport } from './reconcile-hub88-day.ts';

/**
 * The Hub88 day reconciliation run on demand by staff (`POST /admin-api/v1/game/hub88/reconcile-day`,
 * docs/adr/0046): reconcile-hub88-day.ts for `day` (a Bangkok calendar day, YYYY-MM-DD; the
 * previous one when absent), then audited as `hub88_reconciliation.run` with the report.
 * @throws AppError GAME_PROVIDER_UNAVAILABLE on a site whose game partner is not Hub88.
 */
export async function runHub88DayReconciliation(context: AppContext, input: { day?: string | undefined; staff: StaffActor }): Promise<Hub88DayReport> {
  if (context.config.GAME_PARTNER_PROVIDER !== 'hub88') throw new AppError('GAME_PROVIDER_UNAVAILABLE');
  const report = await reconcileHub88Day(context, input.day);
  await context.db.transaction((tx) =>
    recordStaffAction(tx, { ...input.staff, action: 'hub88_reconciliation.run', subjectType: 'job', subjectId: 'hub88-day-reconciliation', details: { ...report } }),
  );
  return report;
}
