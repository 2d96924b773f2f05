import { historyResponse } from '@sabai/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { cashbackClaimResponse } from './schemas.ts';

/** `GET /user-profile-composite/v1/users/cashback/vertify`: moves the whole cashback wallet into play money. */
export async function claimCashback(): Promise<{ message: string; amount: number }> {
  const body = await apiRequest('/user-profile-composite/v1/users/cashback/vertify', { schema: cashbackClaimResponse });
  return { message: body.message, amount: body.data.Amount };
}

/** After any claim, refused or not, balances may have moved: refresh the member and every wallet query. */
export function useClaimCashback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimCashback,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}

const CASHBACK_HISTORY_SIZE = 20;

/** The latest cashback credits (`history/deposit?type=cashback`, spec §7: only CASHBACK rows). */
export const cashbackHistoryQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'history', 'cashback-latest'],
  queryFn: async () =>
    (
      await apiRequest(`/user-profile-composite/v1/history/deposit?page=1&pageSize=${CASHBACK_HISTORY_SIZE}&type=cashback`, {
        schema: historyResponse,
      })
    ).data.Transaction,
  staleTime: 0,
});

export const useCashbackHistory = () => useQuery(cashbackHistoryQuery);
