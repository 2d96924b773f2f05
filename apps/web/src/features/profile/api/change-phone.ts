import { phoneChangeFinishResponse, phoneCodeSentResponse } from '@sabai/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';

/**
 * The member changes their own phone number (issue 27 §3), with the session bearer. The server
 * sends one code to the old number and one to the new; both codes make the new number the
 * member's phone and login. The sessions stay (apps/api finish-phone-change.ts: the member proved
 * both numbers), so the page stays signed in. A member who lost the old number asks staff, who
 * change it with a second approver.
 */

/**
 * `POST /user-profile-composite/v1/phone/change/start {newPhoneNumber}`: answers the resend and
 * expiry times (seconds). Refused with INVALID_PHONE, PHONE_TAKEN (also the member's own number),
 * CODE_RESEND_TOO_SOON, RATE_LIMITED (3 starts per member an hour).
 */
export async function startPhoneChange(newPhoneNumber: string) {
  const body = await apiRequest('/user-profile-composite/v1/phone/change/start', { method: 'POST', body: { newPhoneNumber }, schema: phoneCodeSentResponse });
  return body.data;
}

/**
 * `POST /user-profile-composite/v1/phone/change/finish {oldCode, newCode}`: answers the new number
 * and the Thai success message. Refused with CODE_INVALID / CODE_EXPIRED (either code; the answer
 * does not say which), RATE_LIMITED, PHONE_TAKEN (taken meanwhile).
 */
export async function finishPhoneChange(input: { oldCode: string; newCode: string }) {
  const body = await apiRequest('/user-profile-composite/v1/phone/change/finish', { method: 'POST', body: input, schema: phoneChangeFinishResponse });
  return { phoneNumber: body.data.phoneNumber, message: body.message };
}

export const useStartPhoneChange = () => useMutation({ mutationFn: startPhoneChange });

/** Finishing refreshes the member (card, profile and the stored session user show the new number). */
export function useFinishPhoneChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishPhoneChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQuery.queryKey }),
  });
}
