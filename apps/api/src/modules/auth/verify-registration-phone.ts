import type { AppContext } from '../../context.ts';
import { consumePhoneCode } from './phone-codes.ts';
import { readRegistration } from './registrations.ts';

/**
 * `POST /auth-service/v1/verifyPhone` (issue 27 §1, §5): the code the SMS carried proves the
 * registration's phone. Verifying an already verified registration again answers the same.
 * @throws AppError REGISTRATION_REQUIRED, REGISTRATION_EXPIRED, CODE_INVALID, CODE_EXPIRED, RATE_LIMITED.
 */
export async function verifyRegistrationPhone(
  context: AppContext,
  input: { registrationId: string; code: string },
): Promise<{ registrationId: string; phoneNumber: string; phoneVerified: true }> {
  const registration = await readRegistration(context, input.registrationId, { requireVerified: false });
  if (!registration.verified) {
    await consumePhoneCode(context, { purpose: 'registration', ownerKey: registration.id, code: input.code });
    await context.db.query('UPDATE registrations SET verified_at = COALESCE(verified_at, $2) WHERE id = $1', [registration.id, context.now()]);
  }
  return { registrationId: registration.id, phoneNumber: registration.phoneNumber, phoneVerified: true };
}
