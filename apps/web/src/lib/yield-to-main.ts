/**
 * Ends the current task and resolves in a new one, so the browser may paint and answer input in
 * between: `scheduler.yield()` where the browser has it (Chromium 129+: the continuation runs
 * before other queued tasks), else a zero-delay timer. Work on a first load is split this way so
 * that no task is long (over 50 ms on a phone, docs/adr/0036).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
