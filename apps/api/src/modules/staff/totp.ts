import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through the `otpauth` library, as every
 * authenticator app reads it. A code of the step before or after is accepted (clock drift); the
 * caller refuses a step at or before the last one accepted, so a code works once.
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'Sabai back office';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app enrols from (shown as text and QR). */
export function totpEnrolmentUri(username: string, secretBase32: string): string {
  return totpFor(username, secretBase32).toString();
}

/**
 * The time step a code proves, or null when it proves none (wrong, malformed or too far off).
 * @param code six digits as typed (spaces ignored).
 */
export function verifyTotp(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor('staff', secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code (tests and the staff:create script's self-check). */
export function currentTotp(secretBase32: string, now: Date): string {
  return totpFor('staff', secretBase32).generate({ timestamp: now.getTime() });
}

function totpFor(label: string, secretBase32: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}
