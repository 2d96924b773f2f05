import { stopsOfScriptedOutcome, type ReelStops, type ScriptedSlotOutcome } from './games/scripted-stops.ts';

/** Most outcomes queued for one member at a time. */
export const MAX_SCRIPTED_OUTCOMES_PER_MEMBER = 100;
/** Most members with something queued at a time. */
export const MAX_SCRIPTED_MEMBERS = 1_000;

/**
 * Scripted slot results, per member, for the next spins (the sandbox's version of a game
 * provider's staging "force outcome" tool). In memory only: not persisted, gone at restart.
 * Bounded: at most MAX_SCRIPTED_OUTCOMES_PER_MEMBER (100) outcomes per member and
 * MAX_SCRIPTED_MEMBERS (1,000) members with a non-empty queue; a member whose queue empties
 * no longer counts. Everything runs synchronously, so each outcome is taken exactly once.
 */
export class SlotOutcomeQueue {
  readonly #queues = new Map<string, { outcome: ScriptedSlotOutcome; stops: ReelStops }[]>();

  /**
   * Appends outcomes (in order) to the member's queue, all or nothing. The stops of named kinds
   * are resolved now. Refused with `full` when the member would hold more than 100, or when the
   * member has nothing queued and 1,000 other members do.
   */
  enqueue(username: string, outcomes: readonly ScriptedSlotOutcome[]): { ok: true; queued: ScriptedSlotOutcome[] } | { ok: false; reason: 'full' } {
    const queue = this.#queues.get(username) ?? [];
    if (queue.length + outcomes.length > MAX_SCRIPTED_OUTCOMES_PER_MEMBER) return { ok: false, reason: 'full' };
    if (queue.length === 0 && outcomes.length > 0 && this.#queues.size >= MAX_SCRIPTED_MEMBERS) return { ok: false, reason: 'full' };
    queue.push(...outcomes.map((outcome) => ({ outcome: copyOf(outcome), stops: stopsOfScriptedOutcome(outcome) })));
    if (queue.length > 0) this.#queues.set(username, queue);
    return { ok: true, queued: this.queued(username) };
  }

  /** What is still queued for the member, next first (copies; [] when nothing is). */
  queued(username: string): ScriptedSlotOutcome[] {
    return (this.#queues.get(username) ?? []).map((entry) => copyOf(entry.outcome));
  }

  /** Removes and returns the stops of the member's next scripted spin; undefined when none is queued. */
  take(username: string): ReelStops | undefined {
    const queue = this.#queues.get(username);
    const next = queue?.shift();
    if (queue?.length === 0) this.#queues.delete(username);
    return next?.stops;
  }

  /** Drops everything queued for the member. */
  clear(username: string): void {
    this.#queues.delete(username);
  }
}

const copyOf = (outcome: ScriptedSlotOutcome): ScriptedSlotOutcome => (typeof outcome === 'string' ? outcome : { stops: [...outcome.stops] });
