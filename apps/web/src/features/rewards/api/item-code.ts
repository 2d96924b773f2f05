import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { itemCodeRedeemResponse, type ItemCodeRedemption } from './schemas.ts';

/**
 * `POST /user-profile-composite/v1/topup/itemcode/redeem` (spec §7 payload `redeem_code`). The
 * server trims and upper-cases the code; refusals (not found, expired, used up, already redeemed)
 * arrive as ApiErrors with their Thai message.
 */
export async function redeemItemCode(code: string): Promise<{ message: string; data: ItemCodeRedemption }> {
  const body = await apiRequest('/user-profile-composite/v1/topup/itemcode/redeem', {
    method: 'POST',
    body: { redeem_code: code },
    schema: itemCodeRedeemResponse,
  });
  return { message: body.message, data: body.data };
}

export function useRedeemItemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemItemCode,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
    },
  });
}
