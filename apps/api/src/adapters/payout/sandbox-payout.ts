import { bankPayoutSendReply, bankPayoutStatusReply } from '@sabai/contracts';
import { satangToDecimalString } from '@sabai/money';
import type { PayoutAdapter, PayoutRequest, PayoutResult, PayoutStatus } from './payout-adapter.ts';

/**
 * Payouts through the sandbox bank (apps/sandbox `POST /bank/v1/payouts`, `GET /bank/v1/payouts/:reference`)
 * over real HTTP, with the sandbox key. Timeouts and 5xx are `unknown`.
 */
export function createSandboxPayout(options: { baseUrl: string; apiKey: string; timeoutMs: number }): PayoutAdapter {
  const headers = { 'content-type': 'application/json', 'x-sandbox-key': options.apiKey };
  return {
    async sendPayout(request: PayoutRequest): Promise<PayoutResult> {
      let response: Response;
      try {
        response = await fetch(new URL('/bank/v1/payouts', options.baseUrl), {
          method: 'POST',
          headers,
          body: JSON.stringify({
            reference: request.reference,
            bankCode: request.bankCode,
            accountNumber: request.accountNumber,
            accountName: request.accountName,
            amount: satangToDecimalString(request.amountSatang),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        return { outcome: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      if (!response.ok) return { outcome: 'unknown', detail: `HTTP ${response.status}` };
      const parsed = bankPayoutSendReply.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) return { outcome: 'unknown', detail: 'malformed reply' };
      return parsed.data.status === 'succeeded'
        ? { outcome: 'succeeded', receipt: { providerRef: parsed.data.providerRef } }
        : { outcome: 'failed', reason: parsed.data.failureReason };
    },

    async getPayoutStatus(reference: string): Promise<PayoutStatus> {
      let response: Response;
      try {
        response = await fetch(new URL(`/bank/v1/payouts/${encodeURIComponent(reference)}`, options.baseUrl), {
          headers,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        return { status: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      if (response.status === 404) return { status: 'not_found' };
      if (!response.ok) return { status: 'unknown', detail: `HTTP ${response.status}` };
      const parsed = bankPayoutStatusReply.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) return { status: 'unknown', detail: 'malformed reply' };
      const reply = parsed.data;
      if (reply.status === 'succeeded') return { status: 'succeeded', receipt: { providerRef: reply.providerRef } };
      if (reply.status === 'failed') return { status: 'failed', reason: reply.failureReason };
      return { status: 'not_found' };
    },
  };
}
