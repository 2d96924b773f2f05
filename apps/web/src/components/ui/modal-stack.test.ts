import { describe, expect, it } from 'vitest';
import { createModalStack } from './modal-stack.ts';

describe('modal stack', () => {
  it('lets only the newest modal answer Escape', () => {
    const stack = createModalStack();
    const dialog = stack.open();
    expect(stack.isTop(dialog)).toBe(true);
    const confirm = stack.open();
    expect(stack.isTop(confirm)).toBe(true);
    expect(stack.isTop(dialog)).toBe(false);
    stack.close(confirm);
    expect(stack.isTop(dialog)).toBe(true);
  });

  it('forgets a modal closed out of order and ignores a second close', () => {
    const stack = createModalStack();
    const outer = stack.open();
    const inner = stack.open();
    stack.close(outer);
    expect(stack.isTop(inner)).toBe(true);
    stack.close(outer);
    expect(stack.size()).toBe(1);
    stack.close(inner);
    expect(stack.size()).toBe(0);
    expect(stack.isTop(inner)).toBe(false);
  });

  it('refuses to grow without bound', () => {
    const stack = createModalStack();
    for (let count = 0; count < 16; count += 1) stack.open();
    expect(() => stack.open()).toThrow(/never closed/);
  });
});
