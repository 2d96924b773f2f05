import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffRole } from '../staff/index.ts';
import { moneyActionHandler, type MoneyActionJson } from './money-action-handlers.ts';
import { bangkokDay, MONEY_ACTION_POLICY, roleMayRequest, type MoneyActionKind } from './money-action-policy.ts';
import { findMoneyApprovalByKey, readMoneyApproval, staffUsername, toJsonText, type MoneyApproval } from './money-approval-rows.ts';
import { readRoleDailyLimit } from './role-daily-limits.ts';

export interface MoneyActionRequest {
  kind: MoneyActionKind;
  requester: { staffId: string; role: StaffRole };
  /** What the action moves or commits, satang, ≥ 0 (an item-code batch: amount × uses). */
  amountSatang: bigint;
  /** What it is about, e.g. { type: 'member', id: 'mbr_…' }. */
  subject: { type: string; id: string };
  /** Everything the handler needs to execute it later (JSON; bigints are stored as strings). */
  payload: MoneyActionJson;
  /** The requester's key: a retry with the same key returns the stored answer. */
  idempotencyKey: string;
  /** Why (shown to the approver, audited). */
  reason?: string | null;
  /** The client address of the request (audit). */
  address?: string | null;
  /** The clock (the day the limit counts in); default: now. */
  now?: Date;
  /** A second person whatever the limit (e.g. a refund whose destination name differs from the sender's). */
  requireSecondPerson?: boolean;
}

export type MoneyActionOutcome =
  | { status: 'executed'; approvalId: string; result: MoneyActionJson }
  | { status: 'pending'; approvalId: string }
  | { status: 'rejected'; approvalId: string };

/** The answer an approval row gives (a fresh request, or a retry with the same key). */
export function outcomeOf(approval: MoneyApproval): MoneyActionOutcome {
  if (approval.status === 'executed') return { status: 'executed', approvalId: approval.approvalId, result: approval.result ?? {} };
  return { status: approval.status, approvalId: approval.approvalId };
}

/**
 * Asks for a money action under the maker-checker policy (issue 25 §1, docs/adr/0048), in the
 * caller's transaction. The requester's role must be allowed to ask for `kind`. When the kind has
 * a daily limit and the requester's lone actions today (Bangkok day), THIS amount included, stay
 * within their role's limit, the registered handler executes it at once → `executed`; otherwise
 * it waits for a second person → `pending` (approveMoneyAction). Splitting cannot escape: the
 * requester's day row is locked while counted. Audited. Idempotent on `idempotencyKey` (same key,
 * other content → IDEMPOTENCY_CONFLICT). @throws AppError STAFF_FORBIDDEN, INVALID_AMOUNT,
 * IDEMPOTENCY_CONFLICT, and whatever the handler throws (nothing is stored then).
 */
export async function requestMoneyAction(tx: Queryable, input: MoneyActionRequest): Promise<MoneyActionOutcome> {
  if (!roleMayRequest(input.kind, input.requester.role)) throw new AppError('STAFF_FORBIDDEN');
  if (input.amountSatang < 0n) throw new AppError('INVALID_AMOUNT');
  const stored = await findMoneyApprovalByKey(tx, input.idempotencyKey);
  if (stored) return replay(stored, input);
  const now = input.now ?? new Date();
  const day = bangkokDay(now);
  const withinLimit = await takeFromDailyLimit(tx, input, day);
  const approvalId = newPrefixedId('apr');
  await tx.query(
    `INSERT INTO money_approvals (id, kind, idempotency_key, requester_staff_id, requester_role, amount_satang, subject_type, subject_id, reason, payload, status, within_limit, requested_day, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, 'pending', $11, $12::date, $13)`,
    [approvalId, input.kind, input.idempotencyKey, input.requester.staffId, input.requester.role, input.amountSatang, input.subject.type, input.subject.id,
      input.reason?.trim() || null, toJsonText(input.payload), withinLimit, day, now],
  );
  const username = await staffUsername(tx, input.requester.staffId);
  await recordStaffAction(tx, {
    actor: `staff:${username}`, actorRole: input.requester.role, action: 'money-action.request', subjectType: input.subject.type, subjectId: input.subject.id,
    reason: input.reason?.trim() || null, address: input.address ?? null,
    details: { approvalId, kind: input.kind, amountSatang: input.amountSatang, withinLimit, requester: username },
  });
  if (withinLimit) await executeMoneyAction(tx, approvalId, { staffId: input.requester.staffId, role: input.requester.role, username }, now);
  return outcomeOf(await readMoneyApproval(tx, approvalId));
}

function replay(stored: MoneyApproval, input: MoneyActionRequest): MoneyActionOutcome {
  const same = stored.kind === input.kind && stored.requester.staffId === input.requester.staffId && stored.amountSatang === input.amountSatang
    && stored.subject.type === input.subject.type && stored.subject.id === input.subject.id;
  if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
  return outcomeOf(stored);
}

/**
 * Counts `amountSatang` against the requester's day when it fits: the day row is created and
 * locked (FOR UPDATE) so concurrent requests of one person are counted one after another.
 * A limit of 0 (the default) never fits: every action needs a second person.
 */
async function takeFromDailyLimit(tx: Queryable, input: MoneyActionRequest, day: string): Promise<boolean> {
  if (!MONEY_ACTION_POLICY[input.kind].dailyLimit || input.requireSecondPerson === true) return false;
  const limit = await readRoleDailyLimit(tx, input.requester.role);
  if (limit === 0n || input.amountSatang > limit) return false;
  await tx.query('INSERT INTO money_approval_daily_use (staff_id, day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING', [input.requester.staffId, day]);
  const { rows } = await tx.query<{ used_satang: bigint }>('SELECT used_satang FROM money_approval_daily_use WHERE staff_id = $1 AND day = $2::date FOR UPDATE', [input.requester.staffId, day]);
  const used = BigInt(rows[0]!.used_satang);
  if (used + input.amountSatang > limit) return false;
  await tx.query('UPDATE money_approval_daily_use SET used_satang = used_satang + $3 WHERE staff_id = $1 AND day = $2::date', [input.requester.staffId, day, input.amountSatang]);
  return true;
}

/** Runs the kind's handler for a pending approval and marks it executed with the result (the caller holds the row). */
export async function executeMoneyAction(tx: Queryable, approvalId: string, executedBy: { staffId: string; role: StaffRole; username: string }, now: Date): Promise<void> {
  const approval = await readMoneyApproval(tx, approvalId);
  if (approval.status !== 'pending') throw new Error(`money approval ${approvalId} is ${approval.status}, not pending`);
  const result = await moneyActionHandler(approval.kind)(tx, {
    approvalId, kind: approval.kind, amountSatang: approval.amountSatang, subject: approval.subject, payload: approval.payload,
    requester: approval.requester, executedBy, now,
  });
  await tx.query(`UPDATE money_approvals SET status = 'executed', result = $2::jsonb WHERE id = $1`, [approvalId, toJsonText(result)]);
}
