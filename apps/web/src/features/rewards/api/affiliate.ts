import { SUCCESS_VALUE } from '@sabai/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { affiliateIncomeWithdrawalResponse, affiliateSummaryResponse } from './schemas.ts';

/** Under the wallet root so a live balance event refreshes the income too. */
export const affiliateQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'affiliate'],
  queryFn: async () => (await apiRequest('/user-profile-composite/v1/users/affiliate', { schema: affiliateSummaryResponse })).data,
  staleTime: 0,
});

export const useAffiliate = () => useQuery(affiliateQuery);

/**
 * `GET /user-profile-composite/v1/users/affiliate/vertify`: moves all affiliate income into play
 * money, or, above the site's auto-withdraw maximum, asks staff (`isWaiting`, Status 2; ADR 0011).
 * Spec §7: its success value is 1 (docs/adr/0004).
 */
export async function withdrawAffiliateIncome(): Promise<{ message: string; amount: number; isWaiting: boolean }> {
  const body = await apiRequest('/user-profile-composite/v1/users/affiliate/vertify', {
    schema: affiliateIncomeWithdrawalResponse,
    successValue: SUCCESS_VALUE.affiliateIncomeWithdrawal,
  });
  return { message: body.message, amount: body.data.Amount, isWaiting: body.data.Status === 2 };
}

export function useWithdrawAffiliateIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAffiliateIncome,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}
