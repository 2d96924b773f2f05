import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FeedKind } from './house-accounts.ts';
import { signSmsGatewayBody } from './build-sms-gateway-webhook.ts';

/**
 * Sends bank notifications to Sabai's bank feed exactly as a real connector would (an SMS
 * forwarder on the operator's phone, a bank statement API, a TrueMoney webhook), in one of two
 * formats:
 *
 * - `sabai` (default): `POST {apiBaseUrl}/bank-feed/v1/{sms|statement|truemoney}` with
 *   `x-feed-source`, `x-feed-timestamp` (epoch ms) and
 *   `x-feed-signature` = hex HMAC-SHA256(feedSecret, `${timestamp}.${rawBody}`);
 * - `sms-gateway`: as SMS Gateway for Android posts its webhooks,
 *   `POST {apiBaseUrl}/bank-feed/v1/sms-gateway/{sourceId}` with `X-Timestamp` (Unix seconds) and
 *   `X-Signature` = hex HMAC-SHA256(feedSecret, rawBody + timestamp) (build-sms-gateway-webhook.ts).
 *
 * Retries on a network error, a timeout or a 5xx, up to `maxRetries` times, with the SAME body
 * bytes and a fresh timestamp + signature (as the app re-signs each retry): the feed deduplicates
 * (SMS: by what the text says), so a retry of a delivery that did land is harmless.
 */

export const DEFAULT_FEED_MAX_RETRIES = 3;
export const DEFAULT_FEED_TIMEOUT_MS = 5_000;
export const DEFAULT_FEED_RETRY_DELAY_MS = 250;
/** Longest answer text we keep per delivery (it is only shown on the page). */
const MAX_KEPT_RESPONSE_CHARS = 4_000;

/** How a notification is shaped and signed: Sabai's own connector format, or SMS Gateway for Android's webhook. */
export type FeedFormat = 'sabai' | 'sms-gateway';

export interface FeedNotification {
  kind: FeedKind;
  sourceId: string;
  body: Record<string, unknown>;
  /** Absent = `sabai`. */
  format?: FeedFormat;
}

export type FeedDeliveryStatus =
  /** Sabai answered 2xx. */
  | 'delivered'
  /** Sabai answered 4xx (bad signature, bad body…): not retried. */
  | 'rejected'
  /** Network errors / timeouts / 5xx on every attempt. */
  | 'failed'
  /** No API base URL (or no feed secret) set yet: nothing was sent. */
  | 'not_configured'
  /** The transfer asked for the house phone to be off (`houseNotification: false`): nothing was sent (issue 28 §2: the member's slip is the only word). */
  | 'phone_off';

export interface FeedAttempt {
  at: string;
  httpStatus: number | null;
  error: string | null;
}

export interface FeedDelivery {
  kind: FeedKind;
  sourceId: string;
  /** Absent = `sabai`. */
  format?: FeedFormat;
  url: string | null;
  body: Record<string, unknown>;
  /** The exact bytes signed and sent on every attempt. */
  rawBody: string;
  status: FeedDeliveryStatus;
  httpStatus: number | null;
  /** Sabai's answer (parsed JSON, or the text when it was not JSON). */
  response: unknown;
  /** `response.data.status` when Sabai said it (credited / held / duplicate / ignored …). */
  sabaiStatus: string | null;
  attempts: FeedAttempt[];
}

