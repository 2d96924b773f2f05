import { generateKeyPairSync } from 'node:crypto';
import { HUB88_SIGNATURE_HEADER, signHub88Body } from './hub88-signature.ts';

/** The operator's Wallet API paths Hub88 calls (docs.hub88.io Operator API, Wallet API). */
export type WalletPath = '/user/info' | '/user/balance' | '/transaction/bet' | '/transaction/win' | '/transaction/rollback';

/** One attempt's outcome: the operator's JSON answer (any HTTP status), or no usable answer. */
export type WalletAttempt =
  | { kind: 'answer'; httpStatus: number; status: string; body: Record<string, unknown>; raw: string }
  | { kind: 'no_answer'; reason: string };

export interface WalletCallerOptions {
  /** Sabai's Wallet API base, e.g. `http://127.0.0.1:3000/seamless/hub88` (paths are appended). */
  walletUrl: () => string | undefined;
  /** The sandbox Hub88's private key (PEM): signs every call. */
  privateKeyPem: string;
  /** Per attempt (default 5,000 ms, Hub88's order of magnitude). */
  timeoutMs?: number;
  /** First pause between retries; doubles up to 1 s (default 50 ms). */
  retryDelayMs?: number;
  /** Attempts of a call that must end (win, rollback) before giving up (default 30). */
  maxAttempts?: number;
}

let wrongKey: string | undefined;
/** A private key that is not the sandbox Hub88's (the `bad_signature` fault signs with it). */
function wrongPrivateKey(): string {
  wrongKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return wrongKey;
}

/**
 * Sends signed Wallet API calls to Sabai the way Hub88 does: JSON body signed with RSA-SHA256 in
 * `X-Hub88-Signature`, a timeout per attempt, and (for `untilFinal`) retries of the identical body
 * while there is no final answer. Final = an HTTP 200 JSON answer whose status is not
 * RS_ERROR_UNKNOWN / RS_ERROR_TIMEOUT. Also exported for the bench and the crash test.
 */
export class Hub88WalletCaller {
  readonly timeoutMs: number;
  readonly retryDelayMs: number;
  readonly maxAttempts: number;
  /** Attempts sent, answers received, and answers that were not final (for reports). */
  readonly counters = { attempts: 0, answers: 0, noAnswers: 0, retries: 0 };

  constructor(private readonly options: WalletCallerOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.retryDelayMs = options.retryDelayMs ?? 50;
    this.maxAttempts = options.maxAttempts ?? 30;
  }

  /** The X-Hub88-Signature of a body (a load generator signs ahead of time, then passes it to send). */
  sign(rawBody: string): string {
    return signHub88Body(this.options.privateKeyPem, rawBody);
  }

  /**
   * One attempt. `badSignature` signs with a key that is not Hub88's (a fault mode); `signature`
   * is one made ahead by `sign` for exactly this body. Never throws.
   */
  async send(path: WalletPath, rawBody: string, options: { badSignature?: boolean; signature?: string } = {}): Promise<WalletAttempt> {
    const base = this.options.walletUrl();
    if (!base) return { kind: 'no_answer', reason: 'no wallet URL configured' };
    const signature = options.signature ?? signHub88Body(options.badSignature ? wrongPrivateKey() : this.options.privateKeyPem, rawBody);
    this.counters.attempts += 1;
    try {
      const response = await fetch(`${base.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signature },
        body: rawBody,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const raw = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        this.counters.noAnswers += 1;
        return { kind: 'no_answer', reason: `HTTP ${response.status} without a JSON object` };
      }
      this.counters.answers += 1;
      const record = body as Record<string, unknown>;
      return { kind: 'answer', httpStatus: response.status, status: typeof record.status === 'string' ? record.status : '', body: record, raw };
    } catch (error) {
      this.counters.noAnswers += 1;
      return { kind: 'no_answer', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Sends the identical body again and again until a final answer (see the class) or `maxAttempts`.
   * `dropFirstAnswer` throws the first answer away as if it timed out after Sabai answered (a fault).
   */
  async untilFinal(path: WalletPath, rawBody: string, options: { dropFirstAnswer?: boolean } = {}): Promise<WalletAttempt> {
    let last: WalletAttempt = { kind: 'no_answer', reason: 'not sent' };
    let delay = this.retryDelayMs;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      last = await this.send(path, rawBody);
      const dropped = options.dropFirstAnswer === true && attempt === 1;
      if (isFinal(last) && !dropped) return last;
      this.counters.retries += 1;
      if (!dropped) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 1_000);
      }
    }
    return last;
  }
}

/** An answer Hub88 acts on (as opposed to retrying): HTTP 200 and a status other than unknown/timeout. */
export function isFinal(attempt: WalletAttempt): attempt is Extract<WalletAttempt, { kind: 'answer' }> {
  return attempt.kind === 'answer' && attempt.httpStatus === 200 && attempt.status !== '' && attempt.status !== 'RS_ERROR_UNKNOWN' && attempt.status !== 'RS_ERROR_TIMEOUT';
}
