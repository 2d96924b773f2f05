import { createHmac, timingSafeEqual } from 'node:crypto';

/** What one agent-API request is signed over (the raw body exactly as sent; '' without one). */
export interface PartnerRequestToSign {
  agentSecret: string;
  /** Epoch milliseconds, sent as `x-timestamp`. */
  timestamp: string | number;
  method: string;
  /** Path and query exactly as sent on the request line, e.g. `/partner/v1/bets?limit=100`. */
  pathWithQuery: string;
  rawBody?: string;
}

/**
 * `x-signature` of an agent-API request: hex HMAC-SHA256(agentSecret,
 * `${timestamp}.${METHOD}.${pathWithQuery}.${rawBodyOrEmpty}`). Used by clients and tests.
 */
export function signPartnerRequest(request: PartnerRequestToSign): string {
  const canonical = `${request.timestamp}.${request.method.toUpperCase()}.${request.pathWithQuery}.${request.rawBody ?? ''}`;
  return createHmac('sha256', request.agentSecret).update(canonical, 'utf8').digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Constant-time check of a presented signature (any malformed value is simply wrong). */
export function isValidPartnerSignature(request: PartnerRequestToSign, presented: string): boolean {
  if (!HEX_SHA256.test(presented)) return false;
  const expected = Buffer.from(signPartnerRequest(request), 'hex');
  return timingSafeEqual(expected, Buffer.from(presented, 'hex'));
}
