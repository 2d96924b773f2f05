import type { AppConfig } from '../../config.ts';
import type { PartnerAdapter } from './partner-adapter.ts';
import { createSandboxPartner } from './sandbox-partner.ts';
import { createHub88Partner, hub88ClientFor } from './hub88-partner.ts';

export * from './partner-adapter.ts';
export * from './hub88-signature.ts';
export { createHub88Client, createHub88Partner, hub88ClientFor, type Hub88Client, type Hub88Game, type Hub88TransactionItem } from './hub88-partner.ts';

/** The game partner chosen by GAME_PARTNER_PROVIDER. */
export function createPartner(config: AppConfig): PartnerAdapter {
  switch (config.GAME_PARTNER_PROVIDER) {
    case 'sandbox':
      return createSandboxPartner({
        baseUrl: config.SANDBOX_URL,
        agentId: config.GAME_PARTNER_AGENT_ID,
        agentSecret: config.GAME_PARTNER_AGENT_SECRET,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      });
    case 'hub88':
      return createHub88Partner(hub88ClientFor(config));
  }
}
