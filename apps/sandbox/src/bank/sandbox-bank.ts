import { BankLedger } from './bank-ledger.ts';
import { FeedClient, type FeedClientOptions, type FeedFormat } from './feed-client.ts';
import { HeldResponses } from '../held-responses.ts';
import type { PayoutOutcome } from './pay-out.ts';
import type { FaultSettings } from './payout-faults.ts';
import { TransferBook } from './transfer-book.ts';

/** How long the `timeout_*` fault modes hold a payout answer unless told otherwise. */
export const DEFAULT_FAULT_HOLD_MS = 30_000;
/** How often a house phone switched to SMS Gateway sends `system:ping` (the app's Settings › Ping). */
export const DEFAULT_GATEWAY_PING_INTERVAL_MS = 5 * 60_000;

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
  /**
   * How each SMS house account's notifications reach Sabai, by its own feed source id
   * (`src_sms_kbank` …): absent = `sabai`; `sms-gateway` = through SMS Gateway for Android
   * (sms-delivery.ts).
   */
  smsFormats: Map<string, FeedFormat>;
  /** The pinging phones' timers, by the same source id (stopped on switch-back and on close). */
  gatewayPingTimers: Map<string, NodeJS.Timeout>;
  gatewayPingIntervalMs: number;
  now: () => Date;
}

export interface SandboxBankOptions {
  feed: FeedClientOptions;
  faultHoldMs?: number;
  gatewayPingIntervalMs?: number;
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
    smsFormats: new Map(),
    gatewayPingTimers: new Map(),
    gatewayPingIntervalMs: options.gatewayPingIntervalMs ?? DEFAULT_GATEWAY_PING_INTERVAL_MS,
    now: options.now ?? (() => new Date()),
  };
}
