import type { AppConfig } from '../../config.ts';
import type { NameInquiryAdapter } from './name-inquiry-adapter.ts';
import { createSandboxNameInquiry } from './sandbox-name-inquiry.ts';

export * from './name-inquiry-adapter.ts';

/**
 * The name-inquiry provider chosen by NAME_INQUIRY_PROVIDER; null for `declared` (no provider:
 * the member types the holder's names and the account is verified later, docs/adr/0040).
 */
export function createNameInquiry(config: AppConfig): NameInquiryAdapter | null {
  switch (config.NAME_INQUIRY_PROVIDER) {
    case 'declared':
      return null;
    case 'sandbox':
      return createSandboxNameInquiry({
        baseUrl: config.SANDBOX_URL,
        apiKey: config.SANDBOX_API_KEY,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      });
  }
}
