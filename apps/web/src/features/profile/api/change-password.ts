import { SUCCESS_VALUE, changePasswordResponse } from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export interface ChangePasswordInput {
  phone_number: string;
  old_Password: string;
  Password: string;
  Confirm_Password: string;
}

/**
 * `PUT /auth-service/v1/change-password` (spec §7: success 0, docs/adr/0004). The server then
 * revokes the member's other sessions; this one stays valid.
 */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest('/auth-service/v1/change-password', { method: 'PUT', body: input, schema: changePasswordResponse, successValue: SUCCESS_VALUE.changePassword });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
