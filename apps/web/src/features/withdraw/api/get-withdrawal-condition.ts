import { withdrawalConditionResponse } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import type { WithdrawalCondition } from '../../../lib/wallet-types.ts';

/** `GET /fund-composite/v1/withdrawal/condition`: whether the member may withdraw now, how much, and why not. */
export async function getWithdrawalCondition(): Promise<WithdrawalCondition> {
  const body = await apiRequest('/fund-composite/v1/withdrawal/condition', { schema: withdrawalConditionResponse });
  return body.data;
}

export const withdrawalConditionQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'withdrawal-condition'],
  queryFn: getWithdrawalCondition,
  staleTime: 0,
});

export const useWithdrawalCondition = () => useQuery(withdrawalConditionQuery);
