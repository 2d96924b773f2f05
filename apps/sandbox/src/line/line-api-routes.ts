import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxLine } from './sandbox-line.ts';

/** LINE allows at most 5 message objects per push / reply. */
const MAX_MESSAGES = 5;
const messages = z.array(z.record(z.string(), z.unknown()).refine((message) => typeof message.type === 'string')).min(1).max(MAX_MESSAGES);
const pushBody = z.object({ to: z.string().min(1).max(100), messages, notificationDisabled: z.boolean().optional() });
const replyBody = z.object({ replyToken: z.string().min(1).max(200), messages, notificationDisabled: z.boolean().optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LINE's error body shape: `{ message, details? }`. */
const lineError = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

/** `Authorization: Bearer <channel access token>`, checked in constant time (401 otherwise, as LINE). */
function authorized(line: SandboxLine, request: FastifyRequest): boolean {
  const header = String(request.headers.authorization ?? '');
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '', 'utf8');
  const expected = Buffer.from(line.channelAccessToken, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The subset of the LINE Messaging API Sabai calls (public routes: the bearer channel access
 * token is their credential, not the sandbox key):
 * - `POST /v2/bot/message/push` with `X-Line-Retry-Key` (a UUID; a key already accepted → 409,
 *   as LINE); the fault switch makes the next N pushes answer 429 / 500 instead;
 * - `POST /v2/bot/message/reply` (a reply token is good once, for a minute);
 * - `POST /v2/bot/user/{userId}/linkToken` → `{ linkToken }`.
 */
export function registerLineApiRoutes(app: FastifyInstance, line: SandboxLine): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/v2/bot/')) return;
    if (!authorized(line, request)) return lineError(reply, 401, 'Authentication failed. Confirm that the access token in the authorization header is valid.');
  });

  app.post('/v2/bot/message/push', async (request, reply) => {
    const retryKeyHeader = request.headers['x-line-retry-key'];
    const retryKey = typeof retryKeyHeader === 'string' ? retryKeyHeader : null;
    const log = (status: number) => {
      line.pushLog.push({ at: new Date().toISOString(), to: (request.body as { to?: string } | null)?.to ?? '', status, retryKey });
      if (line.pushLog.length > 1_000) line.pushLog.shift();
    };
    if (retryKey !== null && !UUID.test(retryKey)) {
      log(400);
      return lineError(reply, 400, 'The value for the \'X-Line-Retry-Key\' header is invalid');
    }
    if (line.pushFault.remaining > 0) {
      line.pushFault.remaining -= 1;
      log(line.pushFault.status);
      return lineError(reply, line.pushFault.status, line.pushFault.status === 429 ? 'Too Many Requests' : 'Internal Server Error');
    }
    if (retryKey !== null && line.acceptedRetryKeys.has(retryKey)) {
      log(409);
      reply.header('x-line-accepted-request-id', retryKey);
      return lineError(reply, 409, 'The retry key is already accepted');
    }
    const parsed = pushBody.safeParse(request.body);
    if (!parsed.success) {
      log(400);
      return lineError(reply, 400, 'The request body has 1 error(s)');
    }
    if (!line.users.has(parsed.data.to)) {
      log(400);
      return lineError(reply, 400, 'Failed to send messages');
    }
    if (retryKey !== null) line.acceptedRetryKeys.add(retryKey);
    line.addToChat(parsed.data.to, { at: new Date().toISOString(), from: 'bot', via: 'push', messages: parsed.data.messages });
    log(200);
    if (line.pushAnswerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, line.pushAnswerDelayMs));
    return { sentMessages: parsed.data.messages.map((_, index) => ({ id: `${Date.now()}${index}`, quoteToken: 'sandbox' })) };
  });

  app.post('/v2/bot/message/reply', async (request, reply) => {
    const parsed = replyBody.safeParse(request.body);
    if (!parsed.success) return lineError(reply, 400, 'The request body has 1 error(s)');
    const token = line.replyTokens.get(parsed.data.replyToken);
    line.replyTokens.delete(parsed.data.replyToken);
    if (!token || token.expiresAt < Date.now()) return lineError(reply, 400, 'Invalid reply token');
    line.addToChat(token.userId, { at: new Date().toISOString(), from: 'bot', via: 'reply', messages: parsed.data.messages });
    return { sentMessages: parsed.data.messages.map((_, index) => ({ id: `${Date.now()}${index}`, quoteToken: 'sandbox' })) };
  });

  app.post<{ Params: { userId: string } }>('/v2/bot/user/:userId/linkToken', async (request, reply) => {
    const linkToken = line.issueLinkToken(request.params.userId);
    if (!linkToken) return lineError(reply, 400, 'The user ID is invalid');
    return { linkToken };
  });
}

/** Routes people and Sabai call without the sandbox key (the LINE API checks its own bearer token). */
export const isPublicLineRoute = (routeUrl: string): boolean => routeUrl.startsWith('/v2/bot/') || routeUrl === '/line' || routeUrl.startsWith('/line/ui/') || routeUrl.startsWith('/line/dialog/');
