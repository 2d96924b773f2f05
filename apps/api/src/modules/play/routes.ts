import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, gamesQuery, gamesResponse, gameWalletResponse, launchRequest, launchResponse, rollingResponse } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMember, requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { assertMayPlay } from '../responsible-gaming/index.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { findGameAccount } from './ensure-game-account.ts';
import { launchGame } from './launch-game.ts';
import { getTurnover } from '../wallet/index.ts';
import { readMemberWalletBalances } from '../wallet/index.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 503: errorEnvelope };

/** Whether player protection lets the member play now (issue 12). */
async function mayPlay(context: AppContext, memberId: string): Promise<boolean> {
  try {
    await assertMayPlay(context.db, memberId, context.now());
    return true;
  } catch (error) {
    if (isAppError(error)) return false;
    throw error;
  }
}

/** Partner trouble is not the member's fault: a Thai 503. */
async function withPartner<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PartnerUnavailableError) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
    throw error;
  }
}

/**
 * Play calls: the partner's games, launching one (credit moves into the game first), the live game
 * wallet, and turnover (spec §7 `GET /rolling-composite/v1/get-rolling`). Paths under
 * `/game-composite/` are ours (the spec shows no path for them).
 */
export function registerPlayRoutes(app: FastifyInstance, context: AppContext): void {
  registerGameRoutes(app, context);
  registerGameWalletRoutes(app, context);
}

/** The partner's games and launching one (credit moves into the game first). */
function registerGameRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/game-composite/v1/games', {
    schema: {
      tags: ['play'],
      summary: 'Games the partner offers, by category and provider',
      querystring: gamesQuery,
      response: { 200: gamesResponse, ...refusals },
    },
    handler: async (request) => {
      const session = await requireMember(context, request);
      // A seamless partner's lobby (Hub88, docs/adr/0046) hides every game from a member whose protection forbids play.
      if (context.partner.walletMode === 'seamless' && !(await mayPlay(context, session.memberId))) return { success: true, message: 'สำเร็จ', data: [] };
      const games = await withPartner(() => context.partner.listGames(request.query.category));
      const provider = request.query.provider?.toLowerCase();
      return { success: true, message: 'สำเร็จ', data: provider ? games.filter((entry) => entry.provider.toLowerCase() === provider) : games };
    },
  });

  routes.post('/game-composite/v1/launch', {
    schema: {
      tags: ['play'],
      summary: 'Move the main wallet into the game and get the partner launch URL',
      body: launchRequest,
      response: { 200: launchResponse, 404: errorEnvelope, 429: errorEnvelope, ...refusals },
    },
    config: { ipRateLimit: RATE_LIMITS.launchPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.launchPerMember);
      const ownOrigin = `${request.protocol}://${request.host}`;
      const url = await launchGame(context, {
        memberId: session.memberId,
        gameCode: request.body.gameCode,
        returnUrl: request.body.returnUrl ?? `${ownOrigin}/user/home`,
        isDemo: request.body.isDemo === true,
        ip: request.ip,
        allowedOrigins: [ownOrigin, ...context.config.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean)],
      });
      return { success: true, message: 'สำเร็จ', data: { url } };
    },
  });
}

/** What the member has: the live game wallet beside the main wallet, and turnover (spec §7 get-rolling). */
function registerGameWalletRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/game-composite/v1/wallet', {
    schema: {
      tags: ['play'],
      summary: 'Live game wallet at the partner, main wallet and turnover',
      response: { 200: gameWalletResponse, ...refusals },
    },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const balances = await readMemberWalletBalances(context.db, session.memberId);
      const account = await findGameAccount(context, session.memberId);
      const live = account ? await withPartner(() => context.partner.getBalance(account.username)) : 0n;
      const rolling = await getTurnover(context.db, session.memberId);
      return {
        success: true,
        message: 'สำเร็จ',
        data: {
          gameWallet: satangToBahtNumber(live),
          ledgerGameWallet: satangToBahtNumber(balances.game),
          mainWallet: satangToBahtNumber(balances.main),
          turnover: { now: satangToBahtNumber(rolling.nowSatang), needed: satangToBahtNumber(rolling.neededSatang) },
        },
      };
    },
  });

  routes.get('/rolling-composite/v1/get-rolling', {
    schema: {
      tags: ['play'],
      summary: 'Turnover now / needed (spec §2: settled bets won or lost)',
      response: { 200: rollingResponse, ...refusals },
    },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const rolling = await getTurnover(context.db, session.memberId);
      return {
        success: true,
        message: 'สำเร็จ',
        data: {
          nowTurnover: satangToBahtNumber(rolling.nowSatang),
          needTurnover: satangToBahtNumber(rolling.neededSatang),
          countedRounds: rolling.countedRounds,
          isMet: rolling.nowSatang >= rolling.neededSatang,
        },
      };
    },
  });
}
