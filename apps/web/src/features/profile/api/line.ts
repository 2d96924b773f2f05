import { lineLinkResponse, lineStatusResponse, type LineNotificationKind } from '@sabai/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** `GET /user-profile-composite/v1/line`: linked or not, since when, which kinds are on (issue 12). */
export const lineStatusQuery = queryOptions({
  queryKey: ['line-status'],
  queryFn: async () => (await apiRequest('/user-profile-composite/v1/line', { schema: lineStatusResponse })).data,
});
export const useLineStatus = () => useQuery(lineStatusQuery);

/**
 * `POST /user-profile-composite/v1/line/link` with the link token LINE put in the link it sent the
 * member; answers LINE's account-link dialog URL (with our nonce), where the browser goes next.
 */
export const useStartLineLink = () =>
  useMutation({ mutationFn: async (linkToken: string) => (await apiRequest('/user-profile-composite/v1/line/link', { method: 'POST', body: { linkToken }, schema: lineLinkResponse })).data.redirectUrl });

/** `POST …/line/unlink`. */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('/user-profile-composite/v1/line/unlink', { method: 'POST', schema: lineStatusResponse })).data,
    onSuccess: (data) => queryClient.setQueryData(lineStatusQuery.queryKey, data),
  });
}

/** `PUT …/line/preferences`: one kind on or off. */
export function useSetLinePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: LineNotificationKind; enabled: boolean }) =>
      (await apiRequest('/user-profile-composite/v1/line/preferences', { method: 'PUT', body: { [change.kind]: change.enabled }, schema: lineStatusResponse })).data,
    onSuccess: (data) => queryClient.setQueryData(lineStatusQuery.queryKey, data),
  });
}
