import type { SetupChecklist } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { getSetupChecklist } from './get-setup-checklist.ts';

/**
 * The owner opens the site to members (issue 24 §1): the explicit last step of the setup checklist.
 * Checked again under the settings row's lock, so a channel disabled meanwhile is seen; audited
 * `site.open` with the checklist as it stood. Opening an open site changes nothing and writes no
 * audit row (a double click). Members reach the site within the settings cache's 5 seconds.
 * @throws AppError SITE_NOT_SET_UP (no site yet), SETUP_INCOMPLETE naming the missing items.
 */
export async function openSite(context: AppContext, input: { actor: string; actorRole: string; address: string | null; reason: string }): Promise<SetupChecklist> {
  const opened = await context.db.transaction(async (tx) => {
    const locked = await tx.query<{ opened_at: Date | null }>('SELECT opened_at FROM site_settings WHERE id = 1 FOR UPDATE');
    const row = locked.rows[0];
    if (!row) throw new AppError('SITE_NOT_SET_UP');
    const checklist = await getSetupChecklist(tx, context.config);
    if (row.opened_at !== null) return checklist;
    const missing = checklist.items.filter((item) => item.isRequired && !item.isDone).map((item) => item.key);
    if (missing.length > 0) throw new AppError('SETUP_INCOMPLETE', { message: `ยังตั้งค่าไม่ครบ (setup incomplete): ${missing.join(', ')}` });
    await tx.query('UPDATE site_settings SET opened_at = $1, opened_by = $2 WHERE id = 1', [context.now(), input.actor]);
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, action: 'site.open', subjectType: 'site_settings', subjectId: '1',
      reason: input.reason, address: input.address, before: { openedAt: null }, after: { checklist: checklist.items.map(({ key, isDone }) => ({ key, isDone })) },
    });
    return getSetupChecklist(tx, context.config);
  });
  context.siteSettings.invalidate();
  return opened;
}
