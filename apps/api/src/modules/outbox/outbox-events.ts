import { z } from 'zod';

/**
 * The money events of the transactional outbox (issue 10 §3) and the shape of each payload.
 * Amounts are satang as decimal strings (JSON has no bigint); `satangText` reads them back.
 *
 * Who records them, each in the transaction of its ledger postings:
 * - `deposit.credited` / `deposit.held` / `deposit.refunded`: deposits (process-feed-event, resolve-held-deposit);
 * - `withdrawal.requested` / `.approved` / `.rejected` / `.paid` / `.failed`: withdrawals;
 * - `bonus.decided` (always, after a credited deposit) and `bonus.granted` (when a bonus was paid): promotions;
 * - `game-transfer.settled`: play (GAME_IN / GAME_OUT posted or voided);
 * - `cashback.available`, `affiliate-income.available`: cashback and affiliate periods;
 * - `sms.requested`: sms (queue-sms.ts), with its `sms_messages` row (issue 27 §2);
 * - `member.password-reset`, `member.phone-changed`: auth and members (issue 27 §3), heard by LINE and SMS;
 * - `feed-source.silent`: feed-sources (start-silence-alarms.ts), when a source's silence alarm starts (issue 25 §4: the staff LINE group hears it).
 */
const satangText = z.string().regex(/^-?\d{1,18}$/, 'satang as a decimal string');
const memberId = z.string().min(1).max(64);

export const OUTBOX_PAYLOADS = {
  'deposit.credited': z.object({
    memberId,
    depositId: z.string(),
    amountSatang: satangText,
    /** The member's main + game money before this deposit (posted), read in the deposit's transaction. */
    balanceBeforeSatang: satangText,
    /** The member's total turnover when the deposit was credited (a bonus grant's turnover starts here). */
    turnoverNowSatang: satangText,
    creditedAt: z.string(),
  }),
  'deposit.held': z.object({ depositId: z.string(), amountSatang: satangText, reason: z.string().nullable(), memberId: memberId.nullable() }),
  /** `memberId` and `reason` (the hold's) when the deposit was a member's (optional: events recorded before issue 26 have neither). */
  'deposit.refunded': z.object({ depositId: z.string(), amountSatang: satangText, note: z.string(), memberId: memberId.nullable().optional(), reason: z.string().nullable().optional() }),
  'withdrawal.requested': z.object({ memberId, withdrawalId: z.string(), amountSatang: satangText, status: z.string() }),
  'withdrawal.approved': z.object({ memberId, withdrawalId: z.string(), amountSatang: satangText }),
  'withdrawal.rejected': z.object({ memberId, withdrawalId: z.string(), amountSatang: satangText, reason: z.string().nullable() }),
  'withdrawal.paid': z.object({ memberId, withdrawalId: z.string(), amountSatang: satangText }),
  'withdrawal.failed': z.object({ memberId, withdrawalId: z.string(), amountSatang: satangText }),
  'bonus.decided': z.object({ memberId, depositId: z.string(), grantId: z.string().nullable() }),
  'bonus.granted': z.object({ memberId, depositId: z.string(), grantId: z.string(), bonusSatang: satangText }),
  'game-transfer.settled': z.object({ memberId, transferId: z.string(), direction: z.enum(['in', 'out']), amountSatang: satangText, outcome: z.enum(['posted', 'voided']) }),
  'cashback.available': z.object({ memberId, periodKey: z.string(), amountSatang: satangText }),
  'affiliate-income.available': z.object({ memberId, periodKey: z.string(), amountSatang: satangText }),
  'sms.requested': z.object({ smsId: z.string().min(1).max(64) }),
  /** `by`: the member (forgot password, by SMS code) or staff (a one-time password given by support). */
  'member.password-reset': z.object({ memberId, by: z.enum(['member', 'staff']), at: z.string() }),
  'member.phone-changed': z.object({ memberId, oldPhone: z.string(), newPhone: z.string(), by: z.enum(['member', 'staff']), at: z.string() }),
  /** A bank-feed source (an SMS phone, an e-mail box, an API feed) went silent past its threshold: the alarm started at `alarmStartedAt`. */
  'feed-source.silent': z.object({ sourceId: z.string().min(1).max(64), kind: z.string().max(40), silentForMs: z.number().int().min(0), lastHeartbeatAt: z.string().nullable(), alarmStartedAt: z.string() }),
} as const;

export type OutboxEventKind = keyof typeof OUTBOX_PAYLOADS;
export type OutboxPayload<K extends OutboxEventKind> = z.infer<(typeof OUTBOX_PAYLOADS)[K]>;

/** A stored event as handlers see it. */
export interface OutboxEvent<K extends OutboxEventKind = OutboxEventKind> {
  id: bigint;
  eventKey: string;
  kind: K;
  memberId: string | null;
  payload: OutboxPayload<K>;
  createdAt: Date;
}

export const isOutboxEventKind = (kind: string): kind is OutboxEventKind => Object.hasOwn(OUTBOX_PAYLOADS, kind);

/**
 * The kinds no handler follows (worker/outbox-handlers.ts; outbox-handlers.test.ts holds this list
 * equal to the kinds with no handler at all): kept as the record of what happened, never delivered
 * (docs/adr/0071). They are written already relayed (`dispatched_at` = their `created_at`) and wake
 * no relay, where a relay would claim them, plan nothing and mark them dispatched — a transaction
 * of four statements per event (a game transfer's settlement, a withdrawal's approval). A handler
 * added to one of these kinds must take it off this list.
 */
export const RECORD_ONLY_EVENT_KINDS = ['withdrawal.approved', 'game-transfer.settled'] as const satisfies readonly OutboxEventKind[];

/** Whether events of `kind` are recorded already relayed (RECORD_ONLY_EVENT_KINDS). */
export const isRecordOnlyEventKind = (kind: OutboxEventKind): boolean => (RECORD_ONLY_EVENT_KINDS as readonly OutboxEventKind[]).includes(kind);

/** satang (bigint) → the payload's decimal string. */
export const toSatangText = (amountSatang: bigint): string => amountSatang.toString();
/** The payload's decimal string → satang (bigint). @throws on anything but an integer text. */
export function fromSatangText(text: string): bigint {
  if (!/^-?\d{1,18}$/.test(text)) throw new Error(`not satang text: ${text}`);
  return BigInt(text);
}
