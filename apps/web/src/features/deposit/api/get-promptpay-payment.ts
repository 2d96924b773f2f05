import { historyResponse } from '@sabai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import type { PromptPayDeposit, TransactionRow } from '../../../lib/wallet-types.ts';

/** Clock difference between member device and server that the match tolerates. */
const CLOCK_SLACK_MS = 2 * 60_000;

/**
 * The deposit that paid this QR, once it is credited: a DEPOSIT row of exactly amountToPay (the
 * unique satang offset identifies it) since the QR was made. Checked again whenever money events
 * refresh wallet queries, so the QR gives way to "received" without polling.
 */
export function findPromptPayPayment(rows: readonly TransactionRow[], request: Pick<PromptPayDeposit, 'amountToPay'>, createdAtMs: number): TransactionRow | null {
  return (
    rows.find(
      (row) => row.TransType === 'DEPOSIT' && row.Amount === request.amountToPay && (row.Status === 0 || row.Status === 1) && Date.parse(row.createdAt) >= createdAtMs - CLOCK_SLACK_MS,
    ) ?? null
  );
}

export function usePromptPayPayment(request: PromptPayDeposit, createdAtMs: number) {
  return useQuery({
    queryKey: [...WALLET_QUERY_ROOT, 'promptpay-payment', request.requestId],
    queryFn: async () => {
      const body = await apiRequest('/user-profile-composite/v1/history/deposit?page=1&pageSize=20&type=all', { schema: historyResponse });
      return findPromptPayPayment(body.data.Transaction, request, createdAtMs);
    },
    staleTime: 0,
  });
}
