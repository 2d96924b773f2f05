import type { ScriptedSlotOutcome } from './games/scripted-stops.ts';
import type { PartnerContext } from './partner-context.ts';

export type QueueSlotOutcomesResult = { ok: true; queued: ScriptedSlotOutcome[] } | { ok: false; code: 'MEMBER_NOT_FOUND' | 'SLOT_OUTCOMES_FULL' };

/**
 * Queues scripted results for a member's next slot spins, after what is already queued, all or
 * nothing. `queued` is the member's whole queue afterwards, next first. Refusals: an unknown
 * member (`MEMBER_NOT_FOUND`); more than 100 queued for the member, or a 1,001st member with a
 * queue (`SLOT_OUTCOMES_FULL`). Outcomes are assumed valid (the route checks them).
 */
export function queueSlotOutcomes(context: PartnerContext, username: string, outcomes: readonly ScriptedSlotOutcome[]): QueueSlotOutcomesResult {
  if (!context.state.members.has(username)) return { ok: false, code: 'MEMBER_NOT_FOUND' };
  const result = context.slotOutcomes.enqueue(username, outcomes);
  return result.ok ? { ok: true, queued: result.queued } : { ok: false, code: 'SLOT_OUTCOMES_FULL' };
}
