import { describe, expect, it } from 'vitest';
import { accountFitsMask, readMaskedAccount } from './masked-account.ts';

const fits = (mask: string, account: string) => {
  const read = readMaskedAccount(mask);
  if (!read) throw new Error(`mask ${mask} unreadable`);
  return accountFitsMask(account, read);
};

describe('readMaskedAccount', () => {
  it.each([
    ['X189776X', { visibleDigits: '189776', isHiddenBefore: true, isHiddenAfter: true }],
    ['x838467', { visibleDigits: '838467', isHiddenBefore: true, isHiddenAfter: false }],
    ['123456x', { visibleDigits: '123456', isHiddenBefore: false, isHiddenAfter: true }],
    ['xxx-x-x3846-7', { visibleDigits: '38467', isHiddenBefore: true, isHiddenAfter: false }],
    ['1234567890', { visibleDigits: '1234567890', isHiddenBefore: false, isHiddenAfter: false }],
  ])('reads %s', (mask, expected) => {
    expect(readMaskedAccount(mask)).toEqual(expected);
  });

  it.each([
    ['XXXX', 'no visible digit'],
    ['x123', 'three visible digits cannot tell members apart'],
    ['12xx5678', 'two visible runs'],
    ['X18977*X', 'a character that is neither digit nor X'],
    ['X१८९७७६X', 'non-ASCII digits'],
    ['x'.repeat(30) + '123456', 'longer than 32 characters'],
    ['', 'empty'],
  ])('refuses %s (%s)', (mask) => {
    expect(readMaskedAccount(mask)).toBeNull();
  });
});

describe('accountFitsMask', () => {
  it.each([
    ['X189776X', '0011897760', true, 'run strictly inside'],
    ['X189776X', '1897760000', false, 'run at the start but the mask hides a digit before it'],
    ['X189776X', '0000189776', false, 'run at the end but the mask hides a digit after it'],
    ['X189776X', '01897761', true, 'one hidden digit each side is enough'],
    ['X189776X', '189776', false, 'the run alone has no hidden digits around it'],
    ['X189776X', '0011877760', false, 'digits not contiguous'],
    ['x838467', '020012838467', true, 'run at the end of a 12-digit account'],
    ['x838467', '0208384670', false, 'run inside, but nothing is hidden after it'],
    ['x838467', '838467', false, 'the mask hides at least one digit before'],
    ['123456x', '1234567890', true, 'run at the start'],
    ['123456x', '0123456789', false, 'run not at the start'],
    ['1234567890', '1234567890', true, 'no mask: the whole number'],
    ['1234567890', '11234567890', false, 'no mask: nothing else may surround it'],
    ['X189776X', '00-189776-0', false, 'a stored account that is not all digits never fits'],
  ])('%s vs %s → %s (%s)', (mask, account, expected) => {
    expect(fits(mask, account)).toBe(expected);
  });
});
