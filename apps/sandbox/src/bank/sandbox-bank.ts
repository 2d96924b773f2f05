import { BankLedger } from './bank-ledger.ts';
import { FeedClient, type FeedClientOptions } from './feed-client.ts';
import { HeldResponses } from '../held-responses.ts';
import type { PayoutOutcome } from './pay-out.ts';
import type { FaultSettings } from './payout-faults.ts';
import { TransferBook } from './transfer-book.ts';

/** How long the `timeout_*` fault modes hold a payout answer unless told otherwise. */
export const DEFAULT_FAULT_HOLD_MS = 30_000;

/** Everything the sandbox bank remembers, in memory, for one sandbox app. */
export interface SandboxBank {
  ledger: BankLedger;
  transfers: TransferBook;
  /** Payout outcomes by reference. Never evicted: idempotency must hold for the process's life. */
  payouts: Map<string, PayoutOutcome>;
  feed: FeedClient;
  faults: FaultSettings;
  held: HeldResponses;
  faultHoldMs: number;
  now: () => Date;
}

export interface SandboxBankOptions {
  feed: FeedClientOptions;
  faultHoldMs?: number;
  now?: () => Date;
}

export function createSandboxBank(options: SandboxBankOptions): SandboxBank {
  return {
    ledger: new BankLedger(),
    transfers: new TransferBook(),
    payouts: new Map(),
    feed: new FeedClient(options.feed),
    faults: { payout: 'ok' },
    held: new HeldResponses(),
    faultHoldMs: options.faultHoldMs ?? DEFAULT_FAULT_HOLD_MS,
    now: options.now ?? (() => new Date()),
  };
}
