import { BaccaratShoe } from './games/baccarat-shoe.ts';
import { HeldResponses } from '../held-responses.ts';
import { LateTransferQueue } from './late-transfer-queue.ts';
import { LaunchSessions } from './launch-sessions.ts';
import type { PartnerState } from './partner-state.ts';
import { SlotOutcomeQueue } from './slot-outcome-queue.ts';
import { DEFAULT_LATE_APPLY_MS, type PartnerFaults } from './transfer-faults.ts';

/** What every use case of the sandbox partner works on: one per registered plugin. */
export interface PartnerContext {
  state: PartnerState;
  /** Schedules the write of `state` (a no-op without a data file). Call after every change. */
  persist: () => void;
  now: () => Date;
  publicBaseUrl: () => string;
  faults: PartnerFaults;
  faultHoldMs: number;
  held: HeldResponses;
  /** Transfers the `apply_late` fault applies later (in memory, bounded, dropped at close). */
  lateTransfers: LateTransferQueue;
  /** Set by a transfer under `duplicate_delivery`; cleared by the page that repeats records. */
  feed: { isDuplicateArmed: boolean };
  sessions: LaunchSessions;
  /** The baccarat table's 8-deck shoe (shared by every member, like a live table). */
  shoe: BaccaratShoe;
  /** Scripted slot results per member (POST /partner/v1/sandbox/slot-outcomes); in memory, bounded. */
  slotOutcomes: SlotOutcomeQueue;
}

export function createPartnerContext(options: {
  state: PartnerState;
  persist: () => void;
  now: () => Date;
  publicBaseUrl: () => string;
  faultHoldMs: number;
  /** Default DEFAULT_LATE_APPLY_MS. */
  lateApplyMs?: number;
}): PartnerContext {
  const { lateApplyMs, ...rest } = options;
  return {
    ...rest,
    faults: { transfer: 'ok' },
    held: new HeldResponses(),
    lateTransfers: new LateTransferQueue({ delayMs: lateApplyMs ?? DEFAULT_LATE_APPLY_MS, now: options.now }),
    feed: { isDuplicateArmed: false },
    sessions: new LaunchSessions(options.now),
    shoe: new BaccaratShoe(),
    slotOutcomes: new SlotOutcomeQueue(),
  };
}
