import type { ProviderSendResult, ProviderTransferStatus } from '../../lib/external-transfer.ts';

/**
 * Payouts: sending a member's withdrawal to their bound bank account through the operator's bank
 * or payment provider (a disbursement API). Every payout carries our withdrawal id as its
 * reference; the provider must treat a repeated reference as the same payout, and must answer a
 * status query by reference, so an unknown outcome is settled by asking, never by paying again.
 */
export interface PayoutRequest {
  /** Our withdrawal id, `wdr_…`: the provider's idempotency key. */
  reference: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  amountSatang: bigint;
}

/** What the bank gives back for a payout it made: its own reference. */
export interface PayoutReceipt {
  providerRef: string;
}

/** A send's answer (lib/external-transfer.ts): unknown = timeout, network failure, 5xx — the money may or may not have left. */
export type PayoutResult = ProviderSendResult<PayoutReceipt>;
/** The bank's answer about our reference. */
export type PayoutStatus = ProviderTransferStatus<PayoutReceipt>;

export interface PayoutAdapter {
  /** Sends the payout once. Never throws for provider trouble: that is `unknown`. */
  sendPayout(request: PayoutRequest): Promise<PayoutResult>;
  /** What the provider knows of the payout with this reference. */
  getPayoutStatus(reference: string): Promise<PayoutStatus>;
}
