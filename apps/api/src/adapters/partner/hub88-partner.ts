import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { hub88Keys, HUB88_SIGNATURE_HEADER, signHub88Body } from './hub88-signature.ts';
import { PartnerRefusedError, PartnerUnavailableError, type PartnerAdapter, type PartnerGame } from './partner-adapter.ts';
import { requestJson, type JsonReply } from '../http-json.ts';

/**
 * Hub88's Operator API as Sabai calls it (issue 30 §2; docs.hub88.io "Games API", "Transactions
 * API"): every call is a POST of JSON with `operator_id`, signed with the operator's private key
 * (`X-Hub88-Signature`). Replies are parsed leniently: fields Hub88 adds later are ignored.
 */
export interface Hub88Game {
  gameCode: string;
  name: string;
  category: string;
  /** Hub88's `product`: the studio (provider) that made the game. */
  provider: string;
  imageUrl: string;
  isEnabled: boolean;
  /** ISO 3166-1 codes where the game may not be offered (the licence). */
  blockedCountries: string[];
}

/** One line of `/operator/generic/v2/transactions/list`. */
export interface Hub88TransactionItem {
  transactionUuid: string;
  /** TS_SUCCESS, TS_DECLINED, TS_ROLLBACK, … */
  status: string;
  /** `bet`, `win`, `rollback` when Hub88 says (field `type` / `transaction_type`). */
  type: string | null;
  user: string | null;
  round: string | null;
  /** Hub88 units (currency × 100,000), null when not given. */
  amount: number | null;
  currency: string | null;
}

/**
 * The lobby category (spec §3 Game provider entry: LIVECASINO, EGAMES, POKER, TRADING) of a Hub88
 * game category. Hub88 names its categories in words ("Video Slots", "Live Baccarat", "Live
 * Roulette", "Table Games", "Video Poker", "Crash Games", …): a live dealer game is LIVECASINO, a
 * poker game POKER, everything else (slots, table and instant games) EGAMES. Pure.
 */
export function lobbyCategoryOf(hub88Category: string): 'LIVECASINO' | 'EGAMES' | 'POKER' {
  const words = hub88Category.toLowerCase();
  if (/\blive\b/.test(words)) return 'LIVECASINO';
  if (/\bpoker\b/.test(words)) return 'POKER';
  return 'EGAMES';
}

export interface Hub88Client {
  /** @throws PartnerUnavailableError */
  listGames(): Promise<Hub88Game[]>;
  /**
   * The landing URL of a game: real play with the member's `user` and a fresh session `token`, or
   * demo (currency `XXX`, no user or token).
   * @throws PartnerRefusedError (Hub88 answered 4xx: unknown game…), PartnerUnavailableError
   */
  gameUrl(input: { user?: string; token?: string; gameCode: string; lobbyUrl: string; platform: 'GPL_DESKTOP' | 'GPL_MOBILE'; lang: string; currency: string; country: string; ip?: string }): Promise<string>;
  /** Round details for support (`/operator/generic/v2/game/round`): Hub88's answer as given. @throws PartnerRefusedError, PartnerUnavailableError */
  roundDetails(input: { user: string; round: string; transactionUuid: string }): Promise<unknown>;
  /** Every gameplay transaction between the two times. @throws PartnerUnavailableError */
  listTransactions(input: { startTime: Date; endTime: Date }): Promise<Hub88TransactionItem[]>;
}

const gameEntry = z.object({
  game_code: z.string().min(1),
  name: z.string(),
  category: z.string().nullish(),
  product: z.string().nullish(),
  url_thumb: z.string().nullish(),
  url_background: z.string().nullish(),
  enabled: z.boolean().nullish(),
  blocked_countries: z.array(z.string()).nullish(),
});
const transactionEntry = z.object({
  transaction_uuid: z.string().min(1),
  status: z.string().nullish(),
  type: z.string().nullish(),
  transaction_type: z.string().nullish(),
  user: z.string().nullish(),
  round: z.string().nullish(),
  amount: z.number().nullish(),
  currency: z.string().nullish(),
});

/** Hub88's datetime: ISO 8601 extended without zone (UTC). */
const hub88Time = (date: Date) => date.toISOString().slice(0, 19);

