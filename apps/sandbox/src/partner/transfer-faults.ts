/**
 * How `POST /partner/v1/transfers` misbehaves, for tests of Sabai's partner adapter
 * (switched with `POST /partner/v1/sandbox/faults { transfer }`):
 * - `ok`: applies and answers at once;
 * - `timeout_after_applying`: applies, then holds the answer `faultHoldMs` (30 s by default);
 * - `error_before_applying`: applies nothing, remembers nothing, answers 500 `{ code: 'INTERNAL_ERROR' }`;
 * - `duplicate_delivery`: applies, and the next bet-records page that can repeats records it
 *   already delivered (bet-feed.ts); a retried reference gets the first outcome as always;
 * - `slow`: applies, answers after SLOW_TRANSFER_MS;
 * - `apply_twice`: a partner bug that moves the balance by twice the amount (once when twice does
 *   not fit) while storing the reference once, so Sabai's reconciliation sees a balance it cannot
 *   explain by its own transfers (transfer-credit.ts);
 * - `apply_late`: answers 500 `{ code: 'INTERNAL_ERROR' }` and stores nothing, then applies the
 *   transfer `lateApplyMs` later (5 s by default) or at `POST /partner/v1/sandbox/late-transfers/apply`,
 *   so a status lookup says `not_found` first and `succeeded` later (late-transfers.ts).
 */
export const TRANSFER_FAULTS = ['ok', 'timeout_after_applying', 'error_before_applying', 'duplicate_delivery', 'slow', 'apply_twice', 'apply_late'] as const;
export type TransferFault = (typeof TRANSFER_FAULTS)[number];

export const SLOW_TRANSFER_MS = 1_500;
export const DEFAULT_FAULT_HOLD_MS = 30_000;
export const DEFAULT_LATE_APPLY_MS = 5_000;

export interface PartnerFaults {
  transfer: TransferFault;
}
