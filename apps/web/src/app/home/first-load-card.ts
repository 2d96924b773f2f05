import type { UserInfo } from '@sabai/contracts';
import { isStoredUser } from '../../lib/session-store.ts';
import { isObject } from '../../lib/storage.ts';

/**
 * The member card's figures for the first load of `/user/home` while the member app is not loaded
 * (docs/adr/0045): the same three calls the app's card reads (spec §7: `GET
 * /auth-service/v1/refresh`, the partner's game wallet, turnover), by plain fetch with the shape
 * checks the stored session already gets (lib/session-store.ts `isStoredUser`), not zod: zod and the
 * contract schemas cost 100–190 ms of a phone's main thread to evaluate, more than the whole
 * first paint. The member app checks every answer against the contracts once it takes over.
 *
 * All amounts are baht numbers as on the wire (spec §7); nothing here is money arithmetic.
 */
export interface FirstLoadCard {
  /** The refresh call's member: the session is valid and these are the current figures. */
  user: UserInfo;
  /** The partner's live game wallet, or null when that call did not answer. */
  liveWallet: { mainWallet: number; gameWallet: number } | null;
  /** When the live wallet was read (ms since epoch), or null. */
  liveWalletReadAt: number | null;
  /** Turnover from get-rolling or the game wallet call, or null (the card shows BonusInfo's). */
  turnover: { now: number; needed: number } | null;
}

/**
 * `card`: the figures. `handOver`: the refresh call did not answer with a member (refused
 * session, an error, an unexpected shape, no network): the member app takes over, and its session
 * rules and error messages (spec §4, §8) deal with it as they did before this page existed.
 */
export type FirstLoadCardAnswer = { kind: 'card'; card: FirstLoadCard } | { kind: 'handOver' };

/** Spec §7 / docs/adr/0004: refresh answers `success: 0` (contracts SUCCESS_VALUE.refresh; held equal by the test). */
export const REFRESH_SUCCESS = 0;
/** Like the API client's limit (lib/api.ts): a call that hangs this long is given up. */
const REQUEST_TIMEOUT_MS = 20_000;

const isBaht = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Asks the three calls at once with the member's headers (lib/api.ts: `Accept-Language: th`,
 * `X-Api-Key`, bearer token). Never rejects. The wallet and turnover calls are optional: a failure
 * of either leaves its figure to the refresh call's member, as the member app does.
 */
export async function fetchFirstLoadCard({ appId, token, fetchImpl = (input, init) => fetch(input, init), now = Date.now }: {
  appId: string;
  token: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): Promise<FirstLoadCardAnswer> {
  const get = (path: string) => getJson(fetchImpl, path, { 'Accept-Language': 'th', 'X-Api-Key': appId, Authorization: `Bearer ${token}` });
  const [refresh, wallet, rolling] = await Promise.all([
    get('/auth-service/v1/refresh'),
    get('/game-composite/v1/wallet'),
    get('/rolling-composite/v1/get-rolling'),
  ]);
  if (!isObject(refresh) || refresh.success !== REFRESH_SUCCESS || !isCardUser(refresh.data)) return { kind: 'handOver' };
  const gameWallet = walletOf(wallet);
  return {
    kind: 'card',
    card: {
      user: refresh.data,
      liveWallet: gameWallet && { mainWallet: gameWallet.mainWallet, gameWallet: gameWallet.gameWallet },
      liveWalletReadAt: gameWallet ? now() : null,
      // features/member/shown-turnover.ts's order: get-rolling, then the game wallet call's.
      turnover: turnoverOf(rolling) ?? gameWallet?.turnover ?? null,
    },
  };
}

/**
 * The stored session's check (lib/session-store.ts) and what the card reads besides: its wallets as
 * numbers, BonusInfo and the name. Anything else hands over, so the shell never renders a shape it
 * cannot draw.
 */
function isCardUser(value: unknown): value is UserInfo {
  if (!isStoredUser(value) || !isObject(value.BonusInfo) || !isObject(value.userName)) return false;
  const wallet: Record<string, unknown> = value.internalWallet;
  return isBaht(wallet.mainWallet) && isBaht(wallet.gameWallet) && isBaht(wallet.prizeWallet);
}

async function getJson(fetchImpl: typeof fetch, path: string, headers: Record<string, string>): Promise<unknown> {
  try {
    const response = await fetchImpl(path, { headers, credentials: 'same-origin', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null; // unreachable, timed out or not JSON
  }
}

/** `GET /game-composite/v1/wallet` (contracts play.ts gameWalletResponse): `{ gameWallet, mainWallet, turnover: { now, needed } }`. */
function walletOf(body: unknown): { mainWallet: number; gameWallet: number; turnover: { now: number; needed: number } } | null {
  if (!isObject(body) || body.success !== true || !isObject(body.data)) return null;
  const { mainWallet, gameWallet, turnover } = body.data;
  if (!isBaht(mainWallet) || !isBaht(gameWallet) || !isObject(turnover) || !isBaht(turnover.now) || !isBaht(turnover.needed)) return null;
  return { mainWallet, gameWallet, turnover: { now: turnover.now, needed: turnover.needed } };
}

/** `GET /rolling-composite/v1/get-rolling`: `{ nowTurnover, needTurnover }` in baht. */
function turnoverOf(body: unknown): { now: number; needed: number } | null {
  if (!isObject(body) || body.success !== true || !isObject(body.data)) return null;
  const { nowTurnover, needTurnover } = body.data;
  return isBaht(nowTurnover) && isBaht(needTurnover) ? { now: nowTurnover, needed: needTurnover } : null;
}
