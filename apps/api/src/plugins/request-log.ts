import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request log lines, one per request instead of two (docs/adr/0061): no "incoming
 * request" line; the "request completed" / "request errored" line carries what it said (`req`:
 * method, url, host, client address, by Fastify's own serializer) beside `res.statusCode` and
 * `responseTime` (ms), under the request's `reqId`. Every other line (the error handler's, a
 * stream error…) is Fastify's own, unchanged.
 *
 * Two lines per request are two JSON serializations and two synchronous writes to stdout on
 * every call at the default LOG_LEVEL=info; the one line at the end says the same (a request
 * still running shows in `/metrics`' pool and request figures instead). Below `info` neither is
 * written, as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by the line at the end (requestCompleted's `req`).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
