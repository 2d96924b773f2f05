import { describe, expect, it } from 'vitest';
import type { OutboxEvent } from '../outbox/index.ts';
import { notificationFor, notificationText } from './line-messages.ts';

const event = (kind: OutboxEvent['kind'], payload: Record<string, unknown>): OutboxEvent =>
  ({ id: 1n, eventKey: `test:${kind}`, kind, memberId: 'mem_1', payload, createdAt: new Date('2026-11-28T08:23:00Z') }) as OutboxEvent;

describe('LINE messages for a deposit refused by the member’s own protection (issue 26 §2)', () => {
  it.each([
    ['RG_DEPOSIT_LIMIT', 'เกินวงเงินฝากที่คุณตั้งไว้'],
    ['RG_EXCLUDED', 'อยู่ในช่วงพักการเล่นที่คุณตั้งไว้'],
  ])('titles a deposit held for %s as a refund, with the reason, and promises word when it is paid', (reason, words) => {
    const notification = notificationFor(event('deposit.held', { depositId: 'dep_1', amountSatang: '200000', reason, memberId: 'mem_1' }))!;
    expect(notification.title).toBe('ยอดฝากจะถูกโอนคืน');
    expect(notification.rows).toContainEqual(['จำนวน', '2,000.00 บาท']);
    expect(notification.rows).toContainEqual(['เหตุผล', words]);
    expect(notification.note).toContain('เราจะแจ้งอีกครั้งเมื่อโอนคืนแล้ว');
    expect(notificationText(notification)).not.toContain('รอตรวจสอบ');
  });

  it('keeps "ยอดฝากรอตรวจสอบ" for a deposit held for staff (not a refund)', () => {
    expect(notificationFor(event('deposit.held', { depositId: 'dep_1', amountSatang: '200000', reason: 'AML_REVIEW', memberId: 'mem_1' }))!.title).toBe('ยอดฝากรอตรวจสอบ');
  });

  it('tells the member when the refund is paid, with the amount and the reason', () => {
    const notification = notificationFor(event('deposit.refunded', { depositId: 'dep_1', amountSatang: '50000', note: 'rfd_1', memberId: 'mem_1', reason: 'RG_EXCLUDED' }))!;
    expect(notification).toMatchObject({ kind: 'deposit_held', memberId: 'mem_1', title: 'โอนคืนยอดฝากแล้ว', note: 'โอนคืนเข้าบัญชีธนาคารของคุณแล้ว' });
    expect(notification.rows).toEqual([['จำนวน', '500.00 บาท'], ['เหตุผล', 'อยู่ในช่วงพักการเล่นที่คุณตั้งไว้'], ['เวลา', expect.stringMatching(/^28\/11\/2569 15:23$/)]]);
  });

  it('sends nothing for a refund of a deposit nobody was matched to', () => {
    expect(notificationFor({ ...event('deposit.refunded', { depositId: 'dep_1', amountSatang: '50000', note: 'rfd_1', memberId: null, reason: null }), memberId: null })).toBeNull();
  });
});
