/**
 * Roots of query keys that more than one part of the app refreshes. Every money query (balance,
 * withdrawal condition, deposit and withdraw history) starts with WALLET_QUERY_ROOT, so a live
 * balance event refetches them all with one invalidation.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
