import { describe, expect, it } from 'vitest';
import { REGISTRATION_BANKS, findBankByCode, findBankByShortName, isRegistrationBankCode } from './banks.ts';

describe('bank table', () => {
  it('holds exactly the 17 registration banks of spec §3, in its order', () => {
    expect(REGISTRATION_BANKS.map((bank) => bank.code)).toEqual([
      '014', '002', '004', '006', '034', '011', '017', '020', '022', '024', '025', '030', '033', '073', '067', '069', '066',
    ]);
  });

  it('has unique codes, short names and well-formed colours', () => {
    expect(new Set(REGISTRATION_BANKS.map((bank) => bank.code)).size).toBe(17);
    expect(new Set(REGISTRATION_BANKS.map((bank) => bank.shortName)).size).toBe(17);
    for (const bank of REGISTRATION_BANKS) {
      expect(bank.code).toMatch(/^\d{3}$/);
      expect(bank.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(bank.officialName.startsWith('ธนาคาร')).toBe(true);
    }
  });

  it('finds banks by code and by SMS symbol, and nothing else', () => {
    expect(findBankByCode('004')?.shortName).toBe('KBANK');
    expect(findBankByShortName('baac')?.code).toBe('034');
    expect(findBankByCode('999')).toBeUndefined();
    expect(isRegistrationBankCode('-1')).toBe(false);
    expect(isRegistrationBankCode(14)).toBe(false);
  });
});
