import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { notificationFor, staffAlertFor } from '../modules/line/index.ts';
import { OUTBOX_PAYLOADS, RECORD_ONLY_EVENT_KINDS, type OutboxEvent, type OutboxEventKind } from '../modules/outbox/index.ts';
import { OUTBOX_HANDLERS, handlersFor, isMemberLineMessageNeeded, isStaffAlertNeeded, type DispatchFacts } from './outbox-handlers.ts';

const GROUP = `C${'0'.repeat(32)}`;
const withGroup = { LINE_STAFF_GROUP_ID: GROUP } as AppConfig;
const withoutGroup = {} as AppConfig;
const linked = (...memberIds: string[]): DispatchFacts => ({ lineLinkedMemberIds: new Set(memberIds) });
const nobodyLinked = linked();

const eventOf = <K extends OutboxEventKind>(kind: K, payload: OutboxEvent<K>['payload'], memberId: string | null = 'mbr_1'): OutboxEvent =>
  ({ id: 1n, eventKey: `${kind}:1`, kind, memberId, payload: OUTBOX_PAYLOADS[kind].parse(payload), createdAt: new Date('2026-11-29T00:00:00Z') }) as OutboxEvent;

const withdrawalRequested = (status: string) => eventOf('withdrawal.requested', { memberId: 'mbr_1', withdrawalId: `wdr_${status}`, amountSatang: '10000', status });

/** One event of every kind (and both sides of the payload fields the rules look at). */
const EVERY_KIND: OutboxEvent[] = [
  eventOf('deposit.credited', { memberId: 'mbr_1', depositId: 'dep_1', amountSatang: '15000', balanceBeforeSatang: '0', turnoverNowSatang: '0', creditedAt: '2026-11-29T00:00:00Z' }),
  eventOf('deposit.held', { depositId: 'dep_2', amountSatang: '15000', reason: 'NO_MATCH', memberId: null }, null),
  eventOf('deposit.held', { depositId: 'dep_3', amountSatang: '15000', reason: 'RG_EXCLUDED', memberId: 'mbr_1' }),
  eventOf('deposit.refunded', { depositId: 'dep_3', amountSatang: '15000', note: 'n', memberId: 'mbr_1', reason: 'RG_EXCLUDED' }),
  ...['pending_approval', 'processing', 'paid', 'approved'].map(withdrawalRequested),
  eventOf('withdrawal.approved', { memberId: 'mbr_1', withdrawalId: 'wdr_1', amountSatang: '10000' }),
  eventOf('withdrawal.rejected', { memberId: 'mbr_1', withdrawalId: 'wdr_1', amountSatang: '10000', reason: null }),
  eventOf('withdrawal.paid', { memberId: 'mbr_1', withdrawalId: 'wdr_1', amountSatang: '10000' }),
  eventOf('withdrawal.failed', { memberId: 'mbr_1', withdrawalId: 'wdr_1', amountSatang: '10000' }),
  eventOf('bonus.decided', { memberId: 'mbr_1', depositId: 'dep_1', grantId: null }),
  eventOf('bonus.granted', { memberId: 'mbr_1', depositId: 'dep_1', grantId: 'grt_1', bonusSatang: '5000' }),
  eventOf('game-transfer.settled', { memberId: 'mbr_1', transferId: 'gtr_1', direction: 'in', amountSatang: '10000', outcome: 'posted' }),
  eventOf('cashback.available', { memberId: 'mbr_1', periodKey: '2026-11', amountSatang: '100' }),
  eventOf('affiliate-income.available', { memberId: 'mbr_1', periodKey: '2026-11', amountSatang: '100' }),
  eventOf('sms.requested', { smsId: 'sms_1' }, null),
  eventOf('member.password-reset', { memberId: 'mbr_1', by: 'member', at: '2026-11-29T00:00:00Z' }),
  eventOf('member.phone-changed', { memberId: 'mbr_1', oldPhone: '0800000000', newPhone: '0811111111', by: 'member', at: '2026-11-29T00:00:00Z' }),
  eventOf('feed-source.silent', { sourceId: 'src_1', kind: 'sms', silentForMs: 600_000, lastHeartbeatAt: null, alarmStartedAt: '2026-11-29T00:00:00Z' }, null),
];

