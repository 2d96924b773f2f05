import { z } from 'zod';
import { ProviderUnavailableError } from '../name-inquiry/index.ts';
import { itmxSlipData, readItmxSlipData } from './itmx-slip-answer.ts';
import type { SlipVerifyAdapter, SlipVerifyResult } from './slip-verify-adapter.ts';

const reply = z.object({ found: z.boolean(), data: itmxSlipData.nullish() });

/**
 * Slip verification against the sandbox bank (apps/sandbox, `POST /bank/v1/slips/verify` with
 * `{ sendingBank, transRef }`, authenticated with the sandbox API key): it issues slips for the
 * transfers made on it and answers with the ITMX `data` record SCB and KBank answer with, so the same
 * mapping (itmx-slip-answer.ts) is exercised. Production refuses it (production-safety.ts).
 */
export function createSandboxSlipVerify(options: { baseUrl: string; apiKey: string; timeoutMs: number }): SlipVerifyAdapter {
  return {
    name: 'sandbox',
    async verify(request): Promise<SlipVerifyResult> {
      let response: Response;
      try {
        response = await fetch(new URL('/bank/v1/slips/verify', options.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-key': options.apiKey },
          body: JSON.stringify({ sendingBank: request.sendingBankCode, transRef: request.transRef }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new ProviderUnavailableError('sandbox slip verification', error);
      }
      if (response.status === 404) return { found: false };
      if (!response.ok) throw new ProviderUnavailableError('sandbox slip verification', `HTTP ${response.status}`);
      const parsed = reply.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new ProviderUnavailableError('sandbox slip verification', 'malformed reply');
      if (!parsed.data.found || !parsed.data.data) return { found: false };
      const transfer = readItmxSlipData(parsed.data.data);
      if (!transfer) throw new ProviderUnavailableError('sandbox slip verification', 'unreadable amount or date');
      return { found: true, transfer };
    },
  };
}
