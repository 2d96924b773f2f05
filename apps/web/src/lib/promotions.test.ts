import { describe, expect, it } from 'vitest';
import { readPromotions } from './promotions.ts';

describe('promotions on the landing page', () => {
  it('shows entries that have an id and a title', () => {
    expect(readPromotions([{ _id: 'p1', title: 'โบนัสสมาชิกใหม่ 50%', ImageUrl: '/static/p1.png' }])).toEqual([
      { id: 'p1', title: 'โบนัสสมาชิกใหม่ 50%', imageUrl: '/static/p1.png' },
    ]);
  });

  it('skips entries without a title instead of inventing one', () => {
    expect(readPromotions([{ _id: 'p1' }, null, 'x', { title: 'no id' }])).toEqual([]);
  });

  it('keeps a promotion without an image', () => {
    expect(readPromotions([{ _id: 7, title: 'คืนยอดเสีย' }])).toEqual([{ id: '7', title: 'คืนยอดเสีย', imageUrl: null }]);
  });
});
