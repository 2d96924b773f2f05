import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { partnerError } from './partner-errors.ts';
import { isValidPartnerSignature } from './sign-partner-request.ts';

/** How far `x-timestamp` may be from the partner's clock, either way. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

export interface PartnerAuthOptions {
  agentId: string;
  agentSecret: string;
  now: () => Date;
  /** The raw body exactly as received ('' when none). */
  rawBodyOf: (request: FastifyRequest) => string;
}

/**
 * The agent API's own authentication, as a preValidation hook (after the body is read, since it
 * is signed): `x-agent-id`, `x-timestamp` within TIMESTAMP_TOLERANCE_MS, `x-signature` over
 * timestamp, method, path with query and raw body. Any failure → 401 `{ code: 'AUTH_FAILED' }`,
 * with no hint of which part failed. Replays inside the window are not refused: transfers are
 * idempotent by reference and every other call is a read or idempotent too.
 */
export function createPartnerAuthHook(options: PartnerAuthOptions) {
  const expectedAgentId = Buffer.from(options.agentId, 'utf8');
  return async function checkPartnerAuth(request: FastifyRequest, reply: FastifyReply) {
    if (!isAuthentic(request)) {
      const { status, body } = partnerError('AUTH_FAILED');
      return reply.code(status).send(body);
    }
  };

  function isAuthentic(request: FastifyRequest): boolean {
    const agentId = Buffer.from(header(request, 'x-agent-id'), 'utf8');
    if (agentId.length !== expectedAgentId.length || !timingSafeEqual(agentId, expectedAgentId)) return false;
    const timestamp = header(request, 'x-timestamp');
    if (!/^\d{1,16}$/.test(timestamp) || Math.abs(options.now().getTime() - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) return false;
    return isValidPartnerSignature(
      { agentSecret: options.agentSecret, timestamp, method: request.method, pathWithQuery: request.url, rawBody: options.rawBodyOf(request) },
      header(request, 'x-signature'),
    );
  }
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}
