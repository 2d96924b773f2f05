import { checkBankResponse } from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, envelopeOnly } from '../../../lib/api.ts';

/** The three calls of registration (spec §7); each refusal carries the server's Thai message. */

/** `POST /auth-service/v1/checkPhone`: succeeds when the number may register. */
export const checkPhone = (phoneNumber: string) =>
  apiRequest('/auth-service/v1/checkPhone', { method: 'POST', body: { phoneNumber }, schema: envelopeOnly });

/**
 * `POST /auth-service/v1/checkBank`: a token for signup and, when a name-inquiry provider named
 * the holder, their names (absent with NAME_INQUIRY_PROVIDER=declared: the member types them).
 */
export async function checkBank(input: { BankAccount: string; BankCode: string }) {
  const body = await apiRequest('/auth-service/v1/checkBank', { method: 'POST', body: input, schema: checkBankResponse });
  return body.data;
}

export interface SignupInput {
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

/** `POST /auth-service/v1/signup` with the `tokenBank` header from checkBank. */
export function signup({ bankToken, ...body }: SignupInput) {
  return apiRequest('/auth-service/v1/signup', {
    method: 'POST',
    body,
    headers: bankToken ? { tokenBank: bankToken } : {},
    schema: envelopeOnly,
  });
}

export const useCheckPhone = () => useMutation({ mutationFn: checkPhone });
export const useCheckBank = () => useMutation({ mutationFn: checkBank });
export const useSignup = () => useMutation({ mutationFn: signup });
