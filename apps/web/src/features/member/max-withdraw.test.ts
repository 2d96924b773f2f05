import { describe, expect, it } from 'vitest';
import { describeMaxWithdraw } from './max-withdraw.ts';

describe('max-withdraw text on the member card', () => {
  it('says unlimited when the amount is 0', () => {
    expect(describeMaxWithdraw({ maxWithdrawType: 0, maxWithdrawAmount: 0 })).toEqual({ kind: 'unlimited' });
    expect(describeMaxWithdraw({ maxWithdrawType: 1, maxWithdrawAmount: 0 })).toEqual({ kind: 'unlimited' });
  });

  it('shows a multiple for type 1', () => {
    expect(describeMaxWithdraw({ maxWithdrawType: 1, maxWithdrawAmount: 5 })).toEqual({ kind: 'multiple', value: '5' });
  });

  it('shows baht with two decimals and separators for any other type', () => {
    expect(describeMaxWithdraw({ maxWithdrawType: 2, maxWithdrawAmount: 12500.5 })).toEqual({ kind: 'baht', value: '12,500.50' });
  });
});
