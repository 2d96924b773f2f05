import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './countdown.ts';

describe('PromptPay QR countdown', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');

  it('counts whole seconds up to the expiry, rounding a started second up', () => {
    expect(secondsUntil('2026-01-01T00:10:00.000Z', now)).toBe(600);
    expect(secondsUntil('2026-01-01T00:00:00.400Z', now)).toBe(1);
  });

  it('stays at zero after expiry and for an unreadable time', () => {
    expect(secondsUntil('2025-12-31T23:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('soon', now)).toBe(0);
  });

  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(605)).toBe('10:05');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
