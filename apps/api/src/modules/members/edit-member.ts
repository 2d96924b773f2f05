import { randomUUID } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { postgresErrorCode } from '@sabai/db';
import type { MemberEditWire } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffRole } from '../staff/index.ts';
import {
  listMoneyApprovalsOfSubject, registerMoneyActionHandler, requestMoneyAction, roleMayApprove,
  type MoneyActionHandler, type MoneyApproval, type MoneyActionOutcome,
} from '../approvals/index.ts';

/** The member fields a staff edit may change (the phone has its own four-eyes flow: change-member-phone.ts). */
export const EDITABLE_MEMBER_FIELDS = ['bankCode', 'bankAccountNumber', 'firstName', 'lastName'] as const;
export type EditableMemberField = (typeof EDITABLE_MEMBER_FIELDS)[number];
type FieldValues = Partial<Record<EditableMemberField, string>>;

const COLUMN: Record<EditableMemberField, string> = { bankCode: 'bank_code', bankAccountNumber: 'bank_account_number', firstName: 'first_name', lastName: 'last_name' };

async function readFields(tx: Queryable, memberId: string, options: { forUpdate?: boolean } = {}): Promise<Record<EditableMemberField, string>> {
  const { rows } = await tx.query<{ bank_code: string; bank_account_number: string; first_name: string; last_name: string }>(
    `SELECT bank_code, bank_account_number, first_name, last_name FROM members WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return { bankCode: row.bank_code, bankAccountNumber: row.bank_account_number, firstName: row.first_name, lastName: row.last_name };
}

/**
 * A staff member asks to change a member's bank account and / or name (issue 25 §4, docs/adr/0052):
 * a request of kind `member.edit` in the approvals module — no money moves, so it is not counted
 * against the money limits, but it always waits for a second staff member of a money role (it
 * decides where withdrawals are paid). Stores the values before and asked for; only fields that
 * differ count (none → VALIDATION_FAILED). Audited ('money-action.request'); the change itself is
 * audited with before / after when approved.
 * @throws AppError NOT_FOUND, VALIDATION_FAILED, STAFF_FORBIDDEN, BANK_ACCOUNT_TAKEN.
 */
export async function requestMemberEdit(
  tx: Queryable,
  input: { memberId: string; changes: FieldValues; reason: string; staffId: string; role: StaffRole; address: string | null; now: Date },
): Promise<MoneyActionOutcome> {
  const current = await readFields(tx, input.memberId);
  const before: FieldValues = {};
  const after: FieldValues = {};
  for (const field of EDITABLE_MEMBER_FIELDS) {
    const wanted = input.changes[field]?.trim();
    if (wanted !== undefined && wanted !== '' && wanted !== current[field]) {
      before[field] = current[field];
      after[field] = wanted;
    }
  }
  if (Object.keys(after).length === 0) throw new AppError('VALIDATION_FAILED', { message: 'ไม่มีข้อมูลที่เปลี่ยน (nothing to change)' });
  const bankChanges = after.bankCode !== undefined || after.bankAccountNumber !== undefined;
  if (bankChanges) await assertBankAccountFree(tx, input.memberId, after.bankCode ?? current.bankCode, after.bankAccountNumber ?? current.bankAccountNumber);
  return requestMoneyAction(tx, {
    kind: 'member.edit', requester: { staffId: input.staffId, role: input.role }, amountSatang: 0n, subject: { type: 'member', id: input.memberId },
    payload: { before, after }, idempotencyKey: `member-edit:${randomUUID()}`, reason: input.reason, address: input.address, now: input.now,
  });
}

async function assertBankAccountFree(tx: Queryable, memberId: string, bankCode: string, bankAccountNumber: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM members WHERE bank_code = $1 AND bank_account_number = $2 AND id <> $3', [bankCode, bankAccountNumber, memberId]);
  if (rows.length > 0) throw new AppError('BANK_ACCOUNT_TAKEN');
}

const fieldsOf = (value: unknown): FieldValues => {
  const out: FieldValues = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const field of EDITABLE_MEMBER_FIELDS) {
    const inner = (value as Record<string, unknown>)[field];
    if (typeof inner === 'string') out[field] = inner;
  }
  return out;
};

/**
 * Applies an approved member edit (the `member.edit` handler; runs in the approval's transaction,
 * the approval row locked, so two approvals apply it once). The member row is locked and must
 * still hold the values the request saw (else STATE_CONFLICT: reject it and ask again). A new
 * bank account or name is no longer verified (bank_account_verified_at cleared, docs/adr/0040):
 * withdrawals wait until it is verified again. Audited 'member.edit' with before / after and both names.
 */
const applyMemberEdit: MoneyActionHandler = async (tx, action) => {
  const memberId = action.subject.id;
  const before = fieldsOf(action.payload.before);
  const after = fieldsOf(action.payload.after);
  const current = await readFields(tx, memberId, { forUpdate: true });
  for (const field of Object.keys(before) as EditableMemberField[]) {
    if (current[field] !== before[field]) throw new AppError('STATE_CONFLICT', { message: 'ข้อมูลสมาชิกเปลี่ยนไปหลังส่งคำขอ กรุณาปฏิเสธคำขอนี้แล้วขอใหม่ (the member changed since the request)' });
  }
  const fields = Object.keys(after) as EditableMemberField[];
  if (fields.includes('bankCode') || fields.includes('bankAccountNumber')) {
    await assertBankAccountFree(tx, memberId, after.bankCode ?? current.bankCode, after.bankAccountNumber ?? current.bankAccountNumber);
  }
  const assignments = fields.map((field, index) => `${COLUMN[field]} = $${index + 2}`);
  try {
    await tx.query(
      `UPDATE members SET ${assignments.join(', ')}, bank_account_verified_at = NULL, bank_account_verified_by = NULL WHERE id = $1`,
      [memberId, ...fields.map((field) => after[field]!)],
    );
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('BANK_ACCOUNT_TAKEN');
    throw error;
  }
  await recordStaffAction(tx, {
    actor: `staff:${action.executedBy.username}`, actorRole: action.executedBy.role, action: 'member.edit', subjectType: 'member', subjectId: memberId, address: null,
    reason: null, before, after, details: { memberId, approvalId: action.approvalId, requester: action.requester.username, approver: action.executedBy.username },
  });
  return { memberId, changed: fields };
};

registerMoneyActionHandler('member.edit', applyMemberEdit);

/** A member edit request on the wire, with whether `viewer` may decide it. */
export function memberEditToWire(approval: MoneyApproval, viewer: { staffId: string; role: StaffRole }): MemberEditWire {
  const strings = (value: FieldValues) => Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    approvalId: approval.approvalId, status: approval.status, before: strings(fieldsOf(approval.payload.before)), after: strings(fieldsOf(approval.payload.after)),
    reason: approval.reason, requester: approval.requester.username, decidedBy: approval.decidedBy?.username ?? null, decisionReason: approval.decisionReason,
    createdAt: approval.createdAt.toISOString(), decidedAt: approval.decidedAt?.toISOString() ?? null,
    canDecide: approval.status === 'pending' && approval.requester.staffId !== viewer.staffId && roleMayApprove('member.edit', viewer.role),
  };
}

/** A member's edit requests (pending and decided), newest first. */
export async function listMemberEdits(db: Queryable, memberId: string, viewer: { staffId: string; role: StaffRole }): Promise<MemberEditWire[]> {
  const rows = await listMoneyApprovalsOfSubject(db, { kind: 'member.edit', subjectType: 'member', subjectId: memberId });
  return rows.map((row) => memberEditToWire(row, viewer));
}
