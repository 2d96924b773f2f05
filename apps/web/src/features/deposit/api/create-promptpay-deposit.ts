import { promptPayDepositResponse } from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { PromptPayDeposit } from '../../../lib/wallet-types.ts';

/**
 * `POST /user-profile-composite/v1/deposit/promptpay`: a one-off PromptPay QR for about this
 * amount. The server adds a unique satang offset (amountToPay) so the incoming transfer matches
 * this member; the QR is valid until expiresAt.
 */
export async function createPromptPayDeposit(amount: number): Promise<PromptPayDeposit> {
  const body = await apiRequest('/user-profile-composite/v1/deposit/promptpay', {
    method: 'POST',
    body: { Amount: amount },
    schema: promptPayDepositResponse,
  });
  return body.data;
}

export const useCreatePromptPayDeposit = () => useMutation({ mutationFn: createPromptPayDeposit });
