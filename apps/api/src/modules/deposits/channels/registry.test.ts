import { DEPOSIT_CHANNEL_KINDS, FEED_KINDS, type DepositChannelKind } from '@sabai/contracts';
import { depositChannelAccountCode } from '@sabai/ledger';
import { describe, expect, it } from 'vitest';
import type { FeedChannel } from './channel-entry.ts';
import { DEPOSIT_CHANNELS, FEED_INTAKES, depositChannelEntry, feedIntake, findDepositChannelEntry } from './registry.ts';

/**
 * The kinds packages/ledger's `depositChannelAccountCode` names (the demo seed's helper; the ledger
 * does not depend on contracts). A new channel kind is not seeded, so it need not be added there.
 */
const LEDGER_KINDS = ['bank', 'truemoney', 'promptpay'] as const satisfies readonly DepositChannelKind[];

const SMS = { text: 'เงินเข้า 500.00', receivedAt: '2026-11-28T10:00:00+07:00' };
const STATEMENT = { providerRef: 'stmt-0001', accountNumber: '0011535946', direction: 'credit', amount: '500.00', occurredAt: '2026-11-28T10:00:00+07:00' };
const WALLET = { transactionId: 'tm-0001', amount: '500.00', occurredAt: '2026-11-28T10:00:00+07:00', senderPhone: '0812345678' };

const channel = (kind: DepositChannelKind, fields: Partial<FeedChannel> = {}): FeedChannel => ({
  id: 'chn_x', kind, bankCode: '004', accountNumber: '0011535946', phoneNumber: '0951234567', promptPayId: '0105566012345', ...fields,
});

describe('deposit channel registry', () => {
  it('has exactly one entry per contracts channel kind, filed under its own kind', () => {
    expect(Object.keys(DEPOSIT_CHANNELS).sort()).toEqual([...DEPOSIT_CHANNEL_KINDS].sort());
    for (const kind of DEPOSIT_CHANNEL_KINDS) expect(depositChannelEntry(kind).kind).toBe(kind);
  });

  it('gives every contracts channel kind a complete entry: feeds, ledger account, candidate query and matcher rule', () => {
    for (const kind of DEPOSIT_CHANNEL_KINDS) {
      const entry = findDepositChannelEntry(kind);
      expect(entry, kind).not.toBeNull();
      expect(typeof entry?.ledgerAccountCode, `${kind}.ledgerAccountCode`).toBe('function');
      expect(typeof entry?.loadCandidates, `${kind}.loadCandidates`).toBe('function');
      expect(typeof entry?.findMembers, `${kind}.findMembers`).toBe('function');
      expect(Object.keys(entry?.feeds ?? {}).length, `${kind}.feeds`).toBeGreaterThan(0);
      for (const [feedKind, intake] of Object.entries(entry?.feeds ?? {})) {
        expect(FEED_KINDS, `${kind}.feeds.${feedKind}`).toContain(feedKind);
        expect(intake.feedKind).toBe(feedKind);
        expect(typeof intake.body.safeParse).toBe('function');
        expect(typeof intake.dedupeKey).toBe('function');
        expect(typeof intake.normalize).toBe('function');
      }
    }
  });

  it('gives every contracts feed kind its own intake, declared by the channel kind that owns it', () => {
    expect(Object.keys(FEED_INTAKES).sort()).toEqual([...FEED_KINDS].sort());
    for (const feedKind of FEED_KINDS) {
      expect(FEED_INTAKES[feedKind].feedKind).toBe(feedKind);
      const owners = DEPOSIT_CHANNEL_KINDS.filter((kind) => DEPOSIT_CHANNELS[kind].feeds[feedKind] === FEED_INTAKES[feedKind]);
      expect(owners.length, feedKind).toBeGreaterThan(0);
    }
  });

  it('knows no kind outside the contracts list (the matcher holds those UNSUPPORTED_CHANNEL)', () => {
    expect(findDepositChannelEntry('cash')).toBeNull();
    expect(findDepositChannelEntry('toString')).toBeNull();
  });

  it('names the same house ledger account as the ledger package for every kind the ledger names', () => {
    for (const kind of LEDGER_KINDS) {
      expect(depositChannelEntry(kind).ledgerAccountCode('chn_x')).toBe(depositChannelAccountCode({ kind, id: 'chn_x' }));
    }
    expect(depositChannelEntry('truemoney').ledgerAccountCode('chn_tm')).toBe('house:wallet:chn_tm');
  });

  it('keeps the dedupe keys already stored, byte for byte, whatever channel the source reports on', () => {
    for (const kind of DEPOSIT_CHANNEL_KINDS) {
      expect(feedIntake(kind, 'sms').dedupeKey(SMS, { bankCode: '004' })).toBe('sms:e38fe0ef167dc5b17105f21dbd0c3b6a84e1981469bdf74fa9aaa59d0d3e9c62');
      expect(feedIntake(kind, 'sms').dedupeKey(SMS, { bankCode: null })).toBe('sms:60838b6d5dbdb45ff768c00c5f8b4147bdde8e39132bd4a4644c61902be569c0');
      expect(feedIntake(kind, 'statement').dedupeKey(STATEMENT, { bankCode: '004' })).toBe('ref:stmt-0001');
      expect(feedIntake(kind, 'truemoney').dedupeKey(WALLET, { bankCode: null })).toBe('ref:tm-0001');
      // A body that does not fit the feed's schema has no key of its own (the delivery is keyed raw:<sha256>).
      expect(feedIntake(kind, 'statement').dedupeKey({ providerRef: 'x' }, { bankCode: '004' })).toBeNull();
      expect(feedIntake(kind, 'truemoney').dedupeKey(undefined, { bankCode: null })).toBeNull();
    }
  });

  it('reads a statement line naming another PromptPay id as a mismatch on a PromptPay channel only', () => {
    const line = { rawBody: '', json: { ...STATEMENT, promptPayId: '0999999999' }, format: 'sabai_v1' as const };
    expect(feedIntake('promptpay', 'statement').normalize(line, channel('promptpay'))).toEqual({ result: 'rejected', reason: 'PROMPTPAY_ID_MISMATCH' });
    expect(feedIntake('promptpay', 'statement').normalize(line, channel('promptpay', { accountNumber: '0000000000' }))).toEqual({ result: 'rejected', reason: 'HOUSE_ACCOUNT_MISMATCH' });
    expect(feedIntake('bank', 'statement').normalize(line, channel('bank'))).toMatchObject({ result: 'credit', credit: { channelKind: 'bank', amountSatang: 50_000n } });
  });

  it('reads a wallet event on a bank channel as before (the feed kind\'s own intake)', () => {
    const event = { rawBody: '', json: WALLET, format: 'sabai_v1' as const };
    expect(feedIntake('bank', 'truemoney')).toBe(FEED_INTAKES.truemoney);
    expect(feedIntake('bank', 'truemoney').normalize(event, channel('bank'))).toMatchObject({ result: 'credit', credit: { channelKind: 'bank', senderPhone: '0812345678' } });
  });
});
