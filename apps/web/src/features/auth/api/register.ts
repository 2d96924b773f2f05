import {
  REGISTRATION_ID_HEADER,
  checkBankResponse,
  checkPhoneResponse,
  phoneCodeSentResponse,
  verifyPhoneResponse,
} from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, envelopeOnly } from '../../../lib/api.ts';

/**
 * The calls of registration (spec §7, issue 27 §5): checkPhone starts a registration and sends a
 * one-time code by SMS, verifyPhone proves the phone, then checkBank and signup carry the
 * registration in the `X-Registration-Id` header. Each refusal carries the server's Thai message.
 */

/**
 * `POST /auth-service/v1/checkPhone`: the number may register; a registration is started and a
 * 6-digit code is on its way. Answers the registration id and the resend and expiry times (seconds).
 */
export async function checkPhone(phoneNumber: string) {
  const body = await apiRequest('/auth-service/v1/checkPhone', { method: 'POST', body: { phoneNumber }, schema: checkPhoneResponse });
  return body.data;
}

/**
 * `POST /auth-service/v1/password/check` (issue 26 §3): the new password against sign-up's rules,
 * common passwords included, at the password field. Refused with PASSWORD_RULES / COMMON_PASSWORD.
 */
export async function checkNewPassword(password: string): Promise<void> {
  await apiRequest('/auth-service/v1/password/check', { method: 'POST', body: { Password: password }, schema: envelopeOnly });
}

/** `POST /auth-service/v1/verifyPhone`: the code the SMS carried; refused with CODE_INVALID / CODE_EXPIRED / REGISTRATION_EXPIRED. */
export async function verifyPhone(input: { registrationId: string; code: string }) {
  const body = await apiRequest('/auth-service/v1/verifyPhone', { method: 'POST', body: input, schema: verifyPhoneResponse });
  return body.data;
}

/** `POST /auth-service/v1/verifyPhone/resend`: a new code for the same registration (refused with CODE_RESEND_TOO_SOON before its time). */
export async function resendPhoneCode(registrationId: string) {
  const body = await apiRequest('/auth-service/v1/verifyPhone/resend', {
    method: 'POST',
    body: { registrationId },
    schema: phoneCodeSentResponse,
  });
  return body.data;
}

/**
 * `POST /auth-service/v1/checkBank` with the registration header: a token for signup (bound to the
 * registration) and, when a name-inquiry provider named the holder, their names (absent with
 * NAME_INQUIRY_PROVIDER=declared: the member types them).
 */
export async function checkBank({ registrationId, ...input }: { registrationId: string; BankAccount: string; BankCode: string }) {
  const body = await apiRequest('/auth-service/v1/checkBank', {
    method: 'POST',
    body: input,
    headers: { [REGISTRATION_ID_HEADER]: registrationId },
    schema: checkBankResponse,
  });
  return body.data;
}

export interface SignupInput {
  /** From checkPhone, its phone proved by verifyPhone; sent as the `X-Registration-Id` header. */
  registrationId: string;
  phoneNumber: string;
  Password: string;
  Confirm_Password: string;
  BankAccount: string;
  BankCode: string;
  firstName: string;
  lastName: string;
  affiliateKey: string | null;
  isBonus: boolean;
  /** `YYYY-MM-DD` (issue 12: 20 years or older). */
  dateOfBirth: string;
  /** From checkBank; sent as the `tokenBank` header. */
  bankToken: string | null;
}

/** `POST /auth-service/v1/signup` with the `X-Registration-Id` header and the `tokenBank` header from checkBank. */
export function signup({ bankToken, registrationId, ...body }: SignupInput) {
  return apiRequest('/auth-service/v1/signup', {
    method: 'POST',
    body,
    headers: { [REGISTRATION_ID_HEADER]: registrationId, ...(bankToken ? { tokenBank: bankToken } : {}) },
    schema: envelopeOnly,
  });
}

export const useCheckPhone = () => useMutation({ mutationFn: checkPhone });
export const useCheckNewPassword = () => useMutation({ mutationFn: checkNewPassword });
export const useVerifyPhone = () => useMutation({ mutationFn: verifyPhone });
export const useResendPhoneCode = () => useMutation({ mutationFn: resendPhoneCode });
export const useCheckBank = () => useMutation({ mutationFn: checkBank });
export const useSignup = () => useMutation({ mutationFn: signup });
