import type { LateTransfer } from './late-transfer-queue.ts';
import type { PartnerContext } from './partner-context.ts';
import type { StoredTransfer } from './partner-state.ts';
import { amountKeyOf, isSameContent, transferCredit, type TransferCreditInput } from './transfer-credit.ts';

/** What `POST /partner/v1/transfers` does with a reference that is waiting to be applied late. */
export type QueuedReferenceAnswer = 'not_queued' | 'still_pending' | 'conflict';

/**
 * A queued reference answers like its first POST did (500, still unapplied) so a retry cannot
 * apply it early or twice; other content under it is a conflict, as it will be once applied.
 */
export function answerForQueuedReference(context: PartnerContext, input: TransferCreditInput): QueuedReferenceAnswer {
  const queued = context.lateTransfers.get(input.reference);
  if (!queued) return 'not_queued';
  return isSameContent({ ...queued, amountKey: amountKeyOf(queued.amount) }, input) ? 'still_pending' : 'conflict';
}

/** Queues the transfer to apply after `lateApplyMs`; false when the queue is full. */
export function queueLateTransfer(context: PartnerContext, input: TransferCreditInput): boolean {
  return context.lateTransfers.enqueue(input, (transfer) => applyLateTransfer(context, transfer));
}

/** Applies every waiting transfer now, in queue order (the test tool's shortcut for the timers). */
export function applyLateTransfersNow(context: PartnerContext): StoredTransfer[] {
  return context.lateTransfers.takeAll().flatMap((transfer) => applyLateTransfer(context, transfer) ?? []);
}

/**
 * The normal transfer, stored from now on. A conflict cannot happen (a queued reference is
 * never stored: its POSTs answer 500 or 409 while it waits); it is skipped rather than thrown,
 * because a throw in a timer would crash the sandbox.
 */
function applyLateTransfer(context: PartnerContext, transfer: LateTransfer): StoredTransfer | undefined {
  const { reference, username, direction, amount } = transfer;
  const result = transferCredit(context, { reference, username, direction, amount });
  return result.kind === 'outcome' ? result.transfer : undefined;
}
