import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
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
