import { describe, expect, it } from 'vitest';
import { createDepositChannelRequest } from './admin/back-office.ts';
import { DEPOSIT_CHANNEL_KIND_INFO, DEPOSIT_CHANNEL_KINDS, FEED_KIND_NAMES, FEED_KINDS } from './deposit-kinds.ts';

const channel = { id: 'chn_x', accountName: 'บจก. สบาย', reason: 'new account' };

describe('deposit channel kinds', () => {
  it('describes every channel kind and names every feed kind', () => {
    expect(Object.keys(DEPOSIT_CHANNEL_KIND_INFO).sort()).toEqual([...DEPOSIT_CHANNEL_KINDS].sort());
    expect(Object.keys(FEED_KIND_NAMES).sort()).toEqual([...FEED_KINDS].sort());
  });

  it('refuses a new channel without its kind\'s fields, with the same message as before', () => {
    const refused = createDepositChannelRequest.safeParse({ ...channel, kind: 'promptpay', promptPayId: '0105566012345', bankCode: '004' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toHaveLength(1);
    // A kind added later appends its own `; <kind>: <fields>`.
    expect(refused.error?.issues[0]?.message).toContain('bank: bankCode + accountNumber; truemoney: phoneNumber; promptpay: promptPayId + bankCode + accountNumber');
    expect(createDepositChannelRequest.safeParse({ ...channel, kind: 'bank', phoneNumber: '0812345678' }).success).toBe(false);
    expect(createDepositChannelRequest.safeParse({ ...channel, kind: 'truemoney', bankCode: '004', accountNumber: '0011535946' }).success).toBe(false);
  });

  it('accepts a new channel with its kind\'s fields', () => {
    expect(createDepositChannelRequest.safeParse({ ...channel, kind: 'bank', bankCode: '004', accountNumber: '0011535946' }).success).toBe(true);
    expect(createDepositChannelRequest.safeParse({ ...channel, kind: 'truemoney', phoneNumber: '0812345678' }).success).toBe(true);
    expect(createDepositChannelRequest.safeParse({ ...channel, kind: 'promptpay', promptPayId: '0105566012345', bankCode: '004', accountNumber: '0011535946' }).success).toBe(true);
  });

  it('labels channels for reports as the report did (bank code and account, TrueMoney phone, PromptPay id)', () => {
    const fields = { bankCode: '004', accountNumber: '0011535946', phoneNumber: '0951234567', promptPayId: '0105566012345' };
    expect(DEPOSIT_CHANNEL_KIND_INFO.bank.describe(fields)).toBe('004 0011535946');
    expect(DEPOSIT_CHANNEL_KIND_INFO.truemoney.describe(fields)).toBe('TrueMoney 0951234567');
    expect(DEPOSIT_CHANNEL_KIND_INFO.promptpay.describe(fields)).toBe('PromptPay 0105566012345');
  });
});
