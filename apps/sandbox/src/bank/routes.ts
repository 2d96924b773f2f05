import type { FastifyInstance } from 'fastify';
import { registerBankPageRoutes } from './bank-page-routes.ts';
import { registerFaultRoutes } from './fault-routes.ts';
import { registerHouseTransferRoutes } from './house-transfer-routes.ts';
import { registerHousePhoneRoutes } from './house-phones.ts';
import { registerPayoutRoutes } from './payout-routes.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import { registerTransferRoutes } from './transfer-routes.ts';
import { registerSmsDeliveryRoutes } from './sms-delivery-routes.ts';
import { registerSlipRoutes } from './slip-routes.ts';
import { stopAllGatewayPings } from './sms-delivery.ts';

/** Largest form post read (a PromptPay payload is at most 512 characters). */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The sandbox bank: the member's banking app (page + JSON, public), the payout API, its fault
 * switch, the house phones' SMS delivery switch and the operator's own banking app paying from a
 * house account (these need `x-sandbox-key`, checked in
 * app.ts). Held payout answers and pinging phones end when the server closes.
 */
export async function registerBankRoutes(app: FastifyInstance, bank: SandboxBank): Promise<void> {
  app.addHook('preClose', async () => {
    bank.held.releaseAll();
    stopAllGatewayPings(bank);
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerBankPageRoutes(scope, bank);
    registerTransferRoutes(scope, bank);
    registerPayoutRoutes(scope, bank);
    registerFaultRoutes(scope, bank);
    registerSmsDeliveryRoutes(scope, bank);
    registerHouseTransferRoutes(scope, bank);
    registerHousePhoneRoutes(scope, bank);
    registerSlipRoutes(scope, bank);
  });
}

/** Routes that people (and the member's own banking app) call without the sandbox key. */
export function isPublicBankRoute(routeUrl: string): boolean {
  return routeUrl === '/bank' || routeUrl.startsWith('/bank/ui/') || routeUrl.startsWith('/bank/v1/transfers') || routeUrl.startsWith('/bank/v1/accounts/');
}
