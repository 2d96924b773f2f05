import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { spinResponse, wheelResponse, type WheelSpin } from './schemas.ts';

/** Spec §9: the spin request itself is sent 1 second after it is asked for. */
export const SPIN_REQUEST_DELAY_MS = 1_000;

/** `GET /prize-composite/v1/wheel`: the segments, the member's prize credit and the cost of a spin. */
export const wheelQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'wheel'],
  queryFn: async () => (await apiRequest('/prize-composite/v1/wheel', { schema: wheelResponse })).data,
  staleTime: 0,
});

export const useWheel = () => useQuery(wheelQuery);

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * `POST /prize-composite/v1/spins` (spec §7 payload `OpenBox`), one spin per call. The
 * Idempotency-Key makes a retried call return the same draw instead of spinning again.
 */
export async function spinWheel(idempotencyKey: string): Promise<WheelSpin> {
  await wait(SPIN_REQUEST_DELAY_MS);
  const body = await apiRequest('/prize-composite/v1/spins', {
    method: 'POST',
    body: { OpenBox: true },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: spinResponse,
  });
  return body.data;
}

export function useSpinWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spinWheel,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}