export function signFeedBody(feedSecret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', feedSecret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** What Sabai's feed checks; exported for the tests' fake receiver. */
export function isValidFeedSignature(feedSecret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(signFeedBody(feedSecret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface FeedClientOptions {
  feedSecret: string;
  apiBaseUrl?: string | undefined;
  maxRetries?: number;
  timeoutMs?: number;
  /** Wait before retry n is n × this. */
  retryDelayMs?: number;
}

export class FeedClient {
  readonly #feedSecret: string;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #retryDelayMs: number;
  #apiBaseUrl: string | null = null;
  /** Sources set up with their own webhook URL and key (house-phones.ts): what an operator types into the phone's app. */
  readonly #ownSources = new Map<string, { url: string; secret: string }>();

  constructor(options: FeedClientOptions) {
    // A missing secret (an untyped caller) must not crash the sandbox: deliveries report not_configured.
    this.#feedSecret = typeof options.feedSecret === 'string' ? options.feedSecret : '';
    this.#maxRetries = options.maxRetries ?? DEFAULT_FEED_MAX_RETRIES;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
    this.#retryDelayMs = options.retryDelayMs ?? DEFAULT_FEED_RETRY_DELAY_MS;
    if (options.apiBaseUrl) this.setApiBaseUrl(options.apiBaseUrl);
  }

  get apiBaseUrl(): string | null {
    return this.#apiBaseUrl;
  }

  /** @throws TypeError when `url` is not an absolute http(s) URL. */
  setApiBaseUrl(url: string): void {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${url}`);
    this.#apiBaseUrl = url.replace(/\/+$/, '');
  }

  /**
   * Sets a source up with its own webhook URL and signing key (SMS Gateway for Android's settings).
   * @throws TypeError when `url` is not an absolute http(s) URL or the key is shorter than 16.
   */
  setOwnSource(sourceId: string, setting: { url: string; secret: string }): void {
    const parsed = new URL(setting.url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${setting.url}`);
    if (setting.secret.length < 16) throw new TypeError('a signing key has at least 16 characters');
    this.#ownSources.set(sourceId, setting);
  }

  async deliver(notification: FeedNotification): Promise<FeedDelivery> {
    const rawBody = JSON.stringify(notification.body);
    const isGateway = notification.format === 'sms-gateway';
    const path = isGateway ? `sms-gateway/${encodeURIComponent(notification.sourceId)}` : notification.kind;
    const own = this.#ownSources.get(notification.sourceId);
    const url = own ? own.url : this.#apiBaseUrl === null ? null : `${this.#apiBaseUrl}/bank-feed/v1/${path}`;
    const secret = own ? own.secret : this.#feedSecret;
    const delivery: FeedDelivery = {
      ...notification,
      url,
      rawBody,
      status: 'not_configured',
      httpStatus: null,
      response: null,
      sabaiStatus: null,
      attempts: [],
    };
    if (url === null || secret === '') return delivery;

    for (let attempt = 0; attempt <= this.#maxRetries; attempt += 1) {
      if (attempt > 0) await sleep(this.#retryDelayMs * attempt);
      const outcome = await this.#send(url, isGateway ? this.#gatewayHeaders(secret, rawBody) : this.#sabaiHeaders(secret, notification.sourceId, rawBody), rawBody);
      delivery.attempts.push({ at: new Date().toISOString(), httpStatus: outcome.httpStatus, error: outcome.error });
      delivery.httpStatus = outcome.httpStatus;
      delivery.response = outcome.response;
      if (outcome.httpStatus !== null && outcome.httpStatus < 500) {
        delivery.status = outcome.httpStatus < 300 ? 'delivered' : 'rejected';
        delivery.sabaiStatus = readSabaiStatus(outcome.response);
        return delivery;
      }
    }
    delivery.status = 'failed';
    return delivery;
  }

  #sabaiHeaders(secret: string, sourceId: string, rawBody: string): Record<string, string> {
    const timestamp = String(Date.now());
    return {
      'content-type': 'application/json',
      'x-feed-source': sourceId,
      'x-feed-timestamp': timestamp,
      'x-feed-signature': signFeedBody(secret, timestamp, rawBody),
    };
  }

  #gatewayHeaders(secret: string, rawBody: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1_000));
    return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signSmsGatewayBody(secret, rawBody, timestamp) };
  }

  async #send(
    url: string,
    headers: Record<string, string>,
    rawBody: string,
  ): Promise<{ httpStatus: number | null; response: unknown; error: string | null }> {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      const text = (await answer.text()).slice(0, MAX_KEPT_RESPONSE_CHARS);
      return { httpStatus: answer.status, response: parseJsonOrText(text), error: null };
    } catch (error) {
      return { httpStatus: null, response: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readSabaiStatus(response: unknown): string | null {
  if (typeof response !== 'object' || response === null) return null;
  const data = (response as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const status = (data as { status?: unknown }).status;
  return typeof status === 'string' ? status : null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
