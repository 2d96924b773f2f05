import { bonusSettingResponse, promotionsResponse } from '@sabai/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';

/** `GET /user-profile-composite/v1/info/promotion`: the promotions open now (spec §7). */
export const promotionsQuery = queryOptions({
  queryKey: ['promotions'],
  queryFn: async () => (await apiRequest('/user-profile-composite/v1/info/promotion', { schema: promotionsResponse })).data,
  staleTime: 60_000,
});

/**
 * The promotions offered to the signed-in member (the API leaves out what they can no longer get,
 * and offers none during a time-out or self-exclusion: issue 12). `enabled: false` waits (a tab not shown).
 */
export function usePromotions(options: { enabled?: boolean } = {}) {
  const { token } = useSession();
  return useQuery({ ...promotionsQuery, enabled: token !== null && (options.enabled ?? true) });
}

/** `POST /user-profile-composite/v1/users/setting` `{ isBonus }` (spec §4 promotion preference). */
export async function updateBonusSetting(isBonus: boolean): Promise<{ message: string; isBonus: boolean }> {
  const body = await apiRequest('/user-profile-composite/v1/users/setting', { method: 'POST', body: { isBonus }, schema: bonusSettingResponse });
  return { message: body.message, isBonus: body.data.isBonus };
}

/** On success the member data is reloaded (spec §4) before the caller shows the message. */
export function useUpdateBonusSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBonusSetting,
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: memberQuery.queryKey });
    },
  });
}
