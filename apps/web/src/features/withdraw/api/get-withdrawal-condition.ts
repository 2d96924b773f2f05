import { balanceResponse, withdrawalConditionResponse } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import type { WalletBalance, WithdrawalCondition } from '../../../lib/wallet-types.ts';

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

/** `GET /user-profile-composite/v1/profile/balance`: every wallet of the member, and what pending withdrawals hold. */
export async function getBalance(): Promise<WalletBalance> {
  const body = await apiRequest('/user-profile-composite/v1/profile/balance', { schema: balanceResponse });
  return body.data;
}

export const balanceQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'balance'],
  queryFn: getBalance,
  staleTime: 0,
});

export const useBalance = () => useQuery(balanceQuery);
