import { historyResponse } from '@sabai/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import type { HistoryPage } from '../../../lib/wallet-types.ts';

/**
 * Deposit history (`type=all`: DEPOSIT, AFFILIATE and CASHBACK rows; `type=cashback`: only
 * CASHBACK) and withdraw history (WITHDRAW rows), newest first, one page at a time.
 */
export type HistoryKind = 'deposit' | 'withdraw' | 'cashback';
export const HISTORY_PAGE_SIZE = 20;

const pathOf = (kind: HistoryKind, page: number) => {
  const paging = `page=${page}&pageSize=${HISTORY_PAGE_SIZE}`;
  if (kind === 'withdraw') return `/user-profile-composite/v1/history/withdraw?${paging}`;
  return `/user-profile-composite/v1/history/deposit?${paging}&type=${kind === 'cashback' ? 'cashback' : 'all'}`;
};

export async function getHistory(kind: HistoryKind, page: number): Promise<HistoryPage> {
  const body = await apiRequest(pathOf(kind, page), { schema: historyResponse });
  return body.data;
}

export const historyQuery = (kind: HistoryKind, page: number) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'history', kind, page],
    queryFn: () => getHistory(kind, page),
    staleTime: 0,
  });

export const useHistory = (kind: HistoryKind, page: number) => useQuery({ ...historyQuery(kind, page), placeholderData: keepPreviousData });

/** Pages needed for `total` rows; at least 1 so an empty history still has page 1 of 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
