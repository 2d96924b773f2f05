/**
 * Slip verification: asks the sending bank (or a service in front of it) for the transfer a slip's
 * mini QR names, by sending-bank code + transaction reference (issue 28 §2). Thai banks answer it
 * through the ITMX slip-verification API that SCB (`GET /v1/payment/billpayment/transactions/{transRef}
 * ?sendingBank=`) and KBank (`POST /v1/verslip/kbank/verify`) publish; the answer is the bank's record,
 * so what the slip image shows (amount, names) is never trusted.
 */
export interface SlipVerifyRequest {
  /** Three digits, from the QR's tag 00/01. */
  sendingBankCode: string;
  /** From the QR's tag 00/02. */
  transRef: string;
}

/** One side of the transfer as the bank reports it. */
export interface SlipParty {
  /** Three digits; null when the bank leaves it out. */
  bankCode: string | null;
  /** As reported: full (`1234567890`) or masked (`xxx-x-x5678-x`, `1234xxxx5678`); null for a proxy-only party. */
  account: string | null;
  /** Display name as the bank prints it (may be partial: `นาย กสิกร ร`). */
  name: string | null;
}

/** The transfer the bank confirms. */
export interface SlipTransfer {
  sendingBankCode: string;
  transRef: string;
  amountSatang: bigint;
  /** When the bank made the transfer (the slip's date and time, Asia/Bangkok). */
  occurredAt: Date;
  sender: SlipParty;
  receiver: SlipParty;
}

export type SlipVerifyResult = { found: true; transfer: SlipTransfer } | { found: false };

export interface SlipVerifyAdapter {
  /** `sandbox` | `scb` | `kbank`: recorded with each slip. */
  readonly name: string;
  /**
   * @returns the transfer, or `{ found: false }` when the bank says no such transfer.
   * @throws ProviderUnavailableError (adapters/name-inquiry) on timeout, network failure, refusal of our
   *   credentials or an unexpected answer: not the member's fault, they may try again.
   */
  verify(request: SlipVerifyRequest): Promise<SlipVerifyResult>;
}
