import type { TransactionStatus } from '../../lib/wallet-types.ts';

/** How a status reads and looks in history (spec §4: 0 and 1 approved, 2 pending, 3 failed). */
export interface StatusView {
  /** Key under th.json `history.status`. */
  labelKey: `history.status.${'approved' | 'pending' | 'paying' | 'failed'}`;
  tone: 'success' | 'pending' | 'failed';
}

const STATUS_VIEWS: Record<TransactionStatus, StatusView> = {
  0: { labelKey: 'history.status.approved', tone: 'success' },
  1: { labelKey: 'history.status.approved', tone: 'success' },
  2: { labelKey: 'history.status.pending', tone: 'pending' },
  3: { labelKey: 'history.status.failed', tone: 'failed' },
};

/** A pending withdrawal whose money is on its way to the member's bank (the row's `isBeingPaid`). */
const BEING_PAID_VIEW: StatusView = { labelKey: 'history.status.paying', tone: 'pending' };

/**
 * Null for a status the client does not know: the row shows the number rather than a guess.
 * A pending row the server marks `isBeingPaid` reads "กำลังโอน" instead of "รอดำเนินการ".
 */
export function describeStatus(status: number, isBeingPaid = false): StatusView | null {
  if (!Object.hasOwn(STATUS_VIEWS, status)) return null;
  return status === 2 && isBeingPaid ? BEING_PAID_VIEW : STATUS_VIEWS[status as TransactionStatus];
}

export const STATUS_TONE_CLASSES: Record<StatusView['tone'], string> = {
  success: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-300',
  pending: 'border-amber-400/40 bg-amber-500/15 text-amber-200',
  failed: 'border-red-400/40 bg-red-500/15 text-red-300',
};
