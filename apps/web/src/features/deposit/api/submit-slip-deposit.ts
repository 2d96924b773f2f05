import { slipDepositResponse } from '@sabai/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

export type SlipDeposit = z.infer<typeof slipDepositResponse>['data'];

/**
 * `POST /fund-composite/v1/deposit/slip` (issue 28 §2): the slip's mini-QR text, read in the browser
 * or pasted. The server asks the sending bank for the transfer and credits it once, or holds it for
 * staff (`status: 'held'`, `reason`); refusals (used slip, another member's, not our account…) come
 * back as API errors with their Thai message.
 */
export async function submitSlipDeposit(qrPayload: string): Promise<SlipDeposit> {
  const body = await apiRequest('/fund-composite/v1/deposit/slip', { method: 'POST', body: { qrPayload }, schema: slipDepositResponse });
  return body.data;
}

export const useSubmitSlipDeposit = () => useMutation({ mutationFn: submitSlipDeposit });
