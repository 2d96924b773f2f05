import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../plugins/authenticate.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BalanceEvents } from './balance-events.ts';

/** Comment lines keep proxies and the server's idle timeout (REQUEST_TIMEOUT_MS) from closing the stream. */
const KEEP_ALIVE_MS = 10_000;

/**
 * `GET /user-profile-composite/v1/events`: a Server-Sent Events stream for the signed-in member.
 * Sends `event: ready` once, then `event: balance` with `{"reason": …}` (never amounts) whenever
 * the member's money changes; the client refetches. Needs the app key and session headers, so
 * clients read it with fetch() rather than EventSource.
 */
export function registerEventRoutes(app: FastifyInstance, context: AppContext, events: BalanceEvents): void {
  const open = new Set<ServerResponse>();
  app.addHook('onClose', async () => {
    for (const stream of open) stream.end();
    open.clear();
  });

  app.get('/user-profile-composite/v1/events', { schema: { tags: ['wallet'], summary: 'Live "balance changed" events (SSE)' } }, async (request, reply) => {
    const session = await requireMember(context, request);
    const raw = reply.raw;
    const unsubscribe = events.subscribe(session.memberId, (reason) => {
      raw.write(`event: balance\ndata: ${JSON.stringify({ reason })}\n\n`);
    });
    if (!unsubscribe) throw new AppError('RATE_LIMITED');
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    open.add(raw);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    let isClosed = false;
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(keepAlive);
      unsubscribe();
      open.delete(raw);
    };
    request.raw.on('close', close);
    raw.on('close', close);
  });
}
