import { withdrawalResponse } from '@sabai/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import type { WithdrawalResult } from '../../../lib/wallet-types.ts';

export interface WithdrawalInput {
  amount: number;
  /** Settings Withdraw.minWithdraw, sent along as the spec client does (§5); the server uses its own. */
  minWithdraw: number;
  /** One per submit attempt; a retry of the same attempt reuses it so it cannot pay twice. */
  idempotencyKey: string;
}

/** `POST /fund-composite/v1/withdrawal` to the member's bound bank account (Channel BANK, spec §9). */
export async function requestWithdrawal(input: WithdrawalInput): Promise<{ message: string; data: WithdrawalResult }> {
  const body = await apiRequest('/fund-composite/v1/withdrawal', {
    method: 'POST',
    body: { Amount: input.amount, Channel: 'BANK', minWithdraw: input.minWithdraw },
    headers: { 'Idempotency-Key': input.idempotencyKey },
    schema: withdrawalResponse,
  });
  return { message: body.message, data: body.data };
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    // Whatever the outcome, balances and history may have moved.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}
