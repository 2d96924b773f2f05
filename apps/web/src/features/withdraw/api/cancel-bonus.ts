import { bonusCancelResponse } from '@sabai/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';

/**
 * `POST /user-profile-composite/v1/bonus/cancel` (ours, issue 26 §1): ends the active bonus,
 * forfeiting only the bonus and its winnings. `expectedForfeit` is the baht the page showed; the
 * server refuses (BONUS_FORFEIT_CHANGED) when a settlement changed it since.
 */
export async function cancelBonus(expectedForfeit: number): Promise<{ forfeited: number; balance: number }> {
  const body = await apiRequest('/user-profile-composite/v1/bonus/cancel', { method: 'POST', body: { expectedForfeit }, schema: bonusCancelResponse });
  return body.data;
}

export function useCancelBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBonus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}
