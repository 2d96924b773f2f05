import { describe, expect, it } from 'vitest';
import { describeWithdrawReason, validateWithdrawAmount } from './validation.ts';

describe('withdraw amount (spec §5)', () => {
  const limits = { minWithdraw: 100, maxWithdraw: 50_000, availableAmount: 500 };

  it('refuses an amount below the minimum with the spec message', () => {
    expect(validateWithdrawAmount('99.99', limits)).toEqual({ ok: false, message: 'ถอนเงินขั้นต่ำ 100.00 บาท' });
    expect(validateWithdrawAmount('0', limits)).toEqual({ ok: false, message: 'ถอนเงินขั้นต่ำ 100.00 บาท' });
    expect(validateWithdrawAmount('-5', limits)).toEqual({ ok: false, message: 'ถอนเงินขั้นต่ำ 100.00 บาท' });
  });

  it('accepts the minimum itself and amounts with up to two decimals', () => {
    expect(validateWithdrawAmount('100', limits)).toEqual({ ok: true, amount: 100 });
    expect(validateWithdrawAmount('200.50', limits)).toEqual({ ok: true, amount: 200.5 });
  });

  it('asks for an amount when the field is empty', () => {
    expect(validateWithdrawAmount('  ', limits)).toEqual({ ok: false, message: 'กรุณาระบุจำนวนเงินที่ต้องการถอน' });
  });

  it('refuses more than two decimals and anything that is not a plain number', () => {
    const invalid = { ok: false, message: 'จำนวนเงินไม่ถูกต้อง กรุณาระบุเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง' };
    expect(validateWithdrawAmount('150.001', limits)).toEqual(invalid);
    expect(validateWithdrawAmount('abc', limits)).toEqual(invalid);
  });

  it('refuses more than the per-request maximum and more than is available', () => {
    expect(validateWithdrawAmount('60000', { ...limits, availableAmount: 100_000 })).toEqual({ ok: false, message: 'ถอนเงินได้สูงสุด 50,000.00 บาทต่อครั้ง' });
    expect(validateWithdrawAmount('500.01', limits)).toEqual({ ok: false, message: 'ยอดเงินไม่เพียงพอ' });
  });

  it('skips the checks whose limits are not known', () => {
    expect(validateWithdrawAmount('1000000', { minWithdraw: 0 })).toEqual({ ok: true, amount: 1_000_000 });
  });
});

describe('describeWithdrawReason', () => {
  it('writes the minimum like the form does, and passes other reasons through', () => {
    expect(describeWithdrawReason({ code: 'WITHDRAW_BELOW_MINIMUM', message: 'ถอนเงินขั้นต่ำ 100 บาท' }, { minWithdraw: 100 })).toBe('ถอนเงินขั้นต่ำ 100.00 บาท');
    expect(describeWithdrawReason({ code: 'TURNOVER_NOT_MET', message: 'ยอดเทิร์นโอเวอร์ยังไม่ครบตามเงื่อนไข' }, { minWithdraw: 100 })).toBe('ยอดเทิร์นโอเวอร์ยังไม่ครบตามเงื่อนไข');
  });
});
