import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendPartnerError } from './agent-routes.ts';
import { betRecordToWire } from './bet-feed.ts';
import { cancelRound } from './cancel-round.ts';
import { registerLateTransferRoutes } from './late-transfer-routes.ts';
import type { PartnerContext } from './partner-context.ts';
import { registerSlotOutcomeRoutes } from './slot-outcome-routes.ts';
import { TRANSFER_FAULTS } from './transfer-faults.ts';

const faultBody = z.object({ transfer: z.enum(TRANSFER_FAULTS) });

/**
 * Test tools on the agent API (same signature auth): the transfer fault mode, voiding a
 * settled round (`cancel` or `refund`), which appends a new feed entry for the round,
 * scripted slot results (slot-outcome-routes.ts) and the `apply_late` queue (late-transfer-routes.ts).
 */
export function registerSandboxToolRoutes(app: FastifyInstance, context: PartnerContext): void {
  app.get('/partner/v1/sandbox/faults', async () => ({ ...context.faults }));

  app.post('/partner/v1/sandbox/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    context.faults.transfer = parsed.data.transfer;
    return { ...context.faults };
  });

  for (const [action, status] of [['cancel', 'cancelled'], ['refund', 'refunded']] as const) {
    app.post<{ Params: { roundId: string } }>(`/partner/v1/sandbox/rounds/:roundId/${action}`, async (request, reply) => {
      const result = cancelRound(context, request.params.roundId, status);
      if (!result.ok) return sendPartnerError(reply, result.code);
      return { record: betRecordToWire(result.record) };
    });
  }

  registerSlotOutcomeRoutes(app, context);
  registerLateTransferRoutes(app, context);
}
