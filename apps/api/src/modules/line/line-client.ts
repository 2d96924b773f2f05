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

async function outcome(call: () => Promise<unknown>): Promise<LineCallResult> {
  try {
    await call();
    return { ok: true, httpStatus: 200, error: null };
  } catch (error) {
    if (error instanceof HTTPFetchError) return { ok: false, httpStatus: error.status, error: `${error.status} ${error.body}`.slice(0, 500) };
    return { ok: false, httpStatus: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}

export function createLineClient(config: AppConfig): LineClient {
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN, baseURL: lineEndpoints(config).apiBaseUrl });
  return {
    push: (to, messages, retryKey) => outcome(() => client.pushMessageWithHttpInfo({ to, messages }, retryKey)),
    reply: (replyToken, messages) => outcome(() => client.replyMessage({ replyToken, messages })),
    async issueLinkToken(userId) {
      return (await client.issueLinkToken(userId)).linkToken;
    },
  };
}
