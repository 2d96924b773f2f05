import { QueryClient } from '@tanstack/react-query';
import { ApiError, SITE_NOT_SET_UP_CODE } from './api.ts';

/**
 * Refusals (4xx) are answers, not glitches: retry only when the server was not reached or failed.
 * SITE_NOT_SET_UP (503, issue 24 §1) is an answer too: the app shows its opening-soon page at once.
 */
const MAX_QUERY_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < MAX_QUERY_RETRIES &&
        !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === SITE_NOT_SET_UP_CODE)),
    },
    mutations: { retry: false },
  },
});
