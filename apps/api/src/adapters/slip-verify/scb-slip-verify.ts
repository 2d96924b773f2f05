import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ProviderUnavailableError } from '../name-inquiry/index.ts';
import { itmxSlipData, readItmxSlipData } from './itmx-slip-answer.ts';
import type { SlipVerifyAdapter, SlipVerifyResult } from './slip-verify-adapter.ts';
import { bankApiSession } from './bank-api-session.ts';

const tokenReply = z.object({ status: z.object({ code: z.number() }), data: z.object({ accessToken: z.string().min(1), expiresIn: z.number().optional() }).nullish() });
const verifyReply = z.object({ status: z.object({ code: z.number(), description: z.string().nullish() }), data: itmxSlipData.nullish() });

/** SCB's "success" status code in every Partners API answer. */
const SCB_SUCCESS = 1000;

/**
 * SCB's slip verification (SCB Developers, "Slip Verification" / QR payments:
 * `GET {base}/v1/payment/billpayment/transactions/{transRef}?sendingBank={code}` with headers
 * `authorization: Bearer <token>`, `resourceOwnerId: <API key>`, `requestUId: <uuid>`,
 * `accept-language: EN`). The token comes from `POST {base}/v1/oauth/token` with
 * `{ applicationKey, applicationSecret }` and the same two headers; it is kept until a minute before
 * it expires. Answer: `{ status: { code: 1000, description }, data: {ITMX record} }`; any other
 * status code with no data is "not found" when SCB says so in 4xx, an outage otherwise.
 *
 * Config: SLIP_SCB_API_URL (sandbox `https://api-sandbox.partners.scb/partners/sandbox`, production
 * `https://api.partners.scb/partners`), SLIP_SCB_API_KEY, SLIP_SCB_API_SECRET.
 */
export function createScbSlipVerify(options: { baseUrl: string; apiKey: string; apiSecret: string; timeoutMs: number; now?: () => number }): SlipVerifyAdapter {
  const now = options.now ?? Date.now;
  const session = bankApiSession({
    providerName: 'SCB slip verification',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    now,
    async fetchToken(call) {
      const response = await call('/v1/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', resourceOwnerId: options.apiKey, requestUId: randomUUID(), 'accept-language': 'EN' },
        body: JSON.stringify({ applicationKey: options.apiKey, applicationSecret: options.apiSecret }),
      });
      const parsed = tokenReply.safeParse(await response.json().catch(() => undefined));
      if (!response.ok || !parsed.success || parsed.data.status.code !== SCB_SUCCESS || !parsed.data.data) {
        throw new ProviderUnavailableError('SCB slip verification', `token HTTP ${response.status}`);
      }
      return { value: parsed.data.data.accessToken, expiresAtMs: now() + (parsed.data.data.expiresIn ?? 1_800) * 1_000 };
    },
  });

  return {
    name: 'scb',
    async verify(request): Promise<SlipVerifyResult> {
      const bearer = await session.accessToken();
      const path = `/v1/payment/billpayment/transactions/${encodeURIComponent(request.transRef)}?sendingBank=${encodeURIComponent(request.sendingBankCode)}`;
      const response = await session.call(path, {
        method: 'GET',
        headers: { authorization: `Bearer ${bearer}`, resourceOwnerId: options.apiKey, requestUId: randomUUID(), 'accept-language': 'EN' },
      });
      if (response.status === 401) session.forgetToken();
      const parsed = verifyReply.safeParse(await response.json().catch(() => undefined));
      if (response.status === 404 || (response.status === 400 && parsed.success && !parsed.data.data)) return { found: false };
      if (!response.ok || !parsed.success) throw new ProviderUnavailableError('SCB slip verification', `HTTP ${response.status}`);
      if (parsed.data.status.code !== SCB_SUCCESS || !parsed.data.data) return { found: false };
      const transfer = readItmxSlipData(parsed.data.data);
      if (!transfer) throw new ProviderUnavailableError('SCB slip verification', 'unreadable amount or date');
      return { found: true, transfer };
    },
  };
}
