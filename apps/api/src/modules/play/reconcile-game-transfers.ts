import type { AppContext } from '../../context.ts';
import { settleFromPartnerStatus } from './move-game-credit.ts';
import { checkMemberGameWallet } from './detect-game-difference.ts';

/** Leave fresh transfers to their own request first. */
const MIN_AGE_MS = 2_000;
/** How long a transfer voided as "not received" is still asked about, and how often. */
const LATE_APPLY_WATCH_MS = 7 * 86_400_000;
const LATE_APPLY_RECHECK_MS = 60_000;
const LATE_APPLY_BATCH = 20;

/**
 * The game-transfer reconciliation job: every `sending` transfer (timeout, 5xx, crash after the
 * call) is settled by asking the partner for our reference — succeeded → post; failed → void;
 * not found after GAME_TRANSFER_VOID_GRACE_MS → void (never applied). Never retried, never
 * voided blindly.
 *
 * Then transfers voided as "not received" in the last 7 days are asked about again: a partner that
 * applied one after all (issue 15, "late apply") made the member's partner balance differ from the
 * ledger. That difference is never booked to the member: the member's wallet is checked and the
 * difference opens a reconciliation case for staff (detect-game-difference.ts).
 * @returns how many transfers it settled.
 */
export async function reconcileGameTransfers(context: AppContext, options: { batchSize?: number; minAgeMs?: number } = {}): Promise<number> {
  const now = context.now().getTime();
  const { rows } = await context.db.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM game_transfers WHERE status = 'sending' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [new Date(now - (options.minAgeMs ?? MIN_AGE_MS)), options.batchSize ?? 50],
  );
  let settled = 0;
  for (const row of rows) {
    if (await settleFromPartnerStatus(context, row)) settled += 1;
  }
  await watchForLateApplies(context, now);
  return settled;
}

async function watchForLateApplies(context: AppContext, now: number): Promise<void> {
  const { rows } = await context.db.query<{ id: string; member_id: string; username: string }>(
    `SELECT t.id, t.member_id, g.username FROM game_transfers t JOIN game_accounts g ON g.member_id = t.member_id
     WHERE t.status = 'failed' AND t.failure_reason = 'NOT_RECEIVED_BY_PARTNER' AND t.updated_at > $1
       AND (t.late_apply_checked_at IS NULL OR t.late_apply_checked_at < $2)
     ORDER BY t.updated_at LIMIT $3`,
    [new Date(now - LATE_APPLY_WATCH_MS), new Date(now - LATE_APPLY_RECHECK_MS), LATE_APPLY_BATCH],
  );
  for (const row of rows) {
    const status = await context.partner.getTransferStatus(row.id);
    if (status.status === 'unknown') continue;
    await context.db.query('UPDATE game_transfers SET late_apply_checked_at = $2 WHERE id = $1', [row.id, new Date(now)]);
    if (status.status === 'succeeded') {
      await checkMemberGameWallet(context, { memberId: row.member_id, username: row.username }, { lateAppliedTransferId: row.id });
    }
  }
}
