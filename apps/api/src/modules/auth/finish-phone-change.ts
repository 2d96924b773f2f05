import { postgresErrorCode } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordOutboxEvent } from '../outbox/index.ts';
import { queueNoticeSms } from '../sms/index.ts';
import { consumePhoneCode, usePhoneCode } from './phone-codes.ts';
import type { ActiveSession } from './sessions.ts';

/**
 * A member changes their phone number, step 2 (`POST /user-profile-composite/v1/phone/change/finish`,
 * issue 27 §3): both codes right → the member's phone (their login) becomes the new number and a
 * `member.phone-changed` event tells them by LINE; the old number gets an SMS notice too. The
 * sessions stay: the member proved both numbers.
 * @throws AppError CODE_INVALID, CODE_EXPIRED (either code), RATE_LIMITED, PHONE_TAKEN (taken meanwhile).
 */
export async function finishPhoneChange(context: AppContext, session: ActiveSession, input: { oldCode: string; newCode: string }): Promise<{ phoneNumber: string }> {
  // The old number's code is checked first but used up only with the change: a wrong new code
  // leaves the member both codes to try again (each try still counts against their 5).
  const old = await consumePhoneCode(context, { purpose: 'phone_change_old', ownerKey: session.memberId, code: input.oldCode, isCheckOnly: true });
  const proved = await consumePhoneCode(context, { purpose: 'phone_change_new', ownerKey: session.memberId, code: input.newCode });
  const now = context.now();
  const { site_name: siteName } = await context.siteSettings.get();
  try {
    await context.db.transaction(async (tx) => {
      await usePhoneCode(tx, old.codeId, now);
      await tx.query('UPDATE members SET phone_number = $2 WHERE id = $1', [session.memberId, proved.phoneNumber]);
      await recordOutboxEvent(tx, {
        kind: 'member.phone-changed',
        eventKey: `member.phone-changed:${session.memberId}:${now.getTime()}`,
        memberId: session.memberId,
        payload: { memberId: session.memberId, oldPhone: old.phoneNumber, newPhone: proved.phoneNumber, by: 'member', at: now.toISOString() },
      });
      await queueNoticeSms(tx, { toPhone: old.phoneNumber, memberId: session.memberId, kind: 'phone_changed', siteName, otpSecret: context.otpSecret, now });
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('PHONE_TAKEN');
    throw error;
  }
  return { phoneNumber: proved.phoneNumber };
}
