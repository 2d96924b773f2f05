import { describe, expect, it } from 'vitest';
import th from '../locales/th.json';
import { bonusTitle, describePromotionTerms, readPromotions, settledPreference, type Translate } from './promotions.ts';

/** The real Thai templates, interpolated like lib/translate.ts does ({{value}}). */
const t: Translate = (key, values = {}) => {
  const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], th);
  if (typeof template !== 'string') throw new Error(`missing ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

const welcome = {
  DepositType: 1,
  BonusAmount: 1,
  MaxBonus: 1000,
  MaxBonusType: 2,
  TurnoverType: 1,
  TurnoverAmount: 5,
  MaxWithdrawAmount: 10,
  MaxWithdrawType: 1,
};

describe('promotion terms in Thai', () => {
  it('reads multiples and baht from the types', () => {
    expect(describePromotionTerms(welcome, t)).toBe('โบนัส 100% สูงสุด 1,000 บาท · เทิร์น 5 เท่า · ถอนสูงสุด 10 เท่า');
  });

  it('says unlimited for a cap of 0 and shows baht amounts', () => {
    expect(
      describePromotionTerms({ ...welcome, DepositType: 2, BonusAmount: 50, MaxBonus: 0, TurnoverType: 2, TurnoverAmount: 1500, MaxWithdrawAmount: 0 }, t),
    ).toBe('โบนัส 50 บาท ไม่จำกัดยอดโบนัส · เทิร์น 1,500 บาท · ถอนได้ไม่จำกัด');
  });

  it('handles fractional multiples and no turnover', () => {
    expect(describePromotionTerms({ ...welcome, BonusAmount: 0.15, MaxBonus: 1.5, MaxBonusType: 1, TurnoverAmount: 0, MaxWithdrawType: 2, MaxWithdrawAmount: 5000 }, t)).toBe(
      'โบนัส 15% สูงสุด 1.5 เท่า · ไม่ต้องทำเทิร์น · ถอนสูงสุด 5,000 บาท',
    );
  });
});

describe('promotion preference (spec §4)', () => {
  it('keeps the choice on success', () => {
    expect(settledPreference(true, 'success')).toBe(true);
    expect(settledPreference(false, 'success')).toBe(false);
  });

  it('reverts to the opposite value on failure or cancel', () => {
    expect(settledPreference(true, 'failure')).toBe(false);
    expect(settledPreference(true, 'cancel')).toBe(false);
    expect(settledPreference(false, 'failure')).toBe(true);
    expect(settledPreference(false, 'cancel')).toBe(true);
  });
});

describe('bonus name on the profile (dialog 11)', () => {
  const list = [{ _id: 'p1', title: 'โบนัสสมาชิกใหม่' }];
  it('is the title of the promotion with the member’s bonusId', () => expect(bonusTitle(list, 'p1')).toBe('โบนัสสมาชิกใหม่'));
  it('is null (a dash) without a match or a bonusId', () => {
    expect(bonusTitle(list, 'p2')).toBeNull();
    expect(bonusTitle(list, null)).toBeNull();
  });
});

describe('promotions on the landing page', () => {
  it('shows entries that have an id and a title', () => {
    expect(readPromotions([{ _id: 'p1', title: 'โบนัสสมาชิกใหม่ 50%', ImageUrl: '/static/p1.png' }])).toEqual([
      { id: 'p1', title: 'โบนัสสมาชิกใหม่ 50%', imageUrl: '/static/p1.png' },
    ]);
  });

  it('skips entries without a title instead of inventing one', () => {
    expect(readPromotions([{ _id: 'p1' }, null, 'x', { title: 'no id' }])).toEqual([]);
  });
});
