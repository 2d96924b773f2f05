import { bankNameInquiryReply } from '@sabai/contracts';
import {
  ProviderUnavailableError,
  type NameInquiryAdapter,
  type NameInquiryRequest,
  type NameInquiryResult,
} from './name-inquiry-adapter.ts';
import { requestJson, type JsonReply } from '../http-json.ts';

/**
 * Name inquiry against the sandbox bank (apps/sandbox, `POST /name-inquiry/v1/lookup`) over real
 * HTTP, authenticated with the sandbox API key. A real provider implements the same interface in
 * its own folder and is selected by NAME_INQUIRY_PROVIDER.
 */
export function createSandboxNameInquiry(options: { baseUrl: string; apiKey: string; timeoutMs: number }): NameInquiryAdapter {
  return {
    async lookupAccountHolder(request: NameInquiryRequest): Promise<NameInquiryResult> {
      let reply: JsonReply;
      try {
        reply = await requestJson(new URL('/name-inquiry/v1/lookup', options.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-key': options.apiKey },
          body: JSON.stringify(request),
          timeoutMs: options.timeoutMs,
        });
      } catch (error) {
        throw new ProviderUnavailableError('sandbox name inquiry', error);
      }
      if (reply.status < 200 || reply.status >= 300) throw new ProviderUnavailableError('sandbox name inquiry', `HTTP ${reply.status}`);
      const parsed = bankNameInquiryReply.safeParse(reply.json);
      if (!parsed.success) throw new ProviderUnavailableError('sandbox name inquiry', 'malformed reply');
      return parsed.data;
    },
  };
}
