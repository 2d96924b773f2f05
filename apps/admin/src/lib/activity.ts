/**
 * The staff member's own activity, for the session's idle timeout (issue 25 §4, docs/adr/0051):
 * a request made within `FOREGROUND_WINDOW_MS` of a key press or pointer press is the person's
 * own (it extends the idle timeout); any other request — a refetch on an interval, after the
 * event stream said money moved, on window focus — is a background one and carries
 * `x-sabai-background: 1`, which the server does not count as activity.
 */
export const BACKGROUND_HEADER = 'x-sabai-background';
/** A request this soon after a key or pointer press is taken as caused by it (ms). */
export const FOREGROUND_WINDOW_MS = 3_000;

let lastInputAtMs = Number.NEGATIVE_INFINITY;
let listening = false;

/** Starts watching key and pointer presses (idempotent; called by the API client's first request). */
export function watchActivity(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const mark = () => {
    lastInputAtMs = Date.now();
  };
  window.addEventListener('pointerdown', mark, { capture: true, passive: true });
  window.addEventListener('keydown', mark, { capture: true, passive: true });
}

/** Marks input now (tests, and actions started without a press such as a form submitted by code). */
export function markActivity(nowMs = Date.now()): void {
  lastInputAtMs = nowMs;
}

/** Whether a request sent now is a background one (no key or pointer press in the last few seconds). */
export function isBackground(nowMs = Date.now()): boolean {
  return nowMs - lastInputAtMs > FOREGROUND_WINDOW_MS;
}
