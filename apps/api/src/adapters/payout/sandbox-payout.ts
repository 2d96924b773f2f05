import { bankPayoutSendReply, bankPayoutStatusReply } from '@sabai/contracts';
import { satangToDecimalString } from '@sabai/money';
import { requestJson, type JsonReply } from '../http-json.ts';
import type { PayoutAdapter, PayoutRequest, PayoutResult, PayoutStatus } from './payout-adapter.ts';

/**
 * Payouts through the sandbox bank (apps/sandbox `POST /bank/v1/payouts`, `GET /bank/v1/payouts/:reference`)
 * over real HTTP (kept-alive connections, ../http-json.ts), with the sandbox key. Timeouts and 5xx are `unknown`.
 */
export function createSandboxPayout(options: { baseUrl: string; apiKey: string; timeoutMs: number }): PayoutAdapter {
  const headers = { 'content-type': 'application/json', 'x-sandbox-key': options.apiKey };
  return {
    async sendPayout(request: PayoutRequest): Promise<PayoutResult> {
      let reply: JsonReply;
      try {
        reply = await requestJson(new URL('/bank/v1/payouts', options.baseUrl), {
          method: 'POST',
          headers,
          body: JSON.stringify({
            reference: request.reference,
            bankCode: request.bankCode,
            accountNumber: request.accountNumber,
            accountName: request.accountName,
            amount: satangToDecimalString(request.amountSatang),
          }),
          timeoutMs: options.timeoutMs,
        });
      } catch (error) {
        return { outcome: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      if (!isOk(reply)) return { outcome: 'unknown', detail: `HTTP ${reply.status}` };
      const parsed = bankPayoutSendReply.safeParse(reply.json);
      if (!parsed.success) return { outcome: 'unknown', detail: 'malformed reply' };
      return parsed.data.status === 'succeeded'
        ? { outcome: 'succeeded', receipt: { providerRef: parsed.data.providerRef } }
        : { outcome: 'failed', reason: parsed.data.failureReason };
    },

    async getPayoutStatus(reference: string): Promise<PayoutStatus> {
      let reply: JsonReply;
      try {
        reply = await requestJson(new URL(`/bank/v1/payouts/${encodeURIComponent(reference)}`, options.baseUrl), {
          method: 'GET',
          headers,
          timeoutMs: options.timeoutMs,
        });
      } catch (error) {
        return { status: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      if (reply.status === 404) return { status: 'not_found' };
      if (!isOk(reply)) return { status: 'unknown', detail: `HTTP ${reply.status}` };
      const parsed = bankPayoutStatusReply.safeParse(reply.json);
      if (!parsed.success) return { status: 'unknown', detail: 'malformed reply' };
      const status = parsed.data;
      if (status.status === 'succeeded') return { status: 'succeeded', receipt: { providerRef: status.providerRef } };
      if (status.status === 'failed') return { status: 'failed', reason: status.failureReason };
      return { status: 'not_found' };
    },
  };
}

/** 2xx, as fetch's `response.ok`. */
const isOk = (reply: JsonReply) => reply.status >= 200 && reply.status < 300;
