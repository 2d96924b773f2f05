import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { isObject, readJson, removeItem, writeJson } from '../../../lib/storage.ts';

/**
 * Spec §5 remember-me: the phone and password are kept in local storage, or removed.
 * (The spec asks for the password too; anyone with this browser profile can read it.)
 */
export interface RememberedCredentials {
  phoneNumber: string;
  password: string;
}

const isRemembered = (value: unknown): value is RememberedCredentials =>
  isObject(value) && typeof value.phoneNumber === 'string' && typeof value.password === 'string';

export const readRememberedCredentials = (): RememberedCredentials | null =>
  readJson(STORAGE_KEYS.rememberedCredentials, isRemembered);

export function rememberCredentials(credentials: RememberedCredentials | null): void {
  if (credentials) writeJson(STORAGE_KEYS.rememberedCredentials, credentials);
  else removeItem(STORAGE_KEYS.rememberedCredentials);
}

/**
 * After a password change: a remembered password for this phone becomes the new one, so "จดจำฉัน"
 * does not fill in a password that no longer works. Nothing is remembered that was not before.
 */
export function updateRememberedPassword(phoneNumber: string, newPassword: string): void {
  const remembered = readRememberedCredentials();
  if (remembered?.phoneNumber === phoneNumber) rememberCredentials({ phoneNumber, password: newPassword });
}

/**
 * After a phone-number change (issue 27 §3): the phone is the login, so remembered credentials of
 * the old number move to the new one. Nothing is remembered that was not before.
 */
export function updateRememberedPhone(oldPhoneNumber: string, newPhoneNumber: string): void {
  const remembered = readRememberedCredentials();
  if (remembered?.phoneNumber === oldPhoneNumber) rememberCredentials({ phoneNumber: newPhoneNumber, password: remembered.password });
}
