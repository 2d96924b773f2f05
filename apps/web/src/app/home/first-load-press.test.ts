// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackFirstLoadPress } from './first-load-press.ts';

const SELECTOR = 'button[aria-haspopup="dialog"][data-testid]';

/** A shell and an app drawing the same dialog button, as the first load of /user/home does. */
function page() {
  document.body.innerHTML = '';
  const draw = () => {
    const root = document.createElement('div');
    root.innerHTML = '<button type="button" aria-haspopup="dialog" data-testid="menu-withdraw"><span>ถอนเงิน</span></button><p data-testid="elsewhere">x</p>';
    return root;
  };
  const shell = draw();
  document.body.append(shell);
  const app = draw();
  const appClicks = vi.fn();
  app.querySelector('button')?.addEventListener('click', appClicks);
  /** The app takes the shell's place (replaceShell). */
  const takeOver = () => shell.replaceWith(app);
  const shellButton = shell.querySelector('span') as HTMLElement; // the finger lands on the label
  const appButton = app.querySelector('span') as HTMLElement;
  return { shell, app, appClicks, takeOver, shellButton, appButton };
}

const pointer = (target: Element, type: 'pointerdown' | 'pointerup' | 'pointercancel') => target.dispatchEvent(new Event(type, { bubbles: true }));
const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('a press on the first load shell is pressed again on the member app', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('presses the app button once its first effects ran, when the shell took the whole tap', () => {
    const { app, appClicks, takeOver, shellButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    pointer(shellButton, 'pointerdown');
    pointer(shellButton, 'pointerup');
    click(shellButton);
    takeOver();
    press.replayIn(app);
    expect(appClicks).toHaveBeenCalledTimes(1);
  });

  it('counts a press the shell left under the finger: released on the app, no click sent', () => {
    const { app, appClicks, takeOver, shellButton, appButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    pointer(shellButton, 'pointerdown');
    takeOver(); // the pressed element left the document: the browser sends no click
    pointer(appButton, 'pointerup');
    press.replayIn(app);
    expect(appClicks).toHaveBeenCalledTimes(1);
  });

  it('waits for the release when the finger is still down as the app is in place', () => {
    const { app, appClicks, takeOver, shellButton, appButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    pointer(shellButton, 'pointerdown');
    takeOver();
    press.replayIn(app);
    expect(appClicks).not.toHaveBeenCalled();
    pointer(appButton, 'pointerup');
    expect(appClicks).toHaveBeenCalledTimes(1);
  });

  it('presses nothing when the browser cancelled the press (a scroll that began on the button)', () => {
    const { app, appClicks, takeOver, shellButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    pointer(shellButton, 'pointerdown');
    takeOver();
    press.replayIn(app);
    pointer(document.body, 'pointercancel');
    expect(appClicks).not.toHaveBeenCalled();
  });

  it('presses nothing when the finger was lifted away from the button', () => {
    const { shell, app, appClicks, takeOver, shellButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    pointer(shellButton, 'pointerdown');
    pointer(shell.querySelector('[data-testid="elsewhere"]') as Element, 'pointerup');
    takeOver();
    press.replayIn(app);
    expect(appClicks).not.toHaveBeenCalled();
  });

  it('presses nothing for a tap outside the dialog buttons, and only once in all', () => {
    const { shell, app, appClicks, takeOver, shellButton } = page();
    const press = trackFirstLoadPress(window, SELECTOR);
    stop = press.stop;
    const elsewhere = shell.querySelector('[data-testid="elsewhere"]') as Element;
    pointer(elsewhere, 'pointerdown');
    pointer(elsewhere, 'pointerup');
    click(elsewhere);
    takeOver();
    press.replayIn(app);
    expect(appClicks).not.toHaveBeenCalled();
    pointer(shellButton, 'pointerdown'); // after the replay the tracker no longer listens
    click(shellButton);
    press.replayIn(app);
    expect(appClicks).not.toHaveBeenCalled();
  });
});
