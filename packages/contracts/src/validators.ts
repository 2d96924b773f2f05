/**
 * Field rules shared by the API and the web client (spec §5, §9).
 * Each is a pure predicate; the caller chooses the error code to report.
 */

/** Spec §9 phone number length 10; a Thai mobile number is ten digits starting with 0. */
export const PHONE_NUMBER_PATTERN = /^0\d{9}$/;
/** Spec §9 bank account length: 10 or 12 digits. */
export const BANK_ACCOUNT_PATTERN = /^(\d{10}|\d{12})$/;
/** Our rule: 6–64 characters (argon2id hashes any length; the cap bounds the work per request). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;
/** Names as a bank prints them: letters (Thai or Latin), spaces, dots and hyphens, 1–100 chars. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]{0,99}$/u;

export const isValidPhoneNumber = (value: unknown): value is string =>
  typeof value === 'string' && PHONE_NUMBER_PATTERN.test(value);

export const isValidBankAccountNumber = (value: unknown): value is string =>
  typeof value === 'string' && BANK_ACCOUNT_PATTERN.test(value);

export const isValidPassword = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;

export const isValidPersonName = (value: unknown): value is string =>
  typeof value === 'string' && PERSON_NAME_PATTERN.test(value.trim());

/** A typed holder name (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040): at most this many characters after trimming. */
export const DECLARED_NAME_MAX_LENGTH = 60;
/** Thai letters, vowels and tone marks (U+0E01–U+0E3A, U+0E40–U+0E4E; no Thai digits, no ฿), single spaces between words. */
const THAI_NAME_PATTERN = /^[\u0E01-\u0E3A\u0E40-\u0E4E]+(?: [\u0E01-\u0E3A\u0E40-\u0E4E]+)*$/u;
/** Latin letters A–Z, words joined by one space, hyphen, apostrophe or a dot (`J. SMITH`, `O'NEIL`). */
const LATIN_NAME_PATTERN = /^[A-Za-z]+(?:(?:[ '-]|\. ?)[A-Za-z]+)*\.?$/;

/**
 * A first or last name the member types at sign-up when no provider names the holder
 * (docs/adr/0040): Thai letters only or Latin letters only (as the bank prints the name; one
 * script per field, so a statement line can be compared without transliteration), 1–60
 * characters after trimming and collapsing spaces. Digits, emoji and other scripts are refused.
 */
export function isValidDeclaredName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const name = normalizeDeclaredName(value);
  if (name.length === 0 || name.length > DECLARED_NAME_MAX_LENGTH) return false;
  return THAI_NAME_PATTERN.test(name) || LATIN_NAME_PATTERN.test(name);
}

/** How a typed name is stored: Unicode NFC, trimmed, runs of white space as one space. */
export const normalizeDeclaredName = (value: string): string => value.normalize('NFC').trim().replace(/\s+/gu, ' ');

/**
 * Masks an account number for display (spec dialog 11): all but the last four digits hidden,
 * `1234567890` → `xxxxxx7890`.
 */
export function maskBankAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return 'x'.repeat(Math.max(0, accountNumber.length - 4)) + visible;
}

/** Masks a phone for lists shown to other members (affiliate Users): `0812345678` → `081***5678`. */
export function maskPhoneNumber(phoneNumber: string): string {
  return phoneNumber.length < 7 ? '***' : `${phoneNumber.slice(0, 3)}***${phoneNumber.slice(-4)}`;
}

/** Minimum age to sign up: 20 years (Thai law: the age of majority, and gambling; docs/adr/0021). */
export const MINIMUM_SIGNUP_AGE_YEARS = 20;

/**
 * Reads a `YYYY-MM-DD` date of birth (Gregorian calendar, a real date not in the future of
 * `today`). @returns `{ year, month, day }` or null when it is not one.
 */
export function parseDateOfBirth(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Full years of age on `today` (a `YYYY-MM-DD` calendar date, e.g. today in Asia/Bangkok): the
 * birthday counts on its day; someone born on 29 February has their birthday on 1 March in
 * non-leap years. @returns null for an invalid date of birth, negative when born after today.
 */
export function ageInYears(dateOfBirth: string, today: string): number | null {
  const born = parseDateOfBirth(dateOfBirth);
  const now = parseDateOfBirth(today);
  if (!born || !now) return null;
  const birthdayThisYear = new Date(Date.UTC(now.year, born.month - 1, born.day));
  const hadBirthday = birthdayThisYear.getTime() <= Date.UTC(now.year, now.month - 1, now.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

/** The calendar date of `instant` in Thailand (Asia/Bangkok, UTC+7, no daylight saving), `YYYY-MM-DD`. */
export const bangkokDate = (instant: Date): string => new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
