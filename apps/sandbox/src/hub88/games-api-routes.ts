import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hub88GameList, isHub88Game } from './hub88-catalog.ts';
import { HUB88_SIGNATURE_HEADER, verifyHub88Signature } from './hub88-signature.ts';
import type { Hub88State } from './hub88-state.ts';

export interface GamesApiOptions {
  operatorId: number;
  /** The operator's public key (PEM): verifies Sabai's X-Hub88-Signature. */
  operatorPublicKeyPem: string;
  publicBaseUrl: () => string;
}

const MAX_BODY_BYTES = 16 * 1024;
/** Where the sandbox mounts Hub88's Operator API: Sabai's HUB88_API_URL is `<sandbox>/hub88` (docs/adr/0046). */
export const HUB88_API_PREFIX = '/hub88';
const operatorId = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)]);
/** ISO 8601 without zone (YYYY-MM-DDThh:mm:ss), read as UTC; a zone is accepted too. */
const datetime = z.string().max(40).refine((text) => !Number.isNaN(Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`)));

const gameUrlBody = z.looseObject({
  operator_id: operatorId,
  user: z.string().min(3).max(255).optional(),
  token: z.string().min(10).max(255).optional(),
  game_code: z.string().max(100),
  currency: z.string().min(3).max(4),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  lang: z.string().max(10).optional(),
  lobby_url: z.string().max(255).optional(),
  deposit_url: z.string().max(255).optional(),
  country: z.string().max(2).optional(),
  ip: z.string().max(64).optional(),
  sub_partner_id: z.string().max(100).optional(),
});
const transactionsBody = z.looseObject({
  operator_id: operatorId,
  user: z.string().max(255).optional(),
  start_time: datetime.optional(),
  end_time: datetime.optional(),
  round: z.string().max(255).nullable().optional(),
  currency: z.string().max(4).optional(),
});

const DEMO_FUN_BALANCE_UNITS = 1_000_000_000; // 10,000.00 fun money

/**
 * Hub88's Games API and Transactions API as an operator calls them (docs.hub88.io Operator API):
 * POST JSON, `X-Hub88-Signature` = RSA-SHA256 of the raw body by the operator's key, checked
 * before the body is read; `operator_id` must be the operator's. Refusals: 401 { error } for a
 * bad signature or operator, 400 { error } for a malformed body, 404 { error } for an unknown game.
 */
export async function registerGamesApiRoutes(app: FastifyInstance, state: Hub88State, options: GamesApiOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

    scope.post(`${HUB88_API_PREFIX}/operator/generic/v2/game/list`, async (request, reply) => {
      const body = readSigned(request, reply, options, z.looseObject({ operator_id: operatorId }));
      if (!body) return reply;
      return hub88GameList(options.publicBaseUrl());
    });

    scope.post(`${HUB88_API_PREFIX}/operator/generic/v2/game/url`, async (request, reply) => {
      const body = readSigned(request, reply, options, gameUrlBody);
      if (!body) return reply;
      if (!isHub88Game(body.game_code)) return reply.code(404).send({ error: 'game not found' });
      const isDemo = body.currency === 'XXX';
      if (!isDemo && (!body.user || !body.token)) return reply.code(400).send({ error: 'user and token are required for real play' });
      const session = state.openSession({
        user: isDemo ? null : (body.user ?? null),
        token: isDemo ? null : (body.token ?? null),
        gameCode: body.game_code,
        currency: body.currency,
        lobbyUrl: body.lobby_url && /^https?:\/\//.test(body.lobby_url) ? body.lobby_url : options.publicBaseUrl(),
        demoBalanceUnits: isDemo ? DEMO_FUN_BALANCE_UNITS : null,
      });
      return { url: `${options.publicBaseUrl().replace(/\/+$/, '')}/games/hub88/session/${session.id}` };
    });

    scope.post(`${HUB88_API_PREFIX}/operator/generic/v2/game/round`, async (request, reply) => {
      const body = readSigned(request, reply, options, z.looseObject({ operator_id: operatorId, user: z.string().max(255), round: z.string().max(255), transaction_uuid: z.string().max(255).optional() }));
      if (!body) return reply;
      if (!state.transactions.some((t) => t.round === body.round && t.user === body.user)) return reply.code(404).send({ error: 'round not found' });
      return { url: `${options.publicBaseUrl().replace(/\/+$/, '')}/games/hub88/rounds/${encodeURIComponent(body.round)}` };
    });

    scope.post(`${HUB88_API_PREFIX}/operator/generic/v2/transactions/list`, async (request, reply) => {
      const body = readSigned(request, reply, options, transactionsBody);
      if (!body) return reply;
      const hasRange = body.start_time !== undefined && body.end_time !== undefined;
      if (!hasRange && !body.round) return reply.code(400).send({ error: 'start_time and end_time, or round, are required' });
      const from = hasRange ? Date.parse(asUtc(body.start_time as string)) : -Infinity;
      const to = hasRange ? Date.parse(asUtc(body.end_time as string)) : Infinity;
      return state.transactions
        .filter((t) => (body.round ? t.round === body.round : true) && (body.user ? t.user === body.user : true) && (body.currency ? t.currency === body.currency : true))
        .filter((t) => {
          const at = Date.parse(t.inserted_at);
          return at >= from && at < to;
        })
        .map((t) => ({
          transaction_uuid: t.transaction_uuid,
          reference_transaction_uuid: t.reference_transaction_uuid,
          type: t.kind,
          status: t.status,
          rolled_back: t.rolled_back,
          user: t.user,
          round: t.round,
          game_code: t.game_code,
          currency: t.currency,
          amount: t.amount,
          operator_id: options.operatorId,
          inserted_at: t.inserted_at,
          updated_at: t.updated_at,
        }));
    });
  });
}

const asUtc = (text: string): string => (/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);

function readSigned<T extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, options: GamesApiOptions, schema: T): z.infer<T> | null {
  const raw = typeof request.body === 'string' ? request.body : '';
  const signature = request.headers[HUB88_SIGNATURE_HEADER];
  if (!verifyHub88Signature(options.operatorPublicKeyPem, raw, typeof signature === 'string' ? signature : undefined)) {
    void reply.code(401).send({ error: 'invalid signature' });
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    void reply.code(400).send({ error: 'body is not JSON' });
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    void reply.code(400).send({ error: 'invalid request' });
    return null;
  }
  if ((parsed.data as { operator_id: number }).operator_id !== options.operatorId) {
    void reply.code(401).send({ error: 'unknown operator_id' });
    return null;
  }
  return parsed.data;
}