export function createHub88Client(options: { baseUrl: string; operatorId: number; privateKey: KeyObject | null; timeoutMs: number }): Hub88Client {
  async function call(path: string, body: Record<string, unknown>): Promise<unknown> {
    if (!options.privateKey) throw new PartnerUnavailableError('HUB88_PRIVATE_KEY is not configured');
    const rawBody = JSON.stringify({ ...body, operator_id: options.operatorId });
    let reply: JsonReply;
    try {
      reply = await requestJson(new URL(path.replace(/^\//, ''), options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88Body(options.privateKey, rawBody) },
        body: rawBody,
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      throw new PartnerUnavailableError(`hub88 ${path}: ${(error as Error).message}`);
    }
    const { status, json } = reply;
    if (status >= 400 && status < 500) throw new PartnerRefusedError(String((json as { error?: unknown } | undefined)?.error ?? `HTTP_${status}`));
    if (status < 200 || status >= 300 || json === undefined) throw new PartnerUnavailableError(`hub88 ${path}: HTTP ${status}`);
    return json;
  }
  return {
    async listGames() {
      const reply = await call('/operator/generic/v2/game/list', {});
      if (!Array.isArray(reply)) throw new PartnerUnavailableError('hub88 game list: not a list');
      return reply.flatMap((entry) => {
        const parsed = gameEntry.safeParse(entry);
        if (!parsed.success) return [];
        const game = parsed.data;
        return [{
          gameCode: game.game_code, name: game.name, category: game.category ?? '', provider: game.product ?? '',
          imageUrl: game.url_thumb ?? game.url_background ?? '', isEnabled: game.enabled ?? true, blockedCountries: game.blocked_countries ?? [],
        }];
      });
    },
    async gameUrl(input) {
      const reply = await call('/operator/generic/v2/game/url', {
        ...(input.user ? { user: input.user } : {}), ...(input.token ? { token: input.token } : {}),
        platform: input.platform, lobby_url: input.lobbyUrl, lang: input.lang, game_code: input.gameCode, currency: input.currency, country: input.country,
        ...(input.ip ? { ip: input.ip } : {}), meta: {},
      });
      const url = (reply as { url?: unknown }).url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new PartnerUnavailableError('hub88 game url: no url');
      return url;
    },
    async roundDetails(input) {
      return call('/operator/generic/v2/game/round', { user: input.user, round: input.round, transaction_uuid: input.transactionUuid });
    },
    async listTransactions(input) {
      const reply = await call('/operator/generic/v2/transactions/list', { start_time: hub88Time(input.startTime), end_time: hub88Time(input.endTime) });
      const list = Array.isArray(reply) ? reply : (reply as { transactions?: unknown }).transactions;
      if (!Array.isArray(list)) throw new PartnerUnavailableError('hub88 transactions: not a list');
      return list.flatMap((entry) => {
        const parsed = transactionEntry.safeParse(entry);
        if (!parsed.success) return [];
        const item = parsed.data;
        return [{
          transactionUuid: item.transaction_uuid, status: item.status ?? 'TS_SUCCESS', type: item.type ?? item.transaction_type ?? null,
          user: item.user ?? null, round: item.round ?? null, amount: item.amount ?? null, currency: item.currency ?? null,
        }];
      });
    },
  };
}

/** The Hub88 client of a configuration (HUB88_API_URL, unset = the sandbox's Hub88 at `SANDBOX_URL/hub88`). */
export function hub88ClientFor(config: {
  HUB88_API_URL?: string | undefined; SANDBOX_URL: string; HUB88_OPERATOR_ID?: number | undefined; HUB88_PUBLIC_KEY?: string | undefined; HUB88_PRIVATE_KEY?: string | undefined; PROVIDER_TIMEOUT_MS: number;
}): Hub88Client {
  return createHub88Client({
    baseUrl: config.HUB88_API_URL ?? `${config.SANDBOX_URL.replace(/\/$/, '')}/hub88`,
    operatorId: config.HUB88_OPERATOR_ID ?? 0,
    privateKey: hub88Keys(config).privateKey,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

/**
 * Hub88 as the site's game partner (GAME_PARTNER_PROVIDER=hub88): a seamless wallet, so nothing
 * is ever held at the partner (balance 0, no transfers: play/move-game-credit.ts skips) and there
 * are no game accounts to open (the Hub88 user id is derived from the member). The lobby's list
 * is Hub88's enabled games; launching goes through the seamless module (a session token first).
 */
export function createHub88Partner(client: Hub88Client): PartnerAdapter {
  return {
    partnerName: 'hub88',
    walletMode: 'seamless',
    async createMember(username) {
      return { username, password: '' };
    },
    async getBalance() {
      return 0n;
    },
    async transfer() {
      return { outcome: 'failed', reason: 'SEAMLESS_WALLET' };
    },
    async getTransferStatus() {
      return { status: 'not_found' };
    },
    async listGames(category) {
      const games: PartnerGame[] = (await client.listGames())
        .filter((game) => game.isEnabled && !game.blockedCountries.includes('TH'))
        .map((game) => ({ code: game.gameCode, name: game.name, category: lobbyCategoryOf(game.category), provider: game.provider, imageUrl: game.imageUrl }));
      return category ? games.filter((game) => game.category.toLowerCase() === category.toLowerCase()) : games;
    },
    async launchUrl() {
      throw new PartnerRefusedError('SEAMLESS_LAUNCH_NEEDS_A_SESSION');
    },
    async betRecordsSince() {
      // Seamless rounds are written as they are played (modules/seamless-hub88): nothing to pull.
      return { records: [], nextCursor: null };
    },
  };
}
