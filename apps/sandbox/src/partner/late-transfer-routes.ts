import type { FastifyInstance } from 'fastify';
import { transferToWire } from './agent-routes.ts';
import { applyLateTransfersNow } from './late-transfers.ts';
import type { PartnerContext } from './partner-context.ts';

/**
 * The `apply_late` fault's queue, a sandbox test tool on the agent API (same signature auth):
 * - `GET  …/late-transfers` → `{ queued: [{ reference, username, direction, amount, dueAt }] }`,
 *   first queued first (`amount` as sent, `dueAt` by the partner's clock);
 * - `POST …/late-transfers/apply` applies every queued transfer now, in queue order, so a test
 *   need not wait `lateApplyMs` → `{ applied: [{ reference, status, balanceAfter?, reason? }] }` (`[]` when none waits).
 */
export function registerLateTransferRoutes(app: FastifyInstance, context: PartnerContext): void {
  app.get('/partner/v1/sandbox/late-transfers', async () => ({
    queued: context.lateTransfers.list().map(({ reference, username, direction, amount, dueAt }) => ({ reference, username, direction, amount, dueAt })),
  }));

  app.post('/partner/v1/sandbox/late-transfers/apply', async () => ({ applied: applyLateTransfersNow(context).map(transferToWire) }));
}
