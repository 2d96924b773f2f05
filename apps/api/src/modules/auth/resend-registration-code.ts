import type { AppContext } from '../../context.ts';
import { assertCodeMaySend, codeTimes, recordPhoneCode } from './phone-codes.ts';
import { readRegistration } from './registrations.ts';

/**
 * `POST /auth-service/v1/verifyPhone/resend` (issue 27 §1): a new code for the registration's
 * phone, 60 seconds after the last; the old code stops working.
 * @throws AppError REGISTRATION_REQUIRED, REGISTRATION_EXPIRED, CODE_RESEND_TOO_SOON, RATE_LIMITED.
 */
export async function resendRegistrationCode(context: AppContext, input: { registrationId: string }): Promise<{ resendAfterSeconds: number; codeExpiresInSeconds: number }> {
  const registration = await readRegistration(context, input.registrationId, { requireVerified: false });
  if (registration.verified) return codeTimes();
  await assertCodeMaySend(context, { purpose: 'registration', ownerKey: registration.id, phoneNumber: registration.phoneNumber });
  const { site_name: siteName } = await context.siteSettings.get();
  await context.db.transaction((tx) => recordPhoneCode(context, tx, { purpose: 'registration', ownerKey: registration.id, phoneNumber: registration.phoneNumber, memberId: null, send: true, siteName }));
  return codeTimes();
}
