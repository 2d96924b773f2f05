import type { AppContext } from '../context.ts';
import { dispatchOutboxEvents, runOutboxDelivery, type OutboxEvent } from '../modules/outbox/index.ts';
import { handlersFor, OUTBOX_HANDLERS, readDispatchFacts } from './outbox-handlers.ts';

/** Rounds per call: a chain of events (deposit → bonus decided → …) is a few rounds deep. */
const MAX_ROUNDS = 20;
/** Tries of one delivery before its error is the call's (the worker's retries, in small). */
const INLINE_ATTEMPTS = 3;

/**
 * Relays and runs every waiting outbox event in this process, without the job queue, until none
 * is left (a chain of follow-up events included). For tests, which want a call's follow-ups done
 * when the call returns (test/test-app.ts runs it before each response is sent); the product
 * runs them through pg-boss (worker/start-worker.ts), whose own tests cover the queue. Each
 * delivery gets INLINE_ATTEMPTS tries. @throws the first handler error, after running the rest.
 */
export async function runOutboxInline(context: AppContext): Promise<number> {
  let ran = 0;
  let firstError: unknown;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const deliveries: Array<{ event: OutboxEvent; handler: string }> = [];
    const dispatched = await dispatchOutboxEvents(context.db, {
      handlersFor: (event, facts) => handlersFor(event, context.config, facts),
      readFacts: readDispatchFacts,
      enqueue: async (_tx, batch) => void deliveries.push(...batch),
    });
    for (const delivery of deliveries) {
      const definition = OUTBOX_HANDLERS[delivery.handler];
      if (!definition) throw new Error(`no outbox handler ${delivery.handler}`);
      // As the worker retries a failed delivery (pg-boss, with backoff), a delivery gets up to
      // INLINE_ATTEMPTS tries here: an in-process sandbox provider can miss the tests' short
      // PROVIDER_TIMEOUT_MS on a loaded machine (an SMS code during 8 sign-ups at once).
      for (let attempt = 1; attempt <= INLINE_ATTEMPTS; attempt += 1) {
        try {
          await runOutboxDelivery(context.db, { eventId: delivery.event.id, handlerName: delivery.handler, handler: definition.build(context), isLastAttempt: attempt === INLINE_ATTEMPTS });
          ran += 1;
          break;
        } catch (error) {
          if (attempt === INLINE_ATTEMPTS) firstError ??= error;
        }
      }
    }
    if (dispatched === 0) break;
  }
  if (firstError !== undefined) throw firstError;
  return ran;
}
