/**
 * Sending one SMS (issue 27 §2). Implementations never touch the database and are never called
 * inside a database transaction (adapters/README.md).
 */
export interface SmsAdapter {
  /**
   * Hands one text to the provider for one Thai mobile number.
   * @param message.id our `sms_…` id, sent as the provider's message id so its delivery reports name it.
   * @param message.toPhone local form `0xxxxxxxxx`.
   * @returns the provider's id and what it said at once (`accepted` = queued on the phone, or a final state).
   * @throws SmsRetryableError (no answer, 429, 5xx: try again later), SmsRejectedError (any other refusal: never retried).
   */
  send(message: { id: string; toPhone: string; text: string }): Promise<{ providerMessageId: string; state: 'accepted' | 'sent' | 'delivered' | 'failed'; error: string | null }>;
}

/** The provider did not answer, or answered 429 / 5xx: the same message may be sent again (same id). */
export class SmsRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsRetryableError';
  }
}

/** The provider refused the message (bad number, bad credentials, …): retrying would not help. */
export class SmsRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsRejectedError';
  }
}
