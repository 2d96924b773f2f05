import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { fromSatangText, recordOutboxEvent, type OutboxEvent, type OutboxEventKind, type OutboxHandler, type OutboxPayload } from '../modules/outbox/index.ts';
import { grantBonusAfterDeposit } from '../modules/promotions/index.ts';
import { earnPrizeCredit } from '../modules/rewards/index.ts';
import { continueIntoGame } from '../modules/play/index.ts';
import { balanceChangedNotification, notifyBalanceChanged } from '../lib/balance-notifications.ts';
import { isAppError } from '../lib/app-error.ts';
import { refundHeldDeposit } from '../modules/deposits/index.ts';
import type { Queryable } from '@sabai/db';
import { createLineClient, lineRecipientOf, membersLinkedToLine, notifyMemberByLine, notifyStaffGroupByLine, staffAlertKindOf } from '../modules/line/index.ts';
import { sendQueuedSms } from '../modules/sms/index.ts';

/**
 * What follows a money event (issue 10 §3): each handler follows one event kind and is
 * idempotent by event id (modules/outbox/run-outbox-delivery.ts). The worker gives each its own
 * job queue `outbox.<handler>`; tests run them inline (worker/run-outbox-inline.ts).
 *
 * deposit.credited ── deposit-follow-up: bonus decision + wheel credit (one transaction), then
 *                      the move into the game (docs/adr/0075)
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
   * (a check of the payload, the config and the relay batch's `facts`, at dispatch): no delivery
   * is created, where it would have been queued, run, done nothing and been marked done — a job
   * and ~5 statements of the worker's per event (docs/adr/0062, 0067). Absent: every event of the
   * kind is delivered.
   */
  isNeeded?: (event: OutboxEvent, config: AppConfig, facts: DispatchFacts) => boolean;
  /** Jobs of this handler run at once in one worker process (default 2; 1 on PGlite). */
  workers?: number;
}

/**
 * What the relay reads once per batch to decide deliveries the payloads alone cannot
 * (`readDispatchFacts`): the batch's members that have a LINE link now.
 */
export interface DispatchFacts {
  lineLinkedMemberIds: ReadonlySet<string>;
}

const payloadOf = <K extends OutboxEventKind>(event: OutboxEvent, kind: K) => {
  if (event.kind !== kind) throw new Error(`outbox event ${event.id} is ${event.kind}, expected ${kind}`);
  return (event as OutboxEvent<K>).payload;
};

/** A credited deposit's bonus decision (money.md "Bonus"), on the basis read when it was credited. @returns the grant id, or null. */
const decideDepositBonus = (context: AppContext, tx: Queryable, payload: OutboxPayload<'deposit.credited'>) =>
  grantBonusAfterDeposit(tx, {
    memberId: payload.memberId,
    depositId: payload.depositId,
    depositSatang: fromSatangText(payload.amountSatang),
    balanceBeforeSatang: fromSatangText(payload.balanceBeforeSatang),
    turnoverNowSatang: fromSatangText(payload.turnoverNowSatang),
    now: context.now(),
  });

/** A credited deposit's wheel credit (modules/rewards); the balance notification rides in its posting's statement, sent only when credit is earned. */
const earnDepositWheelCredit = (tx: Queryable, payload: OutboxPayload<'deposit.credited'>) =>
  earnPrizeCredit(tx, {
    memberId: payload.memberId,
    depositId: payload.depositId,
    depositAmountSatang: fromSatangText(payload.amountSatang),
    alsoNotify: balanceChangedNotification(payload.memberId, 'deposit'),
  });

/**
 * Handlers retired by docs/adr/0075 (`deposit-follow-up` does their work): no delivery is created
 * for them any more; they stay registered so deliveries created before the upgrade (a job queued,
 * retrying, or a dead letter staff send again) still run. `bonus.decided` is recorded only by the
 * retired `grant-bonus`, so `continue-into-game` follows only those.
 */
const isRetired = () => false;

