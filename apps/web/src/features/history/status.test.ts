import { describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import { describeStatus } from './status.ts';

const labelOf = (status: number, isBeingPaid = false) => {
  const view = describeStatus(status, isBeingPaid);
  if (!view) return null;
  const [, , key] = view.labelKey.split('.');
  return { label: th.history.status[key as keyof typeof th.history.status], tone: view.tone };
};

describe('transaction status labels (spec §4)', () => {
  it('shows 0 and 1 as approved', () => {
    expect(labelOf(0)).toEqual({ label: 'สำเร็จ', tone: 'success' });
    expect(labelOf(1)).toEqual({ label: 'สำเร็จ', tone: 'success' });
  });

  it('shows 2 as pending and 3 as failed', () => {
    expect(labelOf(2)).toEqual({ label: 'รอดำเนินการ', tone: 'pending' });
    expect(labelOf(3)).toEqual({ label: 'ไม่สำเร็จ', tone: 'failed' });
  });

  it('shows a pending withdrawal on its way to the bank as being paid, then paid', () => {
    expect(labelOf(2, true)).toEqual({ label: 'กำลังโอน', tone: 'pending' });
    expect(labelOf(1, true)).toEqual({ label: 'สำเร็จ', tone: 'success' });
  });

  it('knows no other status', () => {
    expect(describeStatus(9)).toBeNull();
    expect(describeStatus(-1)).toBeNull();
  });
});
