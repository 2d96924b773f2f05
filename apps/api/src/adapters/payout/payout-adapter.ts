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

export type PayoutResult =
  | { outcome: 'succeeded'; providerRef: string }
  | { outcome: 'failed'; failureReason: string }
  /** Timeout, network failure, 5xx: the money may or may not have left. Ask later. */
  | { outcome: 'unknown'; detail: string };

export type PayoutStatus =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'failed'; failureReason: string }
  | { status: 'not_found' }
  | { status: 'unknown'; detail: string };

export interface PayoutAdapter {
  /** Sends the payout once. Never throws for provider trouble: that is `unknown`. */
  sendPayout(request: PayoutRequest): Promise<PayoutResult>;
  /** What the provider knows of the payout with this reference. */
  getPayoutStatus(reference: string): Promise<PayoutStatus>;
}
