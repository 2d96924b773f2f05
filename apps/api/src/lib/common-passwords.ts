import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (the zxcvbn-ts project's maintained list, ~49,000 entries from public
 * breach corpora), compared case-insensitively. Sign-up and password change refuse them
 * (issue 13 §3.5; NIST SP 800-63B §5.1.1.2: check new passwords against lists of commonly used or
 * compromised values).
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
