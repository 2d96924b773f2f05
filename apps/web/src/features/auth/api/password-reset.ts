import { emptyResponse, phoneCodeSentResponse } from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/**
 * Forgot password (issue 27 §3, §5): a code by SMS to the member's phone, then the code and a new
 * password (sign-up's rules). The server answers `start` the same whether or not the phone is a
 * member's, and ends every session of the member on `finish`.
 */

/** `POST /auth-service/v1/password-reset/start`: answers the resend and expiry times (seconds). */
export async function startPasswordReset(phoneNumber: string) {
  const body = await apiRequest('/auth-service/v1/password-reset/start', {
    method: 'POST',
    body: { phoneNumber },
    schema: phoneCodeSentResponse,
  });
  return body.data;
}

/** `POST /auth-service/v1/password-reset/finish`: refused with CODE_INVALID / CODE_EXPIRED / PASSWORD_RULES; answers the Thai success message. */
export async function finishPasswordReset(input: { phoneNumber: string; code: string; newPassword: string }) {
  const body = await apiRequest('/auth-service/v1/password-reset/finish', { method: 'POST', body: input, schema: emptyResponse });
  return body.message;
}

export const useStartPasswordReset = () => useMutation({ mutationFn: startPasswordReset });
export const useFinishPasswordReset = () => useMutation({ mutationFn: finishPasswordReset });
