import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { assertCodeMaySend, codeTimes, recordPhoneCode } from './phone-codes.ts';
import { newRegistrationId } from './registrations.ts';

/**
 * Register step 1 (spec §5 `POST /auth-service/v1/checkPhone`; issue 27 §1): the phone must be a
 * 10-digit number and not a member's; a registration starts and a 6-digit code goes to the phone
 * by SMS (queued with its outbox event in the registration's transaction). The registration id
 * carries the flow (verifyPhone, then checkBank and signup in `X-Registration-Id`): nothing is
 * keyed by the client's address, which is kept for abuse review only.
 * @throws AppError INVALID_PHONE, PHONE_TAKEN, RATE_LIMITED (the phone's codes per hour / day).
 *   (The route caps calls per address: config REGISTRATION_ADDRESS_CEILING_PER_HOUR.)
 */
export async function startRegistration(
  context: AppContext,
  input: { phoneNumber: string; ipAddress: string },
): Promise<{ phoneNumber: string; available: true; registrationId: string; resendAfterSeconds: number; codeExpiresInSeconds: number }> {
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  const { rowCount } = await context.db.query('SELECT 1 FROM members WHERE phone_number = $1', [input.phoneNumber]);
  if (rowCount > 0) throw new AppError('PHONE_TAKEN');
  const registrationId = newRegistrationId();
  // A new registration has no code yet: only the phone's hourly and daily counts apply.
  await assertCodeMaySend(context, { purpose: 'registration', ownerKey: registrationId, phoneNumber: input.phoneNumber });
  const { site_name: siteName } = await context.siteSettings.get();
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO registrations (id, phone_number, address_key, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [registrationId, input.phoneNumber, clientAddressKey(input.ipAddress), now, new Date(now.getTime() + context.config.REGISTRATION_TTL_MS)],
    );
    await recordPhoneCode(context, tx, { purpose: 'registration', ownerKey: registrationId, phoneNumber: input.phoneNumber, memberId: null, send: true, siteName });
  });
  return { phoneNumber: input.phoneNumber, available: true, registrationId, ...codeTimes() };
}
