import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifySessionsEnded } from '../../lib/balance-notifications.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordOutboxEvent } from '../outbox/index.ts';
import { queueNoticeSms } from '../sms/index.ts';

/** Letters and digits that cannot be mistaken for each other when read out on the phone (no 0/O, 1/l/I). */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Long enough to be unguessable within the login rate limits, short enough to read out (spec: 6–64 characters). */
export const ONE_TIME_PASSWORD_LENGTH = 10;

/** A random one-time password from ONE_TIME_ALPHABET (crypto.randomInt: no modulo bias). */
export function generateOneTimePassword(): string {
  let password = '';
  for (let index = 0; index < ONE_TIME_PASSWORD_LENGTH; index += 1) password += ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)];
  return password;
}

/**
 * Support resets a member's password (issue 11 "Members": reset password, a one-time password shown
 * once): the member's password becomes a new random one, every session of the member ends (their
 * event streams close), and the audit row says who, why and from where — never the password. The
 * password is returned to the caller once and stored only as its argon2id hash; the member signs in
 * with it and sets their own on the profile page (spec §6 change password). The member is told
 * (issue 27 §3): an SMS notice to their phone and a LINE message (`member.password-reset`, by staff),
 * both in the same transaction, neither with the password.
 * @throws AppError VALIDATION_FAILED (no reason), NOT_FOUND.
 */
export async function resetMemberPassword(
  context: AppContext,
  input: { memberId: string; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<{ oneTimePassword: string; sessionsEnded: number }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const { site_name: siteName } = await context.siteSettings.get();
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const updated = await tx.query<{ phone_number: string }>('UPDATE members SET password_hash = $2 WHERE id = $1 RETURNING phone_number', [input.memberId, passwordHash]);
    const member = updated.rows[0];
    if (!member) throw new AppError('NOT_FOUND');
    await queueNoticeSms(tx, { toPhone: member.phone_number, memberId: input.memberId, kind: 'password_reset_by_staff', siteName, otpSecret: context.otpSecret, now });
    await recordOutboxEvent(tx, {
      kind: 'member.password-reset',
      eventKey: `member.password-reset:${input.memberId}:${now.getTime()}`,
      memberId: input.memberId,
      payload: { memberId: input.memberId, by: 'staff', at: now.toISOString() },
    });
    const ended = await tx.query(`UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'staff' WHERE member_id = $1 AND revoked_at IS NULL`, [input.memberId, context.now()]);
    await notifySessionsEnded(tx, input.memberId);
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      action: 'member.reset_password',
      subjectType: 'member',
      subjectId: input.memberId,
      reason,
      address: input.address,
      details: { sessions: ended.rowCount },
    });
    return { oneTimePassword, sessionsEnded: ended.rowCount };
  });
}
