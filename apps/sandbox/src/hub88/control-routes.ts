import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub88State } from './hub88-state.ts';
import { HUB88_FAULTS, playHub88Round, type Hub88Fault } from './play-round.ts';
import type { Hub88WalletCaller } from './wallet-caller.ts';

const units = z.number().int().min(0).max(1e15);
const roundBody = z.object({
  user: z.string().min(1).max(255),
  token: z.string().min(1).max(255),
  game_code: z.string().min(1).max(100),
  currency: z.string().min(3).max(4).default('THB'),
  bet: units,
  win: units,
  fault: z.enum(HUB88_FAULTS).optional(),
});

/**
 * The sandbox Hub88's test controls (behind `x-sandbox-key` like every sandbox tool):
 * `GET|POST /hub88/sandbox/faults { mode }`, `GET /hub88/sandbox/sessions?user=` (the sessions /game/url opened, with Sabai's tokens),
 * `POST /hub88/sandbox/rounds` (play one round now, as a
 * game would: { user, token, game_code, currency?, bet, win (Hub88 units), fault? } → the round
 * result) and `GET /hub88/sandbox/transactions?user=` (Hub88's list and the net it implies).
 */
export function registerHub88ControlRoutes(app: FastifyInstance, context: { state: Hub88State; caller: Hub88WalletCaller; faults: { mode: Hub88Fault } }): void {
  app.get('/hub88/sandbox/faults', async () => ({ mode: context.faults.mode }));
  app.post('/hub88/sandbox/faults', async (request, reply) => {
    const parsed = z.object({ mode: z.enum(HUB88_FAULTS) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ code: 'INVALID_REQUEST', modes: HUB88_FAULTS });
    context.faults.mode = parsed.data.mode;
    return { mode: context.faults.mode };
  });
  app.post('/hub88/sandbox/rounds', async (request, reply) => {
    const parsed = roundBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ code: 'INVALID_REQUEST' });
    const body = parsed.data;
    return playHub88Round(
      context,
      { user: body.user, token: body.token, gameCode: body.game_code, currency: body.currency, betUnits: body.bet, winUnits: body.win },
      body.fault ?? context.faults.mode,
    );
  });
  /** The real-play sessions /game/url opened (newest last): how a harness learns the token Sabai issued to a user. */
  app.get<{ Querystring: { user?: string } }>('/hub88/sandbox/sessions', async (request) => {
    const user = typeof request.query.user === 'string' ? request.query.user : undefined;
    const sessions = [...context.state.sessions.values()].filter((s) => s.user !== null && (user === undefined || s.user === user));
    return { sessions: sessions.map((s) => ({ id: s.id, user: s.user, token: s.token, game_code: s.gameCode, currency: s.currency })) };
  });
  app.get<{ Querystring: { user?: string } }>('/hub88/sandbox/transactions', async (request) => {
    const user = typeof request.query.user === 'string' ? request.query.user : undefined;
    const transactions = context.state.transactions.filter((t) => user === undefined || t.user === user);
    return { transactions, ...(user !== undefined ? { netUnits: context.state.netUnitsOf(user) } : {}), counters: context.caller.counters };
  });
}
