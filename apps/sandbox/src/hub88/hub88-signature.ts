import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The header every Hub88 call carries, both ways (docs.hub88.io, "Request signing"). */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function cached(cache: Map<string, KeyObject>, pem: string, make: (pem: string) => KeyObject): KeyObject {
  let key = cache.get(pem);
  if (!key) {
    key = make(pem);
    cache.set(pem, key);
  }
  return key;
}

/**
 * Hub88's request signature: RSA-SHA256 (PKCS#1 v1.5) over the raw body bytes exactly as sent,
 * base64 (docs.hub88.io "Request signing"; coingaming/Hub88-Examples `openssl dgst -sha256 -sign`).
 * @param privateKeyPem PEM (PKCS#1 or PKCS#8). @throws when the PEM is not a private key.
 */
export function signHub88Body(privateKeyPem: string, rawBody: string): string {
  return sign('sha256', Buffer.from(rawBody, 'utf8'), cached(privateKeys, privateKeyPem, createPrivateKey)).toString('base64');
}

/** True when `signature` (base64) is the RSA-SHA256 signature of `rawBody` by the key pair of `publicKeyPem`. Never throws on bad input. */
export function verifyHub88Signature(publicKeyPem: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || signature.length > 2_048) return false;
  try {
    return verify('sha256', Buffer.from(rawBody, 'utf8'), cached(publicKeys, publicKeyPem, createPublicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
