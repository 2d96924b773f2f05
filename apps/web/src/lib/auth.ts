import { SUCCESS_VALUE, refreshResponse, type UserInfo } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelopeOnly } from './api.ts';
import { sessionStore, useSession } from './session.ts';

/**
 * The signed-in member's data. `GET /auth-service/v1/refresh` both checks the session (spec §4)
 * and returns the latest user info (balances, turnover), so the member card and profile read it
 * through this one query.
 */
export async function refreshMember(): Promise<UserInfo> {
  // Spec §7: refresh answers success 0 (docs/adr/0004).
  const body = await apiRequest('/auth-service/v1/refresh', { schema: refreshResponse, successValue: SUCCESS_VALUE.refresh });
  sessionStore.updateUser(body.data);
  return body.data;
}

export const memberQuery = queryOptions({
  queryKey: ['member'],
  queryFn: refreshMember,
  staleTime: 10_000,
});

/** The member's data: the stored copy at once, then the refreshed one. */
export function useMember() {
  const { token, user } = useSession();
  return useQuery({ ...memberQuery, enabled: token !== null, placeholderData: user ?? undefined });
}

/** `POST /auth-service/v1/logout` revokes the session server-side; the client forgets it either way. */
export async function signOut(): Promise<void> {
  try {
    if (sessionStore.get().token) await apiRequest('/auth-service/v1/logout', { method: 'POST', body: {}, schema: envelopeOnly });
  } catch {
    // Already revoked or unreachable: signing out locally is what the member asked for.
  } finally {
    sessionStore.clear();
  }
}
