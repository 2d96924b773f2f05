import { describe, expect, it } from 'vitest';
import { debitFitsPayout, type HouseDebitFacts, type RecordedPayout } from './manual-payout-matching.ts';

const WINDOW_MS = 30 * 60_000;
const paidAt = new Date('2026-03-05T03:04:00Z');
const payout: RecordedPayout = {
  withdrawalId: 'wdr_aaaaaaaaaaaaaaaaaaaa',
  channelId: 'chn_kbank_main',
  amountSatang: 100_000n,
  accountNumber: '0001807451',
  paidAt,
  createdAt: new Date(paidAt.getTime() - 10 * 60_000),
  reference: 'REF1',
};
const debit: HouseDebitFacts = { channelId: 'chn_kbank_main', amountSatang: 100_000n, occurredAt: paidAt, recipientAccountMasked: 'X180745X' };

describe('a house debit fits a recorded payout', () => {
  it('when channel, amount, destination digits and time all fit', () => {
    expect(debitFitsPayout(debit, payout, WINDOW_MS)).toBe(true);
    expect(debitFitsPayout({ ...debit, recipientAccountMasked: '0001807451' }, payout, WINDOW_MS)).toBe(true);
    expect(debitFitsPayout({ ...debit, recipientAccountMasked: 'x807451' }, payout, WINDOW_MS)).toBe(true);
    expect(debitFitsPayout({ ...debit, occurredAt: new Date(paidAt.getTime() + WINDOW_MS) }, payout, WINDOW_MS)).toBe(true);
  });

  it.each([
    ['another house channel', { channelId: 'chn_bbl_main' }],
    ['one satang more', { amountSatang: 100_001n }],
    ['another destination', { recipientAccountMasked: 'X180746X' }],
    ['no destination in the text', { recipientAccountMasked: null }],
    ['a destination too weak to read (three digits)', { recipientAccountMasked: 'X451' }],
    ['a time past the window', { occurredAt: new Date(paidAt.getTime() + WINDOW_MS + 60_000) }],
  ])('never with %s', (_label, change: Partial<HouseDebitFacts>) => {
    expect(debitFitsPayout({ ...debit, ...change }, payout, WINDOW_MS)).toBe(false);
  });

  it('never before the withdrawal existed, however wide the window', () => {
    expect(debitFitsPayout({ ...debit, occurredAt: new Date(payout.createdAt.getTime() - 2 * 60_000) }, payout, 24 * 3_600_000)).toBe(false);
  });
});
