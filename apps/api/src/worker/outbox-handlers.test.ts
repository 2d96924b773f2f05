import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { staffAlertFor } from '../modules/line/index.ts';
import type { OutboxEvent } from '../modules/outbox/index.ts';
import { handlersFor, isStaffAlertNeeded } from './outbox-handlers.ts';

const GROUP = `C${'0'.repeat(32)}`;
const withGroup = { LINE_STAFF_GROUP_ID: GROUP } as AppConfig;
const withoutGroup = {} as AppConfig;

const withdrawalRequested = (status: string): OutboxEvent =>
  ({
    id: 1n,
    eventKey: `withdrawal.requested:wdr_${status}`,
    kind: 'withdrawal.requested',
    memberId: 'mbr_1',
    payload: { memberId: 'mbr_1', withdrawalId: `wdr_${status}`, amountSatang: '10000', status },
    createdAt: new Date('2026-11-29T00:00:00Z'),
  }) as OutboxEvent;

describe('outbox handlers: which deliveries an event gets', () => {
  it('queues the staff alert of a withdrawal only when it waits for approval and a staff group is configured', () => {
    expect(handlersFor(withdrawalRequested('pending_approval'), withGroup)).toEqual(['line-withdrawal-requested', 'line-staff-withdrawal-waiting']);
    expect(handlersFor(withdrawalRequested('processing'), withGroup)).toEqual(['line-withdrawal-requested']);
    expect(handlersFor(withdrawalRequested('pending_approval'), withoutGroup)).toEqual(['line-withdrawal-requested']);
  });

  it('skips only requested withdrawals that staffAlertFor would not alert about', async () => {
    const context = { db: null } as unknown as AppContext;
    for (const status of ['pending_approval', 'processing', 'paid', 'approved']) {
      const event = withdrawalRequested(status);
      const isAlert = (await staffAlertFor(context, event)) !== null;
      expect(isStaffAlertNeeded(event, withGroup)).toBe(isAlert);
    }
  });
});
