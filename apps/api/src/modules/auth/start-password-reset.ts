import { isValidPhoneNumber } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCodeMaySend, codeTimes, recordPhoneCode } from './phone-codes.ts';

/** The owner key of a phone's password-reset codes. */
export const resetOwnerKey = (phoneNumber: string): string => `phone:${phoneNumber}`;

/**
 * Forgot password, step 1 (`POST /auth-service/v1/password-reset/start`, issue 27 §3): a code by
 * SMS to the phone when it is an active member's. The answer, the resend wait and the limits are
 * the same whether or not a member has the phone (no enumeration): a code is recorded either way,
 * only a member's is sent. The route caps calls per address like login.
 * @throws AppError INVALID_PHONE, CODE_RESEND_TOO_SOON, RATE_LIMITED.
 */
export async function startPasswordReset(context: AppContext, input: { phoneNumber: string }): Promise<{ resendAfterSeconds: number; codeExpiresInSeconds: number }> {
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  const ownerKey = resetOwnerKey(input.phoneNumber);
  await assertCodeMaySend(context, { purpose: 'password_reset', ownerKey, phoneNumber: input.phoneNumber });
  const { rows } = await context.db.query<{ id: string }>(`SELECT id FROM members WHERE phone_number = $1 AND status = 'active'`, [input.phoneNumber]);
  const memberId = rows[0]?.id ?? null;
  const { site_name: siteName } = await context.siteSettings.get();
  await context.db.transaction((tx) =>
    recordPhoneCode(context, tx, { purpose: 'password_reset', ownerKey, phoneNumber: input.phoneNumber, memberId, send: memberId !== null, siteName }),
  );
  return codeTimes();
}
