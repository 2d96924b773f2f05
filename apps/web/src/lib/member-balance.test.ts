import { describe, expect, it } from 'vitest';
import { readBahtInput } from './amount-input.ts';
import { memberBalanceSatang } from './member-balance.ts';

describe('member balance', () => {
  it('adds main and game wallets exactly', () => {
    expect(memberBalanceSatang({ mainWallet: 0.1, gameWallet: 0.2 })).toBe(30n);
    expect(memberBalanceSatang({ mainWallet: 500, gameWallet: 0 })).toBe(50_000n);
  });
});

describe('baht input', () => {
  it('reads plain amounts, with or without thousands separators', () => {
    expect(readBahtInput(' 1,234.5 ')).toEqual({ ok: true, amount: 1234.5, amountSatang: 123_450n });
  });

  it('names what is wrong', () => {
    expect(readBahtInput('')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(readBahtInput('1.234')).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(readBahtInput('-5')).toEqual({ ok: false, reason: 'NEGATIVE' });
    expect(readBahtInput('0')).toEqual({ ok: false, reason: 'ZERO' });
    expect(readBahtInput('1e3')).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
  });
});
