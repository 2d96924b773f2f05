import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { creditHub88Win } from './credit-win.ts';
import { HUB88_SIGNATURE_HEADER, hub88Keys, isHub88SignatureValid } from '../../adapters/partner/index.ts';
import { betRequest, rollbackRequest, userBalanceRequest, userInfoRequest, winRequest, type Hub88Status } from './hub88-wire.ts';
import { placeHub88Bet } from './place-bet.ts';
import { readHub88Balance, readHub88UserInfo } from './read-user.ts';
import { rollBackHub88Bet } from './roll-back-bet.ts';

/** The largest wallet call body read (a bet with its `meta` is well under 1 KB). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Hub88's Wallet API, mounted under `/seamless/hub88/` (issue 30 §1): `user/info`, `user/balance`,
 * `transaction/bet`, `transaction/win`, `transaction/rollback`. Every answer is HTTP 200 with a
 * Hub88 status. The body is read as text and its `X-Hub88-Signature` verified with Hub88's public
 * key (HUB88_PUBLIC_KEY) before it is parsed; then zod (unknown fields dropped, never refused):
 * a missing field is RS_ERROR_WRONG_SYNTAX, a wrong type RS_ERROR_WRONG_TYPES. Only with
 * GAME_PARTNER_PROVIDER=hub88; otherwise the paths do not exist.
 */
export function registerSeamlessHub88Routes(app: FastifyInstance, context: AppContext): void {
  if (context.config.GAME_PARTNER_PROVIDER !== 'hub88') return;
  void app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
      const route = <S extends z.ZodTypeAny>(path: string, schema: S, handle: (input: z.infer<S>) => Promise<string | object>) => {
        scope.post(path, { schema: { hide: true } }, async (request, reply) => answer(context, request, reply, schema, handle));
      };
      route('/user/info', userInfoRequest, (input) => readHub88UserInfo(context, input));
      route('/user/balance', userBalanceRequest, (input) => readHub88Balance(context, input));
      route('/transaction/bet', betRequest, (input) => placeHub88Bet(context, input));
      route('/transaction/win', winRequest, (input) => creditHub88Win(context, input));
      route('/transaction/rollback', rollbackRequest, (input) => rollBackHub88Bet(context, input));
    },
    { prefix: '/seamless/hub88' },
  );
}

async function answer<S extends z.ZodTypeAny>(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  handle: (input: z.infer<S>) => Promise<string | object>,
): Promise<FastifyReply> {
  const send = (body: string | object) => reply.code(200).type('application/json; charset=utf-8').send(typeof body === 'string' ? body : JSON.stringify(body));
  const status = (value: Hub88Status) => send({ status: value });
  const rawBody = typeof request.body === 'string' ? request.body : '';
  const signature = request.headers[HUB88_SIGNATURE_HEADER];
  if (!isHub88SignatureValid(hub88Keys(context.config).publicKey, rawBody, typeof signature === 'string' ? signature : undefined)) return status('RS_ERROR_INVALID_SIGNATURE');
  let json: unknown;
  try {
    json = secureJson.parse(rawBody, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return status('RS_ERROR_WRONG_SYNTAX');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    const isMissing = typeof json !== 'object' || json === null || parsed.error.issues.some((issue) => issue.path.length === 1 && fields[String(issue.path[0])] === undefined);
    const requestUuid = typeof (json as { request_uuid?: unknown } | null)?.request_uuid === 'string' ? (json as { request_uuid: string }).request_uuid : undefined;
    return send({ status: isMissing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES', ...(requestUuid ? { request_uuid: requestUuid } : {}) });
  }
  try {
    return send(await handle(parsed.data));
  } catch (error) {
    // Hub88 rolls a bet back on RS_ERROR_UNKNOWN and retries a win or rollback: nothing here committed.
    request.log.error({ err: error, path: request.url }, 'hub88 wallet call failed');
    const input = parsed.data as { user?: string; request_uuid?: string };
    return send({ user: input.user, status: 'RS_ERROR_UNKNOWN', request_uuid: input.request_uuid });
  }
}
