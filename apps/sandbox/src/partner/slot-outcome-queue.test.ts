import { describe, expect, it } from 'vitest';
import { findStops } from './games/scripted-stops.ts';
import { MAX_SCRIPTED_MEMBERS, MAX_SCRIPTED_OUTCOMES_PER_MEMBER, SlotOutcomeQueue } from './slot-outcome-queue.ts';

describe('the scripted slot outcome queue', () => {
  it('hands out each member\u2019s stops in order, once, and then nothing', () => {
    const queue = new SlotOutcomeQueue();
    queue.enqueue('m01', ['win', { stops: [1, 2, 3] }]);
    queue.enqueue('m01', ['loss']);
    expect(queue.queued('m01')).toEqual(['win', { stops: [1, 2, 3] }, 'loss']);
    expect(queue.take('m01')).toEqual(findStops('win'));
    expect(queue.take('m01')).toEqual([1, 2, 3]);
    expect(queue.take('m01')).toEqual(findStops('loss'));
    expect(queue.take('m01')).toBeUndefined();
    expect(queue.queued('m01')).toEqual([]);
  });

  it('refuses, all or nothing, more than 100 outcomes for a member', () => {
    const queue = new SlotOutcomeQueue();
    expect(queue.enqueue('m01', Array<'loss'>(MAX_SCRIPTED_OUTCOMES_PER_MEMBER - 1).fill('loss')).ok).toBe(true);
    expect(queue.enqueue('m01', ['win', 'win'])).toEqual({ ok: false, reason: 'full' });
    expect(queue.queued('m01')).toHaveLength(MAX_SCRIPTED_OUTCOMES_PER_MEMBER - 1);
    expect(queue.enqueue('m01', ['win']).ok).toBe(true);
  });

  it('refuses a 1,001st member with a queue, and frees the place once a queue is used up or cleared', () => {
    const queue = new SlotOutcomeQueue();
    for (let index = 0; index < MAX_SCRIPTED_MEMBERS; index += 1) expect(queue.enqueue(`m${index}`, ['loss']).ok).toBe(true);
    expect(queue.enqueue('late01', ['loss'])).toEqual({ ok: false, reason: 'full' });
    expect(queue.enqueue('m0', ['win']).ok).toBe(true); // a member already queued may add more
    queue.take('m1');
    expect(queue.enqueue('late01', ['loss']).ok).toBe(true);
    expect(queue.enqueue('late02', ['loss'])).toEqual({ ok: false, reason: 'full' });
    queue.clear('m2');
    expect(queue.enqueue('late02', ['loss']).ok).toBe(true);
  });

  it('keeps its own copy of explicit stops', () => {
    const queue = new SlotOutcomeQueue();
    const outcome = { stops: [4, 5, 6] as [number, number, number] };
    queue.enqueue('m01', [outcome]);
    outcome.stops[0] = 27;
    expect(queue.take('m01')).toEqual([4, 5, 6]);
  });
});
