import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * The sandbox's LINE (issue 12): plays the LINE platform for Sabai's official account, in memory.
 * Simulated LINE users follow the account, type messages and confirm the account-link dialog
 * (each becomes a webhook event signed like LINE's and posted to Sabai's `/line/v1/webhook`);
 * what Sabai pushes or replies lands in each user's chat (the `/line` page).
 */
export const DEFAULT_LINE_CHANNEL_SECRET = 'sandbox-line-channel-secret-change-me';
export const DEFAULT_LINE_CHANNEL_ACCESS_TOKEN = 'sandbox-line-access-token-change-me';
/** Most messages kept per user, and most users (the sandbox is a toy: memory stays small). */
const MAX_MESSAGES_PER_USER = 200;
const MAX_USERS = 1_000;
const LINK_TOKEN_TTL_MS = 10 * 60_000;
const REPLY_TOKEN_TTL_MS = 60_000;

export interface ChatEntry {
  at: string;
  /** `bot`: Sabai pushed or replied; `user`: the simulated user typed it. */
  from: 'bot' | 'user';
  via: 'push' | 'reply' | 'message';
  /** LINE message objects as Sabai sent them (text, flex…), or the user's text. */
  messages: Array<Record<string, unknown>>;
}

export interface WebhookAttempt {
  at: string;
  type: string;
  httpStatus: number | null;
  error: string | null;
}

export interface LineUser {
  userId: string;
  displayName: string;
  following: boolean;
  chat: ChatEntry[];
  webhooks: WebhookAttempt[];
}

export interface SandboxLine {
  channelSecret: string;
  channelAccessToken: string;
  users: Map<string, LineUser>;
  linkTokens: Map<string, { userId: string; expiresAt: number; used: boolean }>;
  replyTokens: Map<string, { userId: string; expiresAt: number }>;
  acceptedRetryKeys: Set<string>;
  /** The next `remaining` pushes answer `status` (429 / 500…), then normal again. */
  pushFault: { status: number; remaining: number };
  /**
   * A slow LINE: a push is accepted (delivered to the chat, its retry key remembered) and answered
   * this many ms later — long enough and the caller gives up without knowing it was sent.
   */
  pushAnswerDelayMs: number;
  /** Every push call seen (for tests): status answered and retry key. */
  pushLog: Array<{ at: string; to: string; status: number; retryKey: string | null }>;
  setApiBaseUrl(url: string): void;
  /**
   * A new simulated user (`U…`), or with `kind: 'group'` a group chat the bot is in (`C…`, following):
   * pushes to it land in its chat like a user's (the staff group of issue 25 §4).
   */
  createUser(displayName: string, kind?: 'user' | 'group'): LineUser;
  /** Issues a link token for a user (LINE's `POST /v2/bot/user/{userId}/linkToken`). */
  issueLinkToken(userId: string): string | null;
  /** A reply token for an event the user caused. */
  newReplyToken(userId: string): string;
  /** Signs and posts one event to Sabai's webhook as LINE does. */
  sendEvent(user: LineUser, event: Record<string, unknown>): Promise<WebhookAttempt>;
  follow(user: LineUser): Promise<WebhookAttempt>;
  unfollow(user: LineUser): Promise<WebhookAttempt>;
  sendText(user: LineUser, text: string): Promise<WebhookAttempt>;
  /** The account-link dialog confirmed: the `accountLink` event with the nonce (result ok) or failed. */
  completeAccountLink(linkToken: string, nonce: string): Promise<{ user: LineUser; attempt: WebhookAttempt } | null>;
  addToChat(userId: string, entry: ChatEntry): void;
}

/** base64 HMAC-SHA256 of the raw body with the channel secret: LINE's `X-Line-Signature`. */
export const signLineBody = (rawBody: string, channelSecret: string) => createHmac('sha256', channelSecret).update(rawBody, 'utf8').digest('base64');

