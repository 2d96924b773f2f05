import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { gameWalletResponse, type GameWallet } from './schemas.ts';

/** `GET /game-composite/v1/wallet`: the partner's live game balance, the main wallet and turnover. */
export async function getGameWallet(): Promise<GameWallet> {
  const body = await apiRequest('/game-composite/v1/wallet', { schema: gameWalletResponse });
  return body.data;
}

// Under WALLET_QUERY_ROOT: a live balance event refetches it with the other money queries.
export const gameWalletQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'game-wallet'],
  queryFn: getGameWallet,
  staleTime: 10_000,
});

export function useGameWallet() {
  const { token } = useSession();
  return useQuery({ ...gameWalletQuery, enabled: token !== null });
}
