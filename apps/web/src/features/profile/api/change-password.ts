import { useMutation } from '@tanstack/react-query';
import { apiRequest, envelopeOnly } from '../../../lib/api.ts';

export interface ChangePasswordInput {
  phone_number: string;
  old_Password: string;
  Password: string;
  Confirm_Password: string;
}

/**
 * `PUT /auth-service/v1/change-password` (spec §7). The server then revokes the member's other
 * sessions; this one stays valid.
 */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest('/auth-service/v1/change-password', { method: 'PUT', body: input, schema: envelopeOnly });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
