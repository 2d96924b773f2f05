/**
 * A press on one of the first-load shell's dialog buttons, kept so that the member app, once it
 * has taken the shell's place, presses its own same button (docs/adr/0045 decision 3, ADR 0050).
 *
 * Two ways a first tap was lost before (ADR 0050, Task A):
 * - the app's first effects close any footer dialog (the provider closes it for the first
 *   location), so a press replayed in the commit was undone: `replayIn` is called after them;
 * - the press began on the shell (pointerdown woke the app) and the app replaced the shell before
 *   the finger was lifted: the browser sends no `click` when the element pressed has left the
 *   document, so a press begun on a button counts as a press of it unless the browser cancelled it
 *   (a scroll or gesture: `pointercancel`) or it was lifted on the shell away from that button.
 *
 * The buttons are matched by `data-testid` (the shell and the app draw the same elements:
 * first-load-home.test.tsx).
 */
export interface FirstLoadPress {
  /**
   * Presses the app's button under `appRoot` that matches the shell's pressed one: now when the
   * press is over, or at its release when the pointer is still down (nothing on a cancel). Stops
   * listening afterwards. At most once.
   */
  replayIn: (appRoot: ParentNode) => void;
  /** Stops listening without pressing anything. */
  stop: () => void;
}

/**
 * Starts listening on `target` (the window) in the capture phase for presses on elements matching
 * `selector` that carry a `data-testid`.
 */
export function trackFirstLoadPress(target: EventTarget, selector: string): FirstLoadPress {
  let clicked: string | undefined; // a completed click on the shell: always pressed again
  let pressing: string | undefined; // a press begun on a button, not (yet) completed by a click
  let isPointerDown = false;
  let releaseTo: ((isReleased: boolean) => void) | undefined;
  const testIdOf = (event: Event): string | undefined => {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
    return element?.dataset.testid;
  };
  const onPointerDown = (event: Event) => {
    isPointerDown = true;
    pressing = testIdOf(event);
  };
  const onPointerUp = (event: Event) => {
    isPointerDown = false;
    // Lifted away from the button pressed (the shell's, or the app's same one once the shell has
    // left, when the browser sends no click): not a press of it.
    if (testIdOf(event) !== pressing) pressing = undefined;
    releaseTo?.(true);
  };
  const onPointerCancel = () => {
    isPointerDown = false;
    pressing = undefined;
    releaseTo?.(false);
  };
  const onClick = (event: Event) => {
    clicked ??= testIdOf(event);
  };
  const listeners: [string, (event: Event) => void][] = [
    ['pointerdown', onPointerDown],
    ['pointerup', onPointerUp],
    ['pointercancel', onPointerCancel],
    ['click', onClick],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, { capture: true, passive: true });
  let isDone = false;
  const stop = () => {
    isDone = true;
    releaseTo = undefined;
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, { capture: true });
  };
  const press = (appRoot: ParentNode, testId: string | undefined) => {
    stop();
    if (testId === undefined) return;
    appRoot.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`)?.click();
  };
  return {
    stop,
    replayIn(appRoot) {
      if (isDone) return;
      if (clicked !== undefined) return press(appRoot, clicked);
      if (pressing === undefined || !isPointerDown) return press(appRoot, pressing);
      // Still held: decided at the release (a cancel is a scroll, not a press).
      releaseTo = (isReleased) => press(appRoot, isReleased ? (clicked ?? pressing) : undefined);
    },
  };
}
