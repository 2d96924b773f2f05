import { loginResponse } from '@sabai/contracts';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { sessionStore } from '../../../lib/session.ts';
import { removeItem } from '../../../lib/storage.ts';
import { rememberCredentials } from './remembered-credentials.ts';

export interface LoginInput {
  phoneNumber: string;
  Password: string;
  remember: boolean;
}

/**
 * `POST /auth-service/v1/login` (spec §7). On success (spec §4): the token and user are stored,
 * remembered credentials are saved or removed per the remember option, and the announcement
 * flag is cleared so the member sees the announcement again.
 */
export async function login({ phoneNumber, Password, remember }: LoginInput) {
  const body = await apiRequest('/auth-service/v1/login', {
    method: 'POST',
    body: { phoneNumber, Password },
    schema: loginResponse,
  });
  rememberCredentials(remember ? { phoneNumber, password: Password } : null);
  removeItem(STORAGE_KEYS.announcementShown);
  sessionStore.signIn(body.authToken, body.data);
  return body.data;
}

/**
 * login() for a form: never throws; the member-facing Thai message of a refusal or a failure
 * (lib/api.ts errorMessage) when it did not sign in.
 */
export async function logInOrExplain(input: LoginInput): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await login(input);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
