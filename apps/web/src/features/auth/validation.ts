import {
  ageInYears,
  bangkokDate,
  ERRORS,
  MINIMUM_SIGNUP_AGE_YEARS,
  isValidBankAccountNumber,
  isValidDeclaredName,
  isValidPassword,
  isValidPersonName,
  isValidPhoneNumber,
} from '@sabai/contracts';

/**
 * Client-side checks of spec §5, run before any call. Each returns the Thai message to show,
 * or null when the step may go on. Messages are the contract's, so client and server agree.
 */

/** Spec §9: the bank select starts at -1, meaning "no bank chosen". */
export const NO_BANK_SELECTED = '-1';

/** Spec §5 login: both fields non-empty and the phone exactly 10 characters. */
export function validateLogin(input: { phoneNumber: string; password: string }): string | null {
  const phone = input.phoneNumber.trim();
  if (phone === '' || input.password === '' || phone.length !== 10) return ERRORS.INVALID_CREDENTIALS.message;
  return null;
}

/** Register step 1: phone (spec §5), then our password rules. */
export function validatePhoneStep(input: { phoneNumber: string; password: string; confirmPassword: string }): string | null {
  return validatePhoneNumber(input.phoneNumber) ?? validateNewPassword(input);
}

/** A Thai mobile number (spec §5: 10 digits from 0); the forgot-password flow's first step too. */
export function validatePhoneNumber(phoneNumber: string): string | null {
  return isValidPhoneNumber(phoneNumber.trim()) ? null : ERRORS.INVALID_PHONE.message;
}

/** A new password and its confirmation: sign-up's rules, also for a password reset (issue 27 §3). */
export function validateNewPassword(input: { password: string; confirmPassword: string }): string | null {
  if (!isValidPassword(input.password)) return ERRORS.PASSWORD_RULES.message;
  if (input.password !== input.confirmPassword) return ERRORS.PASSWORD_MISMATCH.message;
  return null;
}

/** Digits of the one-time code the SMS carries (issue 27 §1). */
export const ONE_TIME_CODE_LENGTH = 6;

/** The code as typed: exactly six digits, before asking the server (which counts the tries). */
export function validateOneTimeCode(code: string): string | null {
  return code.length === ONE_TIME_CODE_LENGTH && /^\d+$/.test(code) ? null : ERRORS.CODE_INVALID.message;
}

/** Register step 2 (spec §5): a bank chosen and an account number of 10 or 12 digits. */
export function validateBankStep(input: { bankCode: string; accountNumber: string }): string | null {
  if (input.bankCode === NO_BANK_SELECTED || input.bankCode === '') return ERRORS.INCOMPLETE_BANK_INFO.message;
  if (!isValidBankAccountNumber(input.accountNumber.trim())) return ERRORS.INCOMPLETE_BANK_INFO.message;
  return null;
}

/**
 * Register step 3: a name is needed (it is locked and prefilled when the bank check named the
 * holder). A name the member types (`isTyped`: the bank check named nobody, docs/adr/0040) must be
 * Thai or Latin letters, as the server checks.
 */
export function validateConfirmStep(input: { firstName: string; lastName: string; isTyped?: boolean; dateOfBirth?: string; today?: string }): string | null {
  if (input.firstName.trim() === '' || input.lastName.trim() === '') return ERRORS.NAME_REQUIRED.message;
  if (input.isTyped) {
    if (!isValidDeclaredName(input.firstName) || !isValidDeclaredName(input.lastName)) return ERRORS.HOLDER_NAME_INVALID.message;
  } else if (!isValidPersonName(input.firstName) || !isValidPersonName(input.lastName)) {
    return ERRORS.NAME_REQUIRED.message;
  }
  if (input.dateOfBirth !== undefined) {
    const age = ageInYears(input.dateOfBirth, input.today ?? bangkokDate(new Date()));
    if (age === null || age < 0) return ERRORS.DATE_OF_BIRTH_REQUIRED.message;
    if (age < MINIMUM_SIGNUP_AGE_YEARS) return ERRORS.UNDER_AGE.message;
  }
  return null;
}

/** Keeps only digits, as a member types a phone or account number (spaces and dashes are common). */
export const digitsOnly = (value: string, maxLength: number) => value.replace(/\D/g, '').slice(0, maxLength);
