import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Refusals (4xx) are answers, not glitches: retry only when the server was not reached or failed. */
const MAX_QUERY_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < MAX_QUERY_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
