import {
  rgActivityResponse,
  rgExclusionResponse,
  rgPlaySessionResponse,
  rgSettingsResponse,
  type RgActivity,
  type RgLimitsRequest,
  type RgPlaySession,
  type RgSettings,
} from '@sabai/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, envelopeOnly } from '../../../lib/api.ts';

/**
 * Player protection calls (issue 12) under `/user-profile-composite/v1/responsible-gaming/…`,
 * each answer parsed with its contract schema (packages/contracts/src/responsible-gaming.ts).
 */
const BASE = '/user-profile-composite/v1/responsible-gaming';
export const RG_QUERY_KEY = ['responsible-gaming'] as const;

export async function getRgSettings(): Promise<RgSettings> {
  return (await apiRequest(`${BASE}/limits`, { schema: rgSettingsResponse })).data;
}
export async function getRgActivity(): Promise<RgActivity> {
  return (await apiRequest(`${BASE}/activity`, { schema: rgActivityResponse })).data;
}
/** Opens or continues the play session (the game page) and returns it with its net result. */
export async function touchPlaySession(): Promise<RgPlaySession> {
  return (await apiRequest(`${BASE}/session`, { method: 'POST', schema: rgPlaySessionResponse })).data;
}

export const useRgSettings = () => useQuery({ queryKey: [...RG_QUERY_KEY, 'settings'], queryFn: getRgSettings, staleTime: 0 });
export const useRgActivity = () => useQuery({ queryKey: [...RG_QUERY_KEY, 'activity'], queryFn: getRgActivity, staleTime: 0 });

/** Mutations answer with the member's settings (or a Thai message); the page refreshes after each. */
export function useRgMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: RG_QUERY_KEY });
  return {
    setLimits: useMutation({
      mutationFn: async (body: RgLimitsRequest) => apiRequest(`${BASE}/limits`, { method: 'PUT', body, schema: rgSettingsResponse }),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: async () => apiRequest(`${BASE}/limits/confirm`, { method: 'POST', schema: rgSettingsResponse }),
      onSuccess: refresh,
    }),
    exclude: useMutation({
      mutationFn: async (body: { kind: 'timeout' | 'self_exclusion'; period: string }) => apiRequest(`${BASE}/exclusion`, { method: 'POST', body, schema: rgExclusionResponse }),
      onSuccess: refresh,
    }),
    setRealityCheck: useMutation({
      mutationFn: async (minutes: number) => apiRequest(`${BASE}/reality-check`, { method: 'PUT', body: { minutes }, schema: envelopeOnly }),
      onSuccess: refresh,
    }),
  };
}
