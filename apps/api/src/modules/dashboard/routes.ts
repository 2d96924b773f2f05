import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse, type DashboardWire } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { OUTBOX_CHANNEL } from '../outbox/index.ts';
import { authenticateStaffToken, roleMay } from '../staff/index.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { getDashboard } from './get-dashboard.ts';

/**
 * A comment line this often keeps proxies from closing a quiet stream (issue 25 §4: the staff stream
 * was cut every ~18 s = a 15 s idle cut + the 3 s retry, while it wrote only every 20 s). Below
 * every common idle timeout (15 s and up), like the member stream's 10 s.
 */
export const STAFF_STREAM_KEEP_ALIVE_MS = 10_000;
const SESSION_RECHECK_MS = 60_000;
/** Coalesces bursts of money events into at most one `changed` a second per stream. */
const COALESCE_MS = 1_000;

/**
 * The dashboard (issue 11): `GET /admin-api/v1/dashboard` (the figures) and
 * `GET /admin-api/v1/events` (server-sent events): `event: changed` whenever a money event is
 * recorded anywhere (a withdrawal requested, a deposit held…: the outbox notification), so the
 * screen refetches and can ring when a queue grows. The stream ends with the staff session.
 */
/** The dashboard with every money total hidden (null): counts stay (issue 25 §1: roles without a money permission). */
export function withoutMoneyTotals(dashboard: DashboardWire): DashboardWire {
  return {
    ...dashboard,
    deposits: { ...dashboard.deposits, amount: null, byChannel: dashboard.deposits.byChannel.map((row) => ({ ...row, amount: null })) },
    withdrawals: { ...dashboard.withdrawals, amount: null, byBank: dashboard.withdrawals.byBank.map((row) => ({ ...row, amount: null })) },
    net: null,
    refunds: null,
    givenOut: null,
    ggr: null,
    result: null,
    partner: { ...dashboard.partner, suspense: null },
  };
}

export async function registerDashboardRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const streams = new Set<() => void>();
  /** How to end each open stream: the server has no idle timeout (ADR 0038), so closing the app ends them. */
  const endings = new Set<() => void>();
  const unlisten = await context.db.listen(OUTBOX_CHANNEL, () => {
    for (const notify of streams) notify();
  }, { onReconnect: () => streams.forEach((notify) => notify()) });
  app.addHook('onClose', async () => {
    for (const end of [...endings]) end();
    await unlisten();
  });

  app.withTypeProvider<ZodTypeProvider>().get('/admin-api/v1/dashboard', { schema: { tags: ['back office: dashboard'], response: { 200: dashboardResponse } } }, async (request) => {
    const dashboard = await getDashboard(context.db, context.now());
    return { success: true, message: 'ok', data: roleMay(requireStaffPrincipal(request).role, 'dashboard.money') ? dashboard : withoutMoneyTotals(dashboard) };
  });

  app.get('/admin-api/v1/events', { schema: { tags: ['back office: dashboard'], hide: true } }, async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    let pending: NodeJS.Timeout | undefined;
    const notify = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        raw.write('event: changed\ndata: {}\n\n');
      }, COALESCE_MS);
    };
    streams.add(notify);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), STAFF_STREAM_KEEP_ALIVE_MS);
    const recheck = setInterval(() => {
      // The stream is background: its rechecks never extend the idle timeout (issue 25 §4).
      authenticateStaffToken(context.db, token, context.now(), { touch: false }).catch(() => end());
    }, SESSION_RECHECK_MS);
    const end = () => {
      endings.delete(end);
      streams.delete(notify);
      clearInterval(keepAlive);
      clearInterval(recheck);
      if (pending) clearTimeout(pending);
      raw.end();
    };
    endings.add(end);
    request.raw.on('close', end);
  });
}
