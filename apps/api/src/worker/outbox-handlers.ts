import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { fromSatangText, recordOutboxEvent, type OutboxEvent, type OutboxEventKind, type OutboxHandler } from '../modules/outbox/index.ts';
import { grantBonusAfterDeposit } from '../modules/promotions/index.ts';
import { earnPrizeCredit } from '../modules/rewards/index.ts';
import { continueIntoGame } from '../modules/play/index.ts';
import { notifyBalanceChanged } from '../lib/balance-notifications.ts';
import { isAppError } from '../lib/app-error.ts';
import { refundHeldDeposit } from '../modules/deposits/index.ts';
import { createLineClient, notifyMemberByLine, notifyStaffGroupByLine } from '../modules/line/index.ts';
import { sendQueuedSms } from '../modules/sms/index.ts';

/**
 * What follows a money event (issue 10 §3): each handler follows one event kind and is
 * idempotent by event id (modules/outbox/run-outbox-delivery.ts). The worker gives each its own
 * job queue `outbox.<handler>`; tests run them inline (worker/run-outbox-inline.ts).
 *
 * deposit.credited ─┬─ grant-bonus (records bonus.decided) ── continue-into-game
 *                   └─ earn-wheel-credit
 *
 * The move into the game follows the bonus decision, so a bonus granted for the deposit goes into
 * the game with it. LINE notifications (issue 12, modules/line) follow each money event a member
 * hears about: `line-<event kind with - for .>` (line-deposit-credited…), external (LINE is called; idempotent by X-Line-Retry-Key and the
 * line_messages row; 429 / 5xx throw and are retried with backoff).
 */
export interface OutboxHandlerDefinition {
  follows: OutboxEventKind;
  build: (context: AppContext) => OutboxHandler;
  /**
   * False when the handler could only find nothing to do with this event under this configuration
   * (a pure check of the payload and the config, at dispatch): no delivery is created, where it
   * would have been queued, run, done nothing and been marked done — a job and ~5 statements of
   * the worker's per event (docs/adr/0062). Absent: every event of the kind is delivered.
   */
  isNeeded?: (event: OutboxEvent, config: AppConfig) => boolean;
}

const payloadOf = <K extends OutboxEventKind>(event: OutboxEvent, kind: K) => {
  if (event.kind !== kind) throw new Error(`outbox event ${event.id} is ${event.kind}, expected ${kind}`);
  return (event as OutboxEvent<K>).payload;
};

export const OUTBOX_HANDLERS: Record<string, OutboxHandlerDefinition> = {
  'grant-bonus': {
    follows: 'deposit.credited',
    build: (context) => ({
      mode: 'transactional',
      async work(tx, event) {
        const payload = payloadOf(event, 'deposit.credited');
        const grantId = await grantBonusAfterDeposit(tx, {
          memberId: payload.memberId,
          depositId: payload.depositId,
          depositSatang: fromSatangText(payload.amountSatang),
          balanceBeforeSatang: fromSatangText(payload.balanceBeforeSatang),
          turnoverNowSatang: fromSatangText(payload.turnoverNowSatang),
          now: context.now(),
        });
        await recordOutboxEvent(tx, {
          kind: 'bonus.decided',
          eventKey: `bonus.decided:${payload.depositId}`,
          memberId: payload.memberId,
          payload: { memberId: payload.memberId, depositId: payload.depositId, grantId },
        });
        if (grantId) await notifyBalanceChanged(tx, payload.memberId, 'deposit');
      },
    }),
  },
  'earn-wheel-credit': {
    follows: 'deposit.credited',
    build: () => ({
      mode: 'transactional',
      async work(tx, event) {
        const payload = payloadOf(event, 'deposit.credited');
        const { earnedSatang } = await earnPrizeCredit(tx, { memberId: payload.memberId, depositId: payload.depositId, depositAmountSatang: fromSatangText(payload.amountSatang) });
        if (earnedSatang > 0n) await notifyBalanceChanged(tx, payload.memberId, 'deposit');
      },
    }),
  },
  // Player protection (issue 12): a deposit held because of the member's own exclusion or deposit
  // limit goes back to their bound account through the refund flow (paid once, by reference).
  'refund-protected-deposit': {
    follows: 'deposit.held',
    build: (context) => ({
      mode: 'external',
      async work(event) {
        const payload = payloadOf(event, 'deposit.held');
        if (!payload.memberId || !payload.reason?.startsWith('RG_')) return;
        const { rows } = await context.db.query<{ bank_code: string; bank_account_number: string }>('SELECT bank_code, bank_account_number FROM members WHERE id = $1', [payload.memberId]);
        const member = rows[0];
        if (!member) throw new Error(`member ${payload.memberId} not found`);
        try {
          await refundHeldDeposit(context, {
            depositId: payload.depositId,
            actor: 'system:player-protection',
            actorRole: null,
            address: null,
            note: payload.reason === 'RG_EXCLUDED' ? 'คืนเงินฝากระหว่างพักการเล่น' : 'คืนเงินฝากที่เกินวงเงินฝากที่สมาชิกตั้งไว้',
            bankCode: member.bank_code,
            accountNumber: member.bank_account_number,
          });
        } catch (error) {
          // Already refunded or being refunded (a second run of this job): nothing left to do.
          if (isAppError(error) && error.code === 'STATE_CONFLICT') return;
          throw error;
        }
      },
    }),
  },
  // Issue 27 §2: every SMS (codes, notices) is recorded with this event and sent here through the
  // SMS provider; no answer or 429 / 5xx throws and is retried with the same message id.
  'send-sms': {
    follows: 'sms.requested',
    build: (context) => ({
      mode: 'external',
      async work(event) {
        await sendQueuedSms(context, payloadOf(event, 'sms.requested').smsId);
      },
    }),
  },
  'continue-into-game': {
    follows: 'bonus.decided',
    build: (context) => ({
      mode: 'external',
      async work(event) {
        await continueIntoGame(context, payloadOf(event, 'bonus.decided').memberId);
      },
    }),
  },
};

