import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * LINE's webhook signature (Messaging API reference, "Verify the signature"): `X-Line-Signature`
 * is base64(HMAC-SHA256(channel secret, raw request body)). Compared in constant time.
 */
export function lineSignature(rawBody: Buffer | string, channelSecret: string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/** True only when `signature` is the signature of exactly these bytes (absent or malformed → false). */
export function isValidLineSignature(rawBody: Buffer, signature: string | undefined, channelSecret: string): boolean {
  if (signature === undefined || signature === '') return false;
  const expected = Buffer.from(lineSignature(rawBody, channelSecret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `X-Line-Retry-Key` of a push (a UUID, as LINE requires): derived from the outbox event id and
 * our own delivery row, so every retry of the same message carries the same key and LINE accepts
 * it once (a repeat answers 409).
 */
export function lineRetryKey(eventId: bigint, messageRowId: bigint): string {
  const hex = createHash('sha256').update(`sabai-line:${eventId}:${messageRowId}`).digest('hex');
  // Formatted as a version-5-style UUID (name-based).
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
