import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `reg_` + 24 random lowercase alphanumerics (~124 bits): it is what carries the proved phone to signup. */
export const newRegistrationId = (): string => `reg_${Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export interface Registration {
  id: string;
  phoneNumber: string;
  verified: boolean;
}

/**
 * The registration a request names (issue 27 §1), usable now: known, not expired, not completed.
 * @param registrationId the `X-Registration-Id` header or the body's registrationId.
 * @param options.requireVerified the phone's code must have been verified (checkBank, signup).
 * @throws AppError REGISTRATION_REQUIRED (no id: a client that skipped the code step),
 *   REGISTRATION_EXPIRED (unknown, expired or already used), PHONE_NOT_VERIFIED.
 */
export async function readRegistration(context: AppContext, registrationId: string | undefined, options: { requireVerified: boolean }): Promise<Registration> {
  const id = registrationId?.trim() ?? '';
  if (id === '') throw new AppError('REGISTRATION_REQUIRED');
  if (!/^reg_[a-z0-9]{20,40}$/.test(id)) throw new AppError('REGISTRATION_EXPIRED');
  const { rows } = await context.db.query<{ phone_number: string; verified_at: Date | null; completed_at: Date | null; expires_at: Date }>(
    'SELECT phone_number, verified_at, completed_at, expires_at FROM registrations WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row || row.completed_at !== null || new Date(row.expires_at).getTime() <= context.now().getTime()) throw new AppError('REGISTRATION_EXPIRED');
  if (options.requireVerified && row.verified_at === null) throw new AppError('PHONE_NOT_VERIFIED');
  return { id, phoneNumber: row.phone_number, verified: row.verified_at !== null };
}
