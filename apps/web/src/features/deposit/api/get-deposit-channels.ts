import { depositChannelsResponse } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import type { DepositChannel } from '../../../lib/wallet-types.ts';

/** `GET /user-profile-composite/v1/info/deposit` (spec §7): the house accounts to transfer to. */
export async function getDepositChannels(): Promise<DepositChannel[]> {
  const body = await apiRequest('/user-profile-composite/v1/info/deposit', { schema: depositChannelsResponse });
  return body.data;
}

export const depositChannelsQuery = queryOptions({
  queryKey: ['deposit-channels'],
  queryFn: getDepositChannels,
  staleTime: 5 * 60_000,
});

/** A member call: not asked while signed out (the page is leaving for `/` then). */
export function useDepositChannels() {
  const { token } = useSession();
  return useQuery({ ...depositChannelsQuery, enabled: token !== null });
}
