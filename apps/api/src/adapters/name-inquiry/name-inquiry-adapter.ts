/**
 * Name inquiry: asks a bank network who holds an account (in Thailand, the "account name
 * inquiry" an operator gets through its bank's API or a payment provider, the same lookup a
 * banking app does before a transfer). checkBank uses it so sign-up binds the member to the real
 * holder's name, which is later compared with withdrawal and deposit accounts.
 */
export interface NameInquiryRequest {
  /** Three-digit Bank of Thailand code. */
  bankCode: string;
  /** 10 or 12 digits. */
  accountNumber: string;
}

export type NameInquiryResult =
  | { found: true; firstName: string; lastName: string }
  | { found: false };

export interface NameInquiryAdapter {
  /**
   * @returns the holder's name, or `{ found: false }` when the bank says no such account.
   * @throws ProviderUnavailableError on timeout, network failure or an unexpected answer.
   */
  lookupAccountHolder(request: NameInquiryRequest): Promise<NameInquiryResult>;
}

/** The provider could not answer (timeout, network, 5xx, malformed reply). Not the member's fault. */
export class ProviderUnavailableError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`${provider} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ProviderUnavailableError';
  }
}
