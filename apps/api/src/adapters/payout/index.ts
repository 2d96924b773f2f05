import type { AppConfig } from '../../config.ts';
import type { PayoutAdapter } from './payout-adapter.ts';
import { createManualPayout } from './manual-payout.ts';
import { createSandboxPayout } from './sandbox-payout.ts';

export * from './payout-adapter.ts';

/** The payout provider chosen by PAYOUT_PROVIDER. */
export function createPayout(config: AppConfig): PayoutAdapter {
  switch (config.PAYOUT_PROVIDER) {
    case 'sandbox':
      return createSandboxPayout({ baseUrl: config.SANDBOX_URL, apiKey: config.SANDBOX_API_KEY, timeoutMs: config.PROVIDER_TIMEOUT_MS });
    case 'manual':
      return createManualPayout();
  }
}
