import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ProviderUnavailableError } from '../name-inquiry/index.ts';
import { itmxSlipData, readItmxSlipData } from './itmx-slip-answer.ts';
import type { SlipVerifyAdapter, SlipVerifyResult } from './slip-verify-adapter.ts';
import { bankApiSession } from './bank-api-session.ts';

const tokenReply = z.object({ access_token: z.string().min(1), expires_in: z.union([z.number(), z.string()]).optional() });
const verifyReply = z.object({ statusCode: z.string(), statusMessage: z.string().nullish(), data: itmxSlipData.nullish() });

/** KBank's "success" status code. */
const KBANK_SUCCESS = '0000';

/**
 * KBank's Slip Verification API (KBank API developer portal, "Slip Verification"):
 * `POST {base}/v1/verslip/kbank/verify` with `authorization: Bearer <token>` and
 * `{ rqUID, rqDt, data: { sendingBank, transRef } }`. The token is OAuth 2.0 client credentials:
 * `POST {base}/v2/oauth/token` (`grant_type=client_credentials`, HTTP Basic consumer id:secret), kept
 * until a minute before `expires_in`. Answer: `{ rsUID, rsDt, statusCode: '0000', statusMessage, data:
 * {ITMX record} }`; another status code without data means the bank has no such transfer.
 *
 * Config: SLIP_KBANK_API_URL (sandbox `https://openapi-sandbox.kasikornbank.com`, production
 * `https://openapi.kasikornbank.com`), SLIP_KBANK_CONSUMER_ID, SLIP_KBANK_CONSUMER_SECRET.
 */
export function createKbankSlipVerify(options: { baseUrl: string; consumerId: string; consumerSecret: string; timeoutMs: number; now?: () => number }): SlipVerifyAdapter {
  const now = options.now ?? Date.now;
  const session = bankApiSession({
    providerName: 'KBank slip verification',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    now,
    async fetchToken(call) {
      const basic = Buffer.from(`${options.consumerId}:${options.consumerSecret}`, 'utf8').toString('base64');
      const response = await call('/v2/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
        body: 'grant_type=client_credentials',
      });
      const parsed = tokenReply.safeParse(await response.json().catch(() => undefined));
      if (!response.ok || !parsed.success) throw new ProviderUnavailableError('KBank slip verification', `token HTTP ${response.status}`);
      return { value: parsed.data.access_token, expiresAtMs: now() + Number(parsed.data.expires_in ?? 1_799) * 1_000 };
    },
  });

  return {
    name: 'kbank',
    async verify(request): Promise<SlipVerifyResult> {
      const bearer = await session.accessToken();
      const response = await session.call('/v1/verslip/kbank/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ rqUID: randomUUID(), rqDt: new Date(now()).toISOString(), data: { sendingBank: request.sendingBankCode, transRef: request.transRef } }),
      });
      if (response.status === 401) session.forgetToken();
      const parsed = verifyReply.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success || response.status >= 500 || response.status === 401 || response.status === 403) {
        throw new ProviderUnavailableError('KBank slip verification', `HTTP ${response.status}`);
      }
      if (parsed.data.statusCode !== KBANK_SUCCESS || !parsed.data.data) return { found: false };
      const transfer = readItmxSlipData(parsed.data.data);
      if (!transfer) throw new ProviderUnavailableError('KBank slip verification', 'unreadable amount or date');
      return { found: true, transfer };
    },
  };
}
