import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../auth/index.ts';
import { SESSION_ENDED_REASON } from '../../lib/balance-notifications.ts';
import type { BalanceEvents } from './balance-events.ts';

/** Comment lines keep proxies' idle timeouts from closing the stream (the server itself has none: docs/adr/0038). */
const KEEP_ALIVE_MS = 10_000;
/** How often an open stream checks that its session is still valid (expiry, revocation, suspension). */
const SESSION_RECHECK_MS = 30_000;
/** The reason of the `balance` event a stream starts with when the member's money changed just before it opened. */
export const RECENT_CHANGE_REASON = 'changed_before_stream';

/**
 * `GET /user-profile-composite/v1/events`: a Server-Sent Events stream for the signed-in member.
 * Sends `event: ready` once, then `event: balance` with `{"reason": …}` (never amounts; a credited
 * deposit adds its `depositId`) whenever the member's money changes; the client refetches. A stream
 * opened within RECENT_CHANGE_WINDOW_MS of a change starts with one `balance` event
 * (`changed_before_stream`): the page read its balance before the stream opened and may have missed it. Needs the app key and session headers, so
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
    let isClosed = false;
    // The session is checked again on an interval and whenever one of the member's sessions ends
    // (logout, password change, suspension): a stream never outlives its session (issue 13 §3.2).
    const recheckSession = async () => {
      const current = await requireMember(context, request).catch(() => undefined);
      if (!current || current.sessionId !== session.sessionId) end();
    };
    const unsubscribe = events.subscribe(
      session.memberId,
      (change) => {
        if (change.reason === SESSION_ENDED_REASON) void recheckSession();
        else raw.write(`event: balance\ndata: ${JSON.stringify(change)}\n\n`);
      },
      () => end(),
    );
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    // A change just before this stream opened reached no stream of this page: say so now.
    if (events.hasRecentChange(session.memberId)) raw.write(`event: balance\ndata: ${JSON.stringify({ reason: RECENT_CHANGE_REASON })}\n\n`);
    open.add(raw);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const recheck = setInterval(() => void recheckSession(), SESSION_RECHECK_MS);
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(keepAlive);
      clearInterval(recheck);
      unsubscribe();
      open.delete(raw);
    };
    function end() {
      if (isClosed) return;
      close();
      raw.end();
    }
    request.raw.on('close', close);
    raw.on('close', close);
  });
}
