import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The AES-256 key of sealed SMS texts, derived from the OTP secret (never the secret itself). */
const sealKey = (secret: string): Buffer => createHash('sha256').update(`sabai:sms-seal:${secret}`).digest();

/**
 * Seals an SMS text while it waits to be sent (AES-256-GCM, random 96-bit nonce): a one-time code
 * never rests in clear in the database (docs/adr/0042). `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 */
export function sealText(secret: string, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The text of `sealed`. @throws Error when it was sealed with another secret or altered. */
export function unsealText(secret: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed SMS text');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
