import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { isStaffRole, type StaffRole } from '../staff/index.ts';
import type { MoneyActionJson } from './money-action-handlers.ts';
import { isMoneyActionKind, type MoneyActionKind } from './money-action-policy.ts';

/** A money approval as stored (money_approvals, migration 0042). */
export interface MoneyApproval {
  approvalId: string;
  kind: MoneyActionKind;
  status: 'pending' | 'executed' | 'rejected';
  amountSatang: bigint;
  subject: { type: string; id: string };
  reason: string | null;
  payload: MoneyActionJson;
  requester: { staffId: string; role: StaffRole; username: string };
  withinLimit: boolean;
  decidedBy: { staffId: string; role: StaffRole; username: string } | null;
  decisionReason: string | null;
  result: MoneyActionJson | null;
  idempotencyKey: string;
  createdAt: Date;
  decidedAt: Date | null;
}

interface Row {
  id: string; kind: string; status: MoneyApproval['status']; amount_satang: bigint; subject_type: string; subject_id: string; reason: string | null;
  payload: MoneyActionJson; requester_staff_id: string; requester_role: string; requester_username: string; within_limit: boolean;
  decided_by_staff_id: string | null; decided_role: string | null; decider_username: string | null; decision_reason: string | null;
  result: MoneyActionJson | null; idempotency_key: string; created_at: Date; decided_at: Date | null;
}

const SELECT = `SELECT a.id, a.kind, a.status, a.amount_satang, a.subject_type, a.subject_id, a.reason, a.payload, a.requester_staff_id, a.requester_role,
  r.username AS requester_username, a.within_limit, a.decided_by_staff_id, a.decided_role, d.username AS decider_username, a.decision_reason, a.result,
  a.idempotency_key, a.created_at, a.decided_at
  FROM money_approvals a JOIN staff_accounts r ON r.id = a.requester_staff_id LEFT JOIN staff_accounts d ON d.id = a.decided_by_staff_id`;

const role = (value: string): StaffRole => {
  if (!isStaffRole(value)) throw new Error(`unknown staff role ${value}`);
  return value;
};

function toApproval(row: Row): MoneyApproval {
  if (!isMoneyActionKind(row.kind)) throw new Error(`unknown money action kind ${row.kind}`);
  return {
    approvalId: row.id, kind: row.kind, status: row.status, amountSatang: BigInt(row.amount_satang), subject: { type: row.subject_type, id: row.subject_id },
    reason: row.reason, payload: row.payload, requester: { staffId: row.requester_staff_id, role: role(row.requester_role), username: row.requester_username },
    withinLimit: row.within_limit,
    decidedBy: row.decided_by_staff_id && row.decided_role ? { staffId: row.decided_by_staff_id, role: role(row.decided_role), username: row.decider_username ?? '' } : null,
    decisionReason: row.decision_reason, result: row.result, idempotencyKey: row.idempotency_key, createdAt: row.created_at, decidedAt: row.decided_at,
  };
}

/** One approval by id (`forUpdate`: locks the row for the caller's transaction). @throws AppError NOT_FOUND. */
export async function readMoneyApproval(tx: Queryable, approvalId: string, options: { forUpdate?: boolean } = {}): Promise<MoneyApproval> {
  const { rows } = await tx.query<Row>(`${SELECT} WHERE a.id = $1${options.forUpdate ? ' FOR UPDATE OF a' : ''}`, [approvalId]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return toApproval(row);
}

/** The approval stored under a requester's idempotency key, or null. */
export async function findMoneyApprovalByKey(tx: Queryable, idempotencyKey: string): Promise<MoneyApproval | null> {
  const { rows } = await tx.query<Row>(`${SELECT} WHERE a.idempotency_key = $1`, [idempotencyKey]);
  return rows[0] ? toApproval(rows[0]) : null;
}

/** At most this many rows per list (style.md: explicit limits). */
export const MONEY_APPROVALS_PAGE = 200;

/**
 * The approvals queue: every pending request, oldest first (`requesterStaffId` given: only that
 * staff member's own requests, pending or decided in the last 30 days, newest first).
 */
export async function listMoneyApprovals(db: Queryable, filter: { requesterStaffId?: string; now: Date }): Promise<MoneyApproval[]> {
  if (filter.requesterStaffId === undefined) {
    const { rows } = await db.query<Row>(`${SELECT} WHERE a.status = 'pending' ORDER BY a.created_at LIMIT $1`, [MONEY_APPROVALS_PAGE]);
    return rows.map(toApproval);
  }
  const since = new Date(filter.now.getTime() - 30 * 86_400_000);
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE a.requester_staff_id = $1 AND (a.status = 'pending' OR a.created_at >= $2) ORDER BY a.created_at DESC LIMIT $3`,
    [filter.requesterStaffId, since, MONEY_APPROVALS_PAGE],
  );
  return rows.map(toApproval);
}

/** Every request of one kind about one subject (e.g. a member's edits), newest first, at most MONEY_APPROVALS_PAGE. */
export async function listMoneyApprovalsOfSubject(db: Queryable, filter: { kind: MoneyActionKind; subjectType: string; subjectId: string }): Promise<MoneyApproval[]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE a.kind = $1 AND a.subject_type = $2 AND a.subject_id = $3 ORDER BY a.created_at DESC LIMIT $4`,
    [filter.kind, filter.subjectType, filter.subjectId, MONEY_APPROVALS_PAGE],
  );
  return rows.map(toApproval);
}

/** The username of a staff account (audit names both people). @throws AppError NOT_FOUND. */
export async function staffUsername(tx: Queryable, staffId: string): Promise<string> {
  const { rows } = await tx.query<{ username: string }>('SELECT username FROM staff_accounts WHERE id = $1', [staffId]);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0].username;
}

/** JSON text of a payload/result: bigints become decimal strings. */
export const toJsonText = (value: unknown): string => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
