import { isValidPassword } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';

/**
 * `POST /auth-service/v1/password/check` {Password} (issue 26 §3): the rules sign-up applies to a
 * new password (register-member.ts: 6 to 64 characters, not one of the common passwords), asked
 * at the password field so the member hears of a refused password before the code and bank
 * steps, not at the end. Stores nothing; the route limits calls per address.
 * @throws AppError PASSWORD_RULES, COMMON_PASSWORD (Thai messages).
 */
export function checkNewPassword(password: string): void {
  if (!isValidPassword(password)) throw new AppError('PASSWORD_RULES');
  if (isCommonPassword(password)) throw new AppError('COMMON_PASSWORD');
}
