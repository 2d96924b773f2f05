import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens: `base64url(JSON payload).base64url(HMAC-SHA256(secret, payload part))`.
 * Used for the checkBank token, which binds bank code, account number and holder name for
 * signup. The payload carries `exp` (epoch ms); verification is constant-time and checks expiry.
 */
export function signToken(payload: Record<string, unknown> & { exp: number }, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(body, secret)}`;
}

/** The payload when the signature is valid and `exp` is in the future; otherwise undefined. */
export function verifyToken(token: string, secret: string, nowMs: number = Date.now()): Record<string, unknown> | undefined {
  if (token.length > 2_048) return undefined;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(body, secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || exp <= nowMs) return undefined;
  return payload as Record<string, unknown>;
}

const mac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64url');
