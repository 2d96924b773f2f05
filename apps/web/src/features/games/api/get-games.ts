import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import type { GameCategory } from '../catalogues/types.ts';
import { gamesResponse, type PartnerGame } from './schemas.ts';

/** `GET /game-composite/v1/games?category=&provider=`: the games the partner offers for one provider of a category. */
export async function getGames(category: GameCategory, provider: string): Promise<PartnerGame[]> {
  const query = new URLSearchParams({ category, provider });
  const body = await apiRequest(`/game-composite/v1/games?${query.toString()}`, { schema: gamesResponse });
  return body.data;
}

export const gamesQuery = (category: GameCategory, provider: string) =>
  queryOptions({
    queryKey: ['games', category, provider],
    queryFn: () => getGames(category, provider),
    staleTime: 5 * 60_000,
  });

export const useGames = (category: GameCategory, provider: string | null) =>
  useQuery({ ...gamesQuery(category, provider ?? ''), enabled: provider !== null });

/** Every game the partner lists, all categories: what the lobby may show (launchableCatalogue). */
export async function getPartnerGames(): Promise<PartnerGame[]> {
  const body = await apiRequest('/game-composite/v1/games', { schema: gamesResponse });
  return body.data;
}

export const partnerGamesQuery = queryOptions({
  queryKey: ['games', 'all'],
  queryFn: getPartnerGames,
  staleTime: 5 * 60_000,
});

export function usePartnerGames() {
  const { token } = useSession();
  return useQuery({ ...partnerGamesQuery, enabled: token !== null });
}
