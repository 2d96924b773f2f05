import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import type { AppConfig } from '../../config.ts';

/**
 * The LINE Messaging API calls Sabai makes (through `@line/bot-sdk` 11.0.0): push, reply and
 * issue a link token. LINE_API_BASE_URL points at the sandbox's LINE outside production.
 */
export type LineMessage = messagingApi.Message;

/** The outcome of a call: LINE's HTTP status (null: no answer, e.g. a network error) and the error text. */
export interface LineCallResult {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
}

export interface LineClient {
  /** `POST /v2/bot/message/push` with `X-Line-Retry-Key`. Never throws: the status says what happened. */
  push(to: string, messages: LineMessage[], retryKey: string): Promise<LineCallResult>;
  /** `POST /v2/bot/message/reply`. Never throws. */
  reply(replyToken: string, messages: LineMessage[]): Promise<LineCallResult>;
  /** `POST /v2/bot/user/{userId}/linkToken`. @throws when LINE refuses. */
  issueLinkToken(userId: string): Promise<string>;
}

/** LINE's base URL and account-link dialog for this configuration (the sandbox's outside production). */
export function lineEndpoints(config: Pick<AppConfig, 'LINE_API_BASE_URL' | 'LINE_ACCOUNT_LINK_URL' | 'SANDBOX_URL'>): { apiBaseUrl: string; accountLinkUrl: string } {
  const sandbox = config.SANDBOX_URL.replace(/\/$/, '');
  return {
    apiBaseUrl: (config.LINE_API_BASE_URL ?? sandbox).replace(/\/$/, ''),
    accountLinkUrl: config.LINE_ACCOUNT_LINK_URL ?? `${sandbox}/line/dialog/bot/accountLink`,
  };
}

/**
 * The call's answer, or a rejection after `timeoutMs`: `@line/bot-sdk` 11 calls fetch without a
 * signal, so the wait is bounded here (the request itself may still finish; a push carries its
 * retry key, so the retry after a timeout is answered 409 if LINE took the first).
 */
function withinTimeout<T>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`LINE did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([call(), timeout]).finally(() => clearTimeout(timer));
}

async function outcome(call: () => Promise<unknown>, timeoutMs: number): Promise<LineCallResult> {
  try {
    await withinTimeout(call, timeoutMs);
    return { ok: true, httpStatus: 200, error: null };
  } catch (error) {
    if (error instanceof HTTPFetchError) return { ok: false, httpStatus: error.status, error: `${error.status} ${error.body}`.slice(0, 500) };
    return { ok: false, httpStatus: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}

export function createLineClient(config: AppConfig): LineClient {
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN, baseURL: lineEndpoints(config).apiBaseUrl });
  const timeoutMs = config.LINE_TIMEOUT_MS;
  return {
    push: (to, messages, retryKey) => outcome(() => client.pushMessageWithHttpInfo({ to, messages }, retryKey), timeoutMs),
    reply: (replyToken, messages) => outcome(() => client.replyMessage({ replyToken, messages }), timeoutMs),
    async issueLinkToken(userId) {
      return (await withinTimeout(() => client.issueLinkToken(userId), timeoutMs)).linkToken;
    },
  };
}
