import { isValidPhoneNumber } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { assertCodeMaySend, codeTimes, recordPhoneCode } from './phone-codes.ts';
import type { ActiveSession } from './sessions.ts';

/**
 * A member changes their phone number, step 1 (`POST /user-profile-composite/v1/phone/change/start`,
 * issue 27 §3): one code to the old number (the member still holds it) and one to the new (it
 * is theirs), in one transaction. When the old phone is lost, staff change it with four-eyes
 * (modules/members). 3 starts per member an hour, besides each phone's code limits.
 * @throws AppError INVALID_PHONE, PHONE_TAKEN (also the member's own number), CODE_RESEND_TOO_SOON, RATE_LIMITED.
 */
export async function startPhoneChange(context: AppContext, session: ActiveSession, input: { newPhoneNumber: string }): Promise<{ resendAfterSeconds: number; codeExpiresInSeconds: number }> {
  if (!isValidPhoneNumber(input.newPhoneNumber)) throw new AppError('INVALID_PHONE');
  if (input.newPhoneNumber === session.phoneNumber) throw new AppError('PHONE_TAKEN');
  const taken = await context.db.query('SELECT 1 FROM members WHERE phone_number = $1', [input.newPhoneNumber]);
  if (taken.rowCount > 0) throw new AppError('PHONE_TAKEN');
  await context.rateLimiter.hit(RATE_LIMITS.phoneChangePerMember, session.memberId);
  await assertCodeMaySend(context, { purpose: 'phone_change_old', ownerKey: session.memberId, phoneNumber: session.phoneNumber });
  await assertCodeMaySend(context, { purpose: 'phone_change_new', ownerKey: session.memberId, phoneNumber: input.newPhoneNumber });
  const { site_name: siteName } = await context.siteSettings.get();
  await context.db.transaction(async (tx) => {
    await recordPhoneCode(context, tx, { purpose: 'phone_change_old', ownerKey: session.memberId, phoneNumber: session.phoneNumber, memberId: session.memberId, send: true, siteName });
    await recordPhoneCode(context, tx, { purpose: 'phone_change_new', ownerKey: session.memberId, phoneNumber: input.newPhoneNumber, memberId: session.memberId, send: true, siteName });
  });
  return codeTimes();
}
