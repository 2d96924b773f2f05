import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendPartnerError } from './agent-routes.ts';
import { USERNAME_PATTERN } from './create-member.ts';
import { SCRIPTED_OUTCOME_KINDS } from './games/scripted-stops.ts';
import { REEL_STRIPS } from './games/slot-machine.ts';
import type { PartnerContext } from './partner-context.ts';
import { queueSlotOutcomes } from './queue-slot-outcomes.ts';
import { MAX_SCRIPTED_OUTCOMES_PER_MEMBER } from './slot-outcome-queue.ts';

const PATH = '/partner/v1/sandbox/slot-outcomes';

const username = z.string().regex(USERNAME_PATTERN);
const reelStop = (reel: number) => z.number().int().min(0).max((REEL_STRIPS[reel]?.length ?? 0) - 1);
const scriptedOutcome = z.union([z.enum(SCRIPTED_OUTCOME_KINDS), z.strictObject({ stops: z.tuple([reelStop(0), reelStop(1), reelStop(2)]) })]);
const scriptBody = z.object({ username, outcomes: z.array(scriptedOutcome).min(1).max(MAX_SCRIPTED_OUTCOMES_PER_MEMBER) });
const memberQuery = z.object({ username });

/**
 * Scripted slot results, a sandbox test tool on the agent API (same signature auth):
 * - `POST  …/slot-outcomes { username, outcomes: 1..100 of 'loss' | 'win' | 'stake_back' | { stops: [0..27 ×3] } }`
 *   appends to the member's queue;
 * - `GET   …/slot-outcomes?username=` reads it;
 * - `DELETE …/slot-outcomes?username=` empties it.
 * Each answers `{ username, outcomes }`, the queue afterwards, next first. Errors: `400
 * INVALID_REQUEST`, `404 MEMBER_NOT_FOUND`, `409 SLOT_OUTCOMES_FULL` (see queue-slot-outcomes.ts).
 */
export function registerSlotOutcomeRoutes(app: FastifyInstance, context: PartnerContext): void {
  app.post(PATH, async (request, reply) => {
    const parsed = scriptBody.safeParse(request.body);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    const result = queueSlotOutcomes(context, parsed.data.username, parsed.data.outcomes);
    if (!result.ok) return sendPartnerError(reply, result.code);
    return { username: parsed.data.username, outcomes: result.queued };
  });

  app.get(PATH, async (request, reply) => {
    const parsed = memberQuery.safeParse(request.query);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    if (!context.state.members.has(parsed.data.username)) return sendPartnerError(reply, 'MEMBER_NOT_FOUND');
    return { username: parsed.data.username, outcomes: context.slotOutcomes.queued(parsed.data.username) };
  });

  app.delete(PATH, async (request, reply) => {
    const parsed = memberQuery.safeParse(request.query);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    if (!context.state.members.has(parsed.data.username)) return sendPartnerError(reply, 'MEMBER_NOT_FOUND');
    context.slotOutcomes.clear(parsed.data.username);
    return { username: parsed.data.username, outcomes: [] };
  });
}
