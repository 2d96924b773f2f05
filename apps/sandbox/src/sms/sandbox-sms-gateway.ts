import { createHmac, randomBytes } from 'node:crypto';

/** The default signing key of the sandbox's webhooks (Sabai's SMS_GATEWAY_SIGNING_KEY default; published, refused in production). */
export const SANDBOX_SMS_SIGNING_KEY = 'sandbox-sms-signing-key-change-me';
/** The username the sandbox SMS Gateway accepts (its password is the sandbox API key). */
export const SANDBOX_SMS_USERNAME = 'sabai';

/**
 * A recipient whose number starts with this fails (`sms:failed`, "RESULT_ERROR_GENERIC_FAILURE"),
 * so tests and the demo can show staff a failed send. Every other number is sent and delivered.
 */
export const FAILING_PHONE_PREFIX = '0899999';

export type SandboxSmsState = 'sent' | 'delivered' | 'failed';

/** One SMS the sandbox was asked to send, as `GET /sms/v1/messages` lists it. */
export interface SandboxSms {
  id: string;
  /** Local form `0xxxxxxxxx`. */
  to: string;
  text: string;
  state: SandboxSmsState;
  createdAt: string;
  error: string | null;
}

/** A webhook registered through the app's `/webhooks` API. */
export interface SandboxSmsWebhook {
  id: string;
  event: string;
  url: string;
  deviceId: string | null;
}

/** `+66812345678` / `66812345678` / `0812345678` → `0812345678` (Thai mobile numbers). */
export function localThaiNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/[^\d]/g, '');
  if (digits.startsWith('66') && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

/** The app's webhook signature: hex HMAC-SHA256 of the raw body followed by the X-Timestamp value. */
export function signSmsWebhook(signingKey: string, rawBody: string, timestamp: string): string {
  return createHmac('sha256', signingKey).update(rawBody).update(timestamp, 'utf8').digest('hex');
}

/**
 * The SMS Gateway for Android double (issue 27 §2): the messages it was asked to send, newest
 * first, and the delivery webhooks (`sms:sent`, then `sms:delivered` or `sms:failed`) it signs as
 * the app does and posts to the registered webhooks, or, when none is registered for an event, to
 * Sabai's `/sms-gateway/v1/events`. Unlike the phone, it reports before it answers the send call,
 * so a test sees the final state when the send returns (the API's states only move forward, so the
 * real app's later reports land the same way).
 */
export class SandboxSmsGateway {
  readonly messages: SandboxSms[] = [];
  readonly webhooks = new Map<string, SandboxSmsWebhook>();
  #apiBaseUrl: string | undefined;

  constructor(
    private readonly options: { signingKey: string; apiBaseUrl?: string | undefined; now?: () => Date; fetchTimeoutMs?: number },
  ) {
    this.#apiBaseUrl = options.apiBaseUrl;
  }

  setApiBaseUrl(url: string): void {
    this.#apiBaseUrl = url;
  }

  /** Newest first; only `to`'s messages when given. */
  list(to?: string): SandboxSms[] {
    const all = to ? this.messages.filter((message) => message.to === localThaiNumber(to)) : this.messages;
    return [...all].reverse();
  }

  /** Accepts one message for each recipient, reports its fate by webhook, returns the app's MessageState. */
  async send(input: { id: string | null | undefined; text: string; phoneNumbers: string[] }): Promise<{ id: string; state: string; recipients: Array<{ phoneNumber: string; state: string; error: string | null }> }> {
    const id = input.id && input.id.length > 0 ? input.id : randomBytes(10).toString('hex');
    const now = (this.options.now ?? (() => new Date()))();
    const recipients: Array<{ phoneNumber: string; state: string; error: string | null }> = [];
    for (const phoneNumber of input.phoneNumbers) {
      const to = localThaiNumber(phoneNumber);
      const fails = to.startsWith(FAILING_PHONE_PREFIX);
      const message: SandboxSms = { id, to, text: input.text, state: fails ? 'failed' : 'delivered', createdAt: now.toISOString(), error: fails ? 'RESULT_ERROR_GENERIC_FAILURE' : null };
      this.messages.push(message);
      recipients.push({ phoneNumber, state: fails ? 'Failed' : 'Delivered', error: message.error });
      // Reported after the answer, as the app does (its webhooks come when the phone hears back from
      // the network): a sender never waits for its own webhook to be handled. In order, one at a time.
      this.#reports = this.#reports.then(async () => {
        await this.#report('sms:sent', { messageId: id, phoneNumber, simNumber: 1, sentAt: now.toISOString() });
        if (fails) await this.#report('sms:failed', { messageId: id, phoneNumber, simNumber: 1, failedAt: now.toISOString(), reason: message.error });
        else await this.#report('sms:delivered', { messageId: id, phoneNumber, simNumber: 1, deliveredAt: now.toISOString() });
      });
    }
    const failed = recipients.some((recipient) => recipient.state === 'Failed');
    return { id, state: failed ? 'Failed' : 'Delivered', recipients };
  }

  /** The delivery reports not posted yet, in order (each posts once; `#report` never rejects). */
  #reports: Promise<void> = Promise.resolve();

  /** Resolves when every delivery report sent so far has been posted (tests wait for it; the app has no such call). */
  async reportsPosted(): Promise<void> {
    await this.#reports;
  }

  /** The app's MessageState of a message it sent, or undefined. */
  state(id: string): { id: string; state: string; recipients: Array<{ phoneNumber: string; state: string; error: string | null }> } | undefined {
    const sent = this.messages.filter((message) => message.id === id);
    if (sent.length === 0) return undefined;
    const stateOf = (message: SandboxSms) => (message.state === 'failed' ? 'Failed' : message.state === 'delivered' ? 'Delivered' : 'Sent');
    return { id, state: sent.some((message) => message.state === 'failed') ? 'Failed' : 'Delivered', recipients: sent.map((message) => ({ phoneNumber: message.to, state: stateOf(message), error: message.error })) };
  }

  async #report(event: string, payload: Record<string, unknown>): Promise<void> {
    const registered = [...this.webhooks.values()].filter((webhook) => webhook.event === event).map((webhook) => webhook.url);
    const targets = registered.length > 0 ? registered : this.#apiBaseUrl ? [`${this.#apiBaseUrl}/sms-gateway/v1/events`] : [];
    const body = JSON.stringify({ deviceId: 'sandbox-phone', event, id: randomBytes(10).toString('hex'), payload, webhookId: `sandbox-${event}` });
    const timestamp = String(Math.floor(Date.now() / 1000));
    for (const url of targets) {
      try {
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signSmsWebhook(this.options.signingKey, body, timestamp), 'x-timestamp': timestamp },
          body,
          signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? 5_000),
        });
      } catch {
        // The real app retries later; the sandbox reports once (a lost report leaves the state "accepted").
      }
    }
  }
}