describe('outbox handlers: which deliveries an event gets', () => {
  it('covers every event kind in these checks', () => {
    expect(new Set(EVERY_KIND.map((event) => event.kind))).toEqual(new Set(Object.keys(OUTBOX_PAYLOADS)));
  });

  it('records as already relayed exactly the kinds no handler follows (docs/adr/0071)', () => {
    // A kind on the list is never relayed: a handler added to it must take it off the list.
    const followed = new Set(Object.values(OUTBOX_HANDLERS).map((definition) => definition.follows));
    const unfollowed = Object.keys(OUTBOX_PAYLOADS).filter((kind) => !followed.has(kind as OutboxEventKind));
    expect(new Set(unfollowed)).toEqual(new Set(RECORD_ONLY_EVENT_KINDS));
    for (const event of EVERY_KIND) if ((RECORD_ONLY_EVENT_KINDS as readonly string[]).includes(event.kind)) expect(handlersFor(event, withGroup, linked('mbr_1'))).toEqual([]);
  });

  it('queues the staff alert of a withdrawal only when it waits for approval and a staff group is configured', () => {
    expect(handlersFor(withdrawalRequested('pending_approval'), withGroup, linked('mbr_1'))).toEqual(['line-withdrawal-requested', 'line-staff-withdrawal-waiting']);
    expect(handlersFor(withdrawalRequested('processing'), withGroup, linked('mbr_1'))).toEqual(['line-withdrawal-requested']);
    expect(handlersFor(withdrawalRequested('pending_approval'), withoutGroup, linked('mbr_1'))).toEqual(['line-withdrawal-requested']);
  });

  it('decides a staff alert by the same rule as staffAlertFor, for every event kind', async () => {
    // staffAlertFor reads a failed payout's reason: a database that knows none.
    const context = { db: { query: async () => ({ rows: [], rowCount: 0 }) } } as unknown as AppContext;
    for (const event of EVERY_KIND) {
      const isAlert = (await staffAlertFor(context, event)) !== null;
      expect(isStaffAlertNeeded(event, withGroup), `${event.kind} ${JSON.stringify(event.payload)}`).toBe(isAlert);
      expect(isStaffAlertNeeded(event, withoutGroup)).toBe(false);
    }
  });

  it('queues a member LINE message only for a member with a LINE link at dispatch, by the rule of notificationFor', () => {
    for (const event of EVERY_KIND) {
      const recipient = notificationFor(event)?.memberId ?? null;
      expect(isMemberLineMessageNeeded(event, withoutGroup, nobodyLinked)).toBe(false);
      expect(isMemberLineMessageNeeded(event, withoutGroup, linked('mbr_1')), event.kind).toBe(recipient === 'mbr_1');
    }
  });

  it('gives a credited deposit one follow-up delivery (docs/adr/0075), and the LINE one only when the member is linked', () => {
    const credited = EVERY_KIND[0]!;
    expect(handlersFor(credited, withoutGroup, nobodyLinked)).toEqual(['deposit-follow-up']);
    expect(handlersFor(credited, withoutGroup, linked('mbr_2'))).toEqual(['deposit-follow-up']);
    expect(handlersFor(credited, withoutGroup, linked('mbr_1'))).toEqual(['deposit-follow-up', 'line-deposit-credited']);
  });

  it('keeps the handlers retired by docs/adr/0075 registered for deliveries made before, and gives them none now', () => {
    for (const retired of ['grant-bonus', 'earn-wheel-credit']) {
      expect(OUTBOX_HANDLERS[retired]?.follows).toBe('deposit.credited');
      expect(OUTBOX_HANDLERS[retired]?.isNeeded?.(EVERY_KIND[0]!, withoutGroup, linked('mbr_1'))).toBe(false);
    }
    expect(OUTBOX_HANDLERS['continue-into-game']?.follows).toBe('bonus.decided');
  });
});
