import { ERRORS, isValidPassword } from '@sabai/contracts';

/** Spec §5 password change: old, new and confirmation all non-empty; then our password rules. */
export function validatePasswordChange(input: { oldPassword: string; newPassword: string; confirmPassword: string }): string | null {
  if (input.oldPassword === '' || input.newPassword === '' || input.confirmPassword === '') return ERRORS.INCOMPLETE_FORM.message;
  if (!isValidPassword(input.newPassword)) return ERRORS.PASSWORD_RULES.message;
  if (input.newPassword !== input.confirmPassword) return ERRORS.PASSWORD_MISMATCH.message;
  return null;
}
