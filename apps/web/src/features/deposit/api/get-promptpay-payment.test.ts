import { describe, expect, it } from 'vitest';
import { findPromptPayPayment } from './get-promptpay-payment.ts';

describe('PromptPay payment match', () => {
  const createdAtMs = Date.parse('2026-01-01T10:00:00.000Z');
  const row = (overrides: object) => ({ id: 'trf_1', Amount: 300.4, createdAt: '2026-01-01T10:01:00.000Z', Status: 1 as const, TransType: 'DEPOSIT' as const, ...overrides });

  it('finds the credited deposit of exactly the amount to pay', () => {
    expect(findPromptPayPayment([row({ Amount: 300 }), row({ id: 'trf_2' })], { amountToPay: 300.4 }, createdAtMs)?.id).toBe('trf_2');
  });

  it('ignores older deposits, other kinds of rows and failed ones', () => {
    const rows = [row({ createdAt: '2026-01-01T09:50:00.000Z' }), row({ TransType: 'CASHBACK' }), row({ Status: 3 })];
    expect(findPromptPayPayment(rows, { amountToPay: 300.4 }, createdAtMs)).toBeNull();
  });
});
