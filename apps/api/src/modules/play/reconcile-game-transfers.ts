import type { AppContext } from '../../context.ts';
import { settleGameTransfer } from './move-game-credit.ts';

/** A transfer the partner still does not know after this long was never applied. */
const NOT_FOUND_GRACE_MS = 60_000;
/** Leave fresh transfers to their own request first. */
const MIN_AGE_MS = 2_000;

/**
 * The game-transfer reconciliation job: every `sending` transfer (timeout, 5xx, crash after the
 * call) is settled by asking the partner for our reference — succeeded → post; failed → void;
 * not found after a grace period → void (never applied). Never retried, never voided blindly.
 * @returns how many it settled.
 */
export async function reconcileGameTransfers(context: AppContext, options: { batchSize?: number; minAgeMs?: number } = {}): Promise<number> {
  const now = context.now().getTime();
  const { rows } = await context.db.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM game_transfers WHERE status = 'sending' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [new Date(now - (options.minAgeMs ?? MIN_AGE_MS)), options.batchSize ?? 50],
  );
  let settled = 0;
  for (const row of rows) {
    const status = await context.partner.getTransferStatus(row.id);
    if (status.status === 'succeeded') {
      if (await settleGameTransfer(context, row.id, { result: 'succeeded' })) settled += 1;
    } else if (status.status === 'failed') {
      if (await settleGameTransfer(context, row.id, { result: 'failed', reason: status.reason })) settled += 1;
    } else if (status.status === 'not_found' && now - row.created_at.getTime() > NOT_FOUND_GRACE_MS) {
      if (await settleGameTransfer(context, row.id, { result: 'failed', reason: 'NOT_RECEIVED_BY_PARTNER' })) settled += 1;
    }
  }
  return settled;
}
