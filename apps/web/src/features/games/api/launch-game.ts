import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { launchResponse } from './schemas.ts';

/**
 * `POST /game-composite/v1/launch { gameCode, returnUrl }`: the server moves the main wallet into
 * the game wallet, then answers with the partner's one-time launch URL.
 */
export async function launchGame(input: { gameCode: string; returnUrl: string }): Promise<string> {
  const body = await apiRequest('/game-composite/v1/launch', { method: 'POST', body: input, schema: launchResponse });
  return body.data.url;
}

export const useLaunchGame = () => useMutation({ mutationFn: launchGame });
