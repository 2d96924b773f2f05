import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Hub88's request signing (docs.hub88.io, Operator API "Request signing"; coingaming/Hub88-Examples):
 * the raw request body is signed with RSA-SHA256 by the sender's private key, base64-encoded, and
 * sent in the `X-Hub88-Signature` header. Hub88 signs its Wallet API calls to us with its key
 * (verified with HUB88_PUBLIC_KEY); we sign our Games / Transactions API calls with the operator's
 * private key (HUB88_PRIVATE_KEY). The bytes verified are the bytes received: nothing is parsed
 * before the signature holds.
 */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

export interface Hub88Keys {
  /** Verifies Hub88's calls; null = not configured: every call is refused. */
  publicKey: KeyObject | null;
  /** Signs our calls; null = not configured: Games API calls fail as partner trouble. */
  privateKey: KeyObject | null;
}

const keysByPem = new Map<string, Hub88Keys>();

/**
 * The keys from their PEM texts (config HUB88_PUBLIC_KEY / HUB88_PRIVATE_KEY), parsed once per text.
 * @throws Error when a configured PEM text is not a key (a configuration mistake, found at first use).
 */
export function hub88Keys(config: { HUB88_PUBLIC_KEY?: string | undefined; HUB88_PRIVATE_KEY?: string | undefined }): Hub88Keys {
  const cacheKey = `${config.HUB88_PUBLIC_KEY ?? ''}\u0000${config.HUB88_PRIVATE_KEY ?? ''}`;
  const cached = keysByPem.get(cacheKey);
  if (cached) return cached;
  const keys = {
    publicKey: config.HUB88_PUBLIC_KEY ? createPublicKey(config.HUB88_PUBLIC_KEY) : null,
    privateKey: config.HUB88_PRIVATE_KEY ? createPrivateKey(config.HUB88_PRIVATE_KEY) : null,
  };
  keysByPem.set(cacheKey, keys);
  return keys;
}

/** Whether `signature` (base64) is Hub88's RSA-SHA256 signature of exactly `rawBody`. Never throws. */
export function isHub88SignatureValid(publicKey: KeyObject | null, rawBody: string, signature: string | undefined): boolean {
  if (!publicKey || !signature || signature.length > 2048) return false;
  try {
    return verify('RSA-SHA256', Buffer.from(rawBody, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The base64 RSA-SHA256 signature of `rawBody` with `privateKey`, for the `X-Hub88-Signature` header. */
export function signHub88Body(privateKey: KeyObject, rawBody: string): string {
  return sign('RSA-SHA256', Buffer.from(rawBody, 'utf8'), privateKey).toString('base64');
}