/** The events members hear about by LINE (docs/line.md "Message catalogue"). */
const LINE_EVENT_KINDS = [
  'deposit.credited',
  'deposit.held',
  'deposit.refunded',
  'withdrawal.requested',
  'withdrawal.paid',
  'withdrawal.rejected',
  'bonus.granted',
  'cashback.available',
  'affiliate-income.available',
  // Account security (issue 27 §3): always sent to a linked member.
  'member.password-reset',
  'member.phone-changed',
] as const satisfies readonly OutboxEventKind[];

for (const kind of LINE_EVENT_KINDS) {
  OUTBOX_HANDLERS[`line-${kind.replace('.', '-')}`] = {
    follows: kind,
    build: (context) => {
      const client = createLineClient(context.config);
      return {
        mode: 'external',
        async work(event) {
          await notifyMemberByLine(context, client, event);
        },
      };
    },
  };
}

/**
 * Alerts to the staff group on LINE (issue 25 §4, docs/adr/0052; LINE_STAFF_GROUP_ID): a
 * withdrawal waiting for approval, a failed payout, a silent feed source. External, idempotent by
 * the staff_line_alerts row and X-Line-Retry-Key; nothing when no group is configured.
 */
const STAFF_ALERT_HANDLERS = {
  'line-staff-withdrawal-waiting': 'withdrawal.requested',
  'line-staff-payout-failed': 'withdrawal.failed',
  'line-staff-feed-source-silent': 'feed-source.silent',
} as const satisfies Record<string, OutboxEventKind>;

/**
 * Whether `notifyStaffGroupByLine` (modules/line/notify-staff.ts) could send anything for the
 * event: a staff group is configured, and the event is an alert (`staffAlertFor`: a requested
 * withdrawal only when it waits for approval). Auto-paid withdrawals and a site without a staff
 * group queue no staff-alert job (outbox-handlers.test.ts checks this against `staffAlertFor`).
 */
export function isStaffAlertNeeded(event: OutboxEvent, config: AppConfig): boolean {
  if (!config.LINE_STAFF_GROUP_ID) return false;
  if (event.kind === 'withdrawal.requested') return (event as OutboxEvent<'withdrawal.requested'>).payload.status === 'pending_approval';
  return true;
}

for (const [name, kind] of Object.entries(STAFF_ALERT_HANDLERS)) {
  OUTBOX_HANDLERS[name] = {
    follows: kind,
    isNeeded: isStaffAlertNeeded,
    build: (context) => {
      const client = createLineClient(context.config);
      return {
        mode: 'external',
        async work(event) {
          await notifyStaffGroupByLine(context, client, event);
        },
      };
    },
  };
}

/** The handler names that follow an event (its kind, and each handler's `isNeeded` under `config`). */
export function handlersFor(event: OutboxEvent, config: AppConfig): string[] {
  return Object.entries(OUTBOX_HANDLERS)
    .filter(([, definition]) => definition.follows === event.kind && (definition.isNeeded?.(event, config) ?? true))
    .map(([name]) => name);
}
