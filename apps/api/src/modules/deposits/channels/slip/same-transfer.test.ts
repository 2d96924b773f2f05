import { describe, expect, it } from 'vitest';
import { mayBeSameSender } from './same-transfer.ts';

describe('mayBeSameSender', () => {
  it('compares two full numbers exactly', () => {
    expect(mayBeSameSender('0011234567', '001-1-23456-7')).toBe(true);
    expect(mayBeSameSender('0011234567', '0011234568')).toBe(false);
  });
  it('fits a full number to a bank mask (KBank X123456X, SCB xxx-x-x5678-x)', () => {
    expect(mayBeSameSender('0011234567', 'X123456X')).toBe(true);
    expect(mayBeSameSender('0011234567', 'X999999X')).toBe(false);
    expect(mayBeSameSender('xxx-x-x3456-x', '0011234567')).toBe(true);
  });
  it('cannot tell two masks or an unknown side apart: amount, time and bank decide', () => {
    expect(mayBeSameSender('X123456X', 'xxx-x-x9999-x')).toBe(true);
    expect(mayBeSameSender(null, '0011234567')).toBe(true);
  });
});