export const OUTBOX_HANDLERS: Record<string, OutboxHandlerDefinition> = {
  // A credited deposit's follow-up, one delivery (docs/adr/0075; was grant-bonus, earn-wheel-credit
  // and continue-into-game through bonus.decided, docs/adr/0067, 0071): the bonus decision and the
  // wheel credit commit together once (the delivery staged), then the main wallet moves into the
  // game — after the decision, so a bonus granted for the deposit goes in with it. A failed move is
  // retried alone. One balance notification: the wheel's posting carries it; a granted bonus with
  // no wheel credit sends its own.
  'deposit-follow-up': {
    follows: 'deposit.credited',
    workers: 4,
    build: (context) => ({
      mode: 'staged',
      async commit(tx, event) {
        const payload = payloadOf(event, 'deposit.credited');
        const grantId = await decideDepositBonus(context, tx, payload);
        const { earnedSatang } = await earnDepositWheelCredit(tx, payload);
        if (grantId && earnedSatang === 0n) await notifyBalanceChanged(tx, payload.memberId, 'deposit');
      },
      async then(event) {
        await continueIntoGame(context, payloadOf(event, 'deposit.credited').memberId);
      },
    }),
  },
  'grant-bonus': {
    follows: 'deposit.credited',
    isNeeded: isRetired,
    build: (context) => ({
      mode: 'transactional',
      async work(tx, event) {
        const payload = payloadOf(event, 'deposit.credited');
        const grantId = await decideDepositBonus(context, tx, payload);
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
    isNeeded: isRetired,
    build: () => ({
      mode: 'transactional',
      async work(tx, event) {
        await earnDepositWheelCredit(tx, payloadOf(event, 'deposit.credited'));
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
  // Retired (docs/adr/0075): follows the bonus.decided events the retired grant-bonus records.
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

const isLineEventKind = (kind: OutboxEventKind) => (LINE_EVENT_KINDS as readonly OutboxEventKind[]).includes(kind);

/**
 * A member's LINE message is delivered only when the event names a member (`lineRecipientOf`, the
 * rule `notifyMemberByLine` follows) who has a LINE link at dispatch (docs/adr/0067): for a member
 * without one the delivery could only read "not linked" and be marked done. A link made between the
 * relay and the delivery's run no longer brings that one event's message; the handler still checks
 * the link (and preferences, follow state) when it runs.
 */
export function isMemberLineMessageNeeded(event: OutboxEvent, _config: AppConfig, facts: DispatchFacts): boolean {
  const memberId = lineRecipientOf(event);
  return memberId !== null && facts.lineLinkedMemberIds.has(memberId);
}

for (const kind of LINE_EVENT_KINDS) {
  OUTBOX_HANDLERS[`line-${kind.replace('.', '-')}`] = {
    follows: kind,
    isNeeded: isMemberLineMessageNeeded,
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
 * event: a staff group is configured, and the event is an alert by `staffAlertKindOf` — the rule
 * `staffAlertFor` itself starts from (a requested withdrawal only when it waits for approval).
 * Auto-paid withdrawals and a site without a staff group queue no staff-alert job.
 */
export function isStaffAlertNeeded(event: OutboxEvent, config: AppConfig): boolean {
  return Boolean(config.LINE_STAFF_GROUP_ID) && staffAlertKindOf(event) !== null;
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

/**
 * The relay batch's `DispatchFacts`, in the relay's transaction: the LINE links of the members its
 * LINE-heard events name, one statement (`membersLinkedToLine`), none when no event of the batch
 * is heard on LINE.
 */
export async function readDispatchFacts(tx: Queryable, events: readonly OutboxEvent[]): Promise<DispatchFacts> {
  const memberIds = events.flatMap((event) => {
    const memberId = isLineEventKind(event.kind) ? lineRecipientOf(event) : null;
    return memberId === null ? [] : [memberId];
  });
  return { lineLinkedMemberIds: await membersLinkedToLine(tx, memberIds) };
}

/** The handler names that follow an event (its kind, and each handler's `isNeeded` under `config` and the batch's `facts`). */
export function handlersFor(event: OutboxEvent, config: AppConfig, facts: DispatchFacts): string[] {
  return Object.entries(OUTBOX_HANDLERS)
    .filter(([, definition]) => definition.follows === event.kind && (definition.isNeeded?.(event, config, facts) ?? true))
    .map(([name]) => name);
}
