import Client, { ProcessState, type HttpClient, type MessageState } from 'android-sms-gateway';
import { SmsRejectedError, SmsRetryableError, type SmsAdapter } from './sms-adapter.ts';

/** `0812345678` → `+66812345678`: the app sends to E.164 numbers. */
export const toE164Thai = (localPhone: string): string => `+66${localPhone.slice(1)}`;

/** An HTTP failure with its status, so the adapter can tell "try again" from "refused". */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
  }
}

/**
 * The library's HttpClient over Node's fetch, each call bounded by `timeoutMs` (the library has
 * no timeout of its own). A non-2xx answer throws HttpStatusError; an empty body reads as undefined.
 */
export function fetchHttpClient(timeoutMs: number): HttpClient {
  const request = async <T>(method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new HttpStatusError(response.status, text);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return {
    get: (url, headers) => request('GET', url, undefined, headers),
    post: (url, body, headers) => request('POST', url, body, headers),
    put: (url, body, headers) => request('PUT', url, body, headers),
    patch: (url, body, headers) => request('PATCH', url, body, headers),
    delete: (url, headers) => request('DELETE', url, undefined, headers),
  };
}

const STATES: Record<ProcessState, 'accepted' | 'sent' | 'delivered' | 'failed'> = {
  [ProcessState.Pending]: 'accepted',
  [ProcessState.Processed]: 'accepted',
  [ProcessState.Sent]: 'sent',
  [ProcessState.Delivered]: 'delivered',
  [ProcessState.Failed]: 'failed',
};

/**
 * SMS through SMS Gateway for Android (the operator's own phone; docs/adr/0042), with the app's
 * own client library `android-sms-gateway` 3.0.0: `POST {baseUrl}/message` with Basic auth,
 * `{ id, message, phoneNumbers: ['+66…'], ttl, withDeliveryReport: true }`, answered 202 with a
 * MessageState. The same class serves SMS_PROVIDER=sandbox, pointed at the sandbox's double of the
 * API. `ttlSeconds` bounds how long the phone may hold it (a code is worthless after 5 minutes).
 */
export function createSmsGatewaySms(options: { baseUrl: string; username: string; password: string; timeoutMs: number; ttlSeconds: number }): SmsAdapter {
  const client = new Client(options.username, options.password, fetchHttpClient(options.timeoutMs), options.baseUrl.replace(/\/$/, ''));
  return {
    async send(message) {
      let answer: MessageState;
      try {
        answer = await client.send(
          { id: message.id, message: message.text, phoneNumbers: [toE164Thai(message.toPhone)], ttl: options.ttlSeconds, withDeliveryReport: true },
          { skipPhoneValidation: false },
        );
      } catch (error) {
        if (error instanceof HttpStatusError && error.status !== 429 && error.status < 500) throw new SmsRejectedError(error.message);
        throw new SmsRetryableError(error instanceof Error ? error.message : String(error));
      }
      const recipient = answer.recipients?.[0];
      const state = STATES[recipient?.state ?? answer.state] ?? 'accepted';
      return { providerMessageId: answer.id, state, error: recipient?.error ?? null };
    },
  };
}
