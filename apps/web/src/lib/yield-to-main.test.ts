import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main.ts';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it('resumes in a later task (a timer), not in a microtask, without scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let resumed = false;
    const done = yieldToMain().then(() => {
      resumed = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.runAllTimersAsync();
    await done;
    expect(resumed).toBe(true);
  });
});
