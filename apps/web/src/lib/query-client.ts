import { QueryClient } from '@tanstack/react-query';
import { ApiError, SITE_NOT_SET_UP_CODE } from './api.ts';

/**
 * Refusals (4xx) are answers, not glitches: retry only when the server was not reached or failed.
 * SITE_NOT_SET_UP (503, issue 24 §1) is an answer too: the app shows its opening-soon page at once.
 */
const MAX_QUERY_RETRIES = 2;

/**
 * Money actions (withdraw, deposit requests, claims, spins, redeems) are mutations: never retried
 * by the client, and never paused while offline to go out later on their own (TanStack Query's
 * default `networkMode: 'online'` holds a mutation until the browser is back online and then
 * sends it). With 'always' the call runs at once and fails with the Thai "no connection" message
 * (lib/api.ts); it is sent again only when the member taps again (issue 26 §2). Reads keep the
 * default: a query waits for the connection.
 */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < MAX_QUERY_RETRIES &&
        !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === SITE_NOT_SET_UP_CODE)),
    },
    mutations: MUTATION_DEFAULTS,
  },
});
