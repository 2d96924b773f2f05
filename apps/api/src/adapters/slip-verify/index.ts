import type { AppConfig } from '../../config.ts';
import { createKbankSlipVerify } from './kbank-slip-verify.ts';
import { createSandboxSlipVerify } from './sandbox-slip-verify.ts';
import { createScbSlipVerify } from './scb-slip-verify.ts';
import type { SlipVerifyAdapter } from './slip-verify-adapter.ts';

export * from './slip-verify-adapter.ts';

/**
 * The slip-verification provider chosen by SLIP_VERIFY_PROVIDER (issue 28 §2, docs/adr/0055):
 * `sandbox` (apps/sandbox's bank; production refuses it), `scb` or `kbank` (their published APIs,
 * credentials from the environment; config requires them when chosen).
 */
export function createSlipVerify(config: AppConfig): SlipVerifyAdapter {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  switch (config.SLIP_VERIFY_PROVIDER) {
    case 'sandbox':
      return createSandboxSlipVerify({ baseUrl: config.SANDBOX_URL, apiKey: config.SANDBOX_API_KEY, timeoutMs });
    case 'scb':
      return createScbSlipVerify({ baseUrl: config.SLIP_SCB_API_URL, apiKey: config.SLIP_SCB_API_KEY ?? '', apiSecret: config.SLIP_SCB_API_SECRET ?? '', timeoutMs });
    case 'kbank':
      return createKbankSlipVerify({
        baseUrl: config.SLIP_KBANK_API_URL,
        consumerId: config.SLIP_KBANK_CONSUMER_ID ?? '',
        consumerSecret: config.SLIP_KBANK_CONSUMER_SECRET ?? '',
        timeoutMs,
      });
  }
}
