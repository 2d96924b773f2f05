import type { AppContext } from '../context.ts';
import { dispatchOutboxEvents, runOutboxDelivery, type OutboxEvent } from '../modules/outbox/index.ts';
import { handlersFor, OUTBOX_HANDLERS } from './outbox-handlers.ts';

/** Rounds per call: a chain of events (deposit → bonus decided → …) is a few rounds deep. */
const MAX_ROUNDS = 20;

/**
 * Relays and runs every waiting outbox event in this process, without the job queue, until none
 * is left (a chain of follow-up events included). For tests, which want a call's follow-ups done
 * when the call returns (test/test-app.ts runs it before each response is sent); the product
 * runs them through pg-boss (worker/start-worker.ts), whose own tests cover the queue. Each
 * delivery gets one attempt. @throws the first handler error, after running the rest.
 */
export async function runOutboxInline(context: AppContext): Promise<number> {
  let ran = 0;
  let firstError: unknown;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const deliveries: Array<{ event: OutboxEvent; handler: string }> = [];
    const dispatched = await dispatchOutboxEvents(context.db, { handlersFor, enqueue: async (_tx, batch) => void deliveries.push(...batch) });
    for (const delivery of deliveries) {
      const definition = OUTBOX_HANDLERS[delivery.handler];
      if (!definition) throw new Error(`no outbox handler ${delivery.handler}`);
      try {
        await runOutboxDelivery(context.db, { eventId: delivery.event.id, handlerName: delivery.handler, handler: definition.build(context), isLastAttempt: true });
        ran += 1;
      } catch (error) {
        firstError ??= error;
      }
    }
    if (dispatched === 0) break;
  }
  if (firstError !== undefined) throw firstError;
  return ran;
}
