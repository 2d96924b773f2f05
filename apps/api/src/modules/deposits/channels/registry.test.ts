import { DEPOSIT_CHANNEL_KINDS } from '@sabai/contracts';
import { depositChannelAccountCode } from '@sabai/ledger';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_CHANNELS, depositChannelEntry } from './registry.ts';

describe('deposit channel registry', () => {
  it('has exactly one entry per contracts channel kind, filed under its own kind', () => {
    expect(Object.keys(DEPOSIT_CHANNELS).sort()).toEqual([...DEPOSIT_CHANNEL_KINDS].sort());
    for (const kind of DEPOSIT_CHANNEL_KINDS) expect(depositChannelEntry(kind).kind).toBe(kind);
  });

  it('names the same house ledger account as the ledger package for every kind', () => {
    for (const kind of DEPOSIT_CHANNEL_KINDS) {
      expect(depositChannelEntry(kind).ledgerAccountCode('chn_x')).toBe(depositChannelAccountCode({ kind, id: 'chn_x' }));
    }
    expect(depositChannelEntry('truemoney').ledgerAccountCode('chn_tm')).toBe('house:wallet:chn_tm');
  });
});
