import { isShareToken } from '../config/paths.ts';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { readText, removeItem, writeText } from '../lib/storage.ts';

/**
 * A referral code seen in a share link (`/{shareToken}`, `/user/home/{shareToken}`,
 * `/user/register/{shareToken}`) is kept until the visitor registers, so it survives the
 * redirects between landing, home and registration.
 */
export function rememberReferralCode(code: string | undefined): void {
  if (isShareToken(code)) writeText(STORAGE_KEYS.referralCode, code);
}

export function readReferralCode(): string | null {
  const code = readText(STORAGE_KEYS.referralCode);
  return isShareToken(code) ? code : null;
}

export function forgetReferralCode(): void {
  removeItem(STORAGE_KEYS.referralCode);
}