export function createSandboxLine(options: { channelSecret?: string; channelAccessToken?: string; apiBaseUrl?: string; timeoutMs?: number } = {}): SandboxLine {
  let apiBaseUrl = options.apiBaseUrl?.replace(/\/$/, '');
  const line: SandboxLine = {
    channelSecret: options.channelSecret ?? DEFAULT_LINE_CHANNEL_SECRET,
    channelAccessToken: options.channelAccessToken ?? DEFAULT_LINE_CHANNEL_ACCESS_TOKEN,
    users: new Map(),
    linkTokens: new Map(),
    replyTokens: new Map(),
    acceptedRetryKeys: new Set(),
    pushFault: { status: 200, remaining: 0 },
    pushAnswerDelayMs: 0,
    pushLog: [],
    setApiBaseUrl(url) {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('API base URL must be http(s)');
      apiBaseUrl = url.replace(/\/$/, '');
    },
    createUser(displayName, kind = 'user') {
      if (line.users.size >= MAX_USERS) {
        const oldest = line.users.keys().next().value;
        if (oldest !== undefined) line.users.delete(oldest);
      }
      const user: LineUser = { userId: `${kind === 'group' ? 'C' : 'U'}${randomBytes(16).toString('hex')}`, displayName: displayName.slice(0, 40) || 'ผู้ใช้ LINE', following: kind === 'group', chat: [], webhooks: [] };
      line.users.set(user.userId, user);
      return user;
    },
    issueLinkToken(userId) {
      if (!line.users.has(userId)) return null;
      const token = randomBytes(24).toString('base64url');
      line.linkTokens.set(token, { userId, expiresAt: Date.now() + LINK_TOKEN_TTL_MS, used: false });
      return token;
    },
    newReplyToken(userId) {
      const token = randomBytes(16).toString('hex');
      line.replyTokens.set(token, { userId, expiresAt: Date.now() + REPLY_TOKEN_TTL_MS });
      return token;
    },
    async sendEvent(user, event) {
      const body = JSON.stringify({
        destination: 'Usabaisandboxbot',
        events: [{ mode: 'active', timestamp: Date.now(), webhookEventId: randomUUID().replace(/-/g, '').toUpperCase(), deliveryContext: { isRedelivery: false }, source: { type: 'user', userId: user.userId }, ...event }],
      });
      const attempt: WebhookAttempt = { at: new Date().toISOString(), type: String(event.type), httpStatus: null, error: null };
      if (!apiBaseUrl) attempt.error = 'Sabai API URL not set';
      else {
        try {
          const response = await fetch(`${apiBaseUrl}/line/v1/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-line-signature': signLineBody(body, line.channelSecret), 'user-agent': 'LineBotWebhook/2.0' },
            body,
            signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          });
          attempt.httpStatus = response.status;
          await response.arrayBuffer();
        } catch (error) {
          attempt.error = error instanceof Error ? error.message : String(error);
        }
      }
      user.webhooks.unshift(attempt);
      user.webhooks.length = Math.min(user.webhooks.length, 20);
      return attempt;
    },
    async follow(user) {
      user.following = true;
      return line.sendEvent(user, { type: 'follow', replyToken: line.newReplyToken(user.userId), follow: { isUnblocked: false } });
    },
    async unfollow(user) {
      user.following = false;
      return line.sendEvent(user, { type: 'unfollow' });
    },
    async sendText(user, text) {
      line.addToChat(user.userId, { at: new Date().toISOString(), from: 'user', via: 'message', messages: [{ type: 'text', text }] });
      return line.sendEvent(user, { type: 'message', replyToken: line.newReplyToken(user.userId), message: { type: 'text', id: String(Date.now()), text } });
    },
    async completeAccountLink(linkToken, nonce) {
      const entry = line.linkTokens.get(linkToken);
      if (!entry || entry.used || entry.expiresAt < Date.now()) return null;
      entry.used = true;
      const user = line.users.get(entry.userId);
      if (!user) return null;
      const attempt = await line.sendEvent(user, { type: 'accountLink', replyToken: line.newReplyToken(user.userId), link: { result: 'ok', nonce } });
      return { user, attempt };
    },
    addToChat(userId, entry) {
      const user = line.users.get(userId);
      if (!user) return;
      user.chat.push(entry);
      if (user.chat.length > MAX_MESSAGES_PER_USER) user.chat.splice(0, user.chat.length - MAX_MESSAGES_PER_USER);
    },
  };
  return line;
}
