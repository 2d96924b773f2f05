import { balanceResponse } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { WALLET_QUERY_ROOT } from './query-keys.ts';
import { useSession } from './session.ts';
import type { WalletBalance } from './wallet-types.ts';

/**
 * `GET /user-profile-composite/v1/profile/balance`: every wallet of the member, what pending
 * withdrawals hold, and the game wallet as the partner's live balance with the time it was read
 * (`gameWalletSource`, `gameWalletReadAt`; the ledger's figure when the partner could not be read).
 * Shared by the withdraw form and the account page.
 */
export async function getBalance(): Promise<WalletBalance> {
  const body = await apiRequest('/user-profile-composite/v1/profile/balance', { schema: balanceResponse });
  return body.data;
}

// Under WALLET_QUERY_ROOT: a live balance event refetches it with the other money queries.
export const balanceQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'balance'],
  queryFn: getBalance,
  staleTime: 0,
});

export function useBalance() {
  const { token } = useSession();
  return useQuery({ ...balanceQuery, enabled: token !== null });
}
