import { randomInt } from 'node:crypto';
import type { PhoneChangeRequestView } from '@sabai/contracts';
import { postgresErrorCode, type Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifySessionsEnded } from '../../lib/balance-notifications.ts';
import { recordOutboxEvent } from '../outbox/index.ts';
import { queueNoticeSms } from '../sms/index.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newChangeId = (): string => `mpc_${Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * Staff ask to change a member's phone number when the member lost the old one (issue 27 §3: the
 * member's own change needs codes to both numbers, which a lost phone cannot give). It waits for
 * another staff member's approval (decidePhoneChange); one open request per member. Audited.
 * @throws AppError NOT_FOUND, PHONE_TAKEN, STATE_CONFLICT (a request is already open), VALIDATION_FAILED.
 */
export async function requestPhoneChange(
  context: AppContext,
  input: { memberId: string; newPhoneNumber: string; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<PhoneChangeRequestView> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  try {
    return await context.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ phone_number: string }>('SELECT phone_number FROM members WHERE id = $1', [input.memberId]);
      const member = rows[0];
      if (!member) throw new AppError('NOT_FOUND');
      const taken = await tx.query('SELECT 1 FROM members WHERE phone_number = $1', [input.newPhoneNumber]);
      if (taken.rowCount > 0) throw new AppError('PHONE_TAKEN');
      const id = newChangeId();
      await tx.query(
        `INSERT INTO member_phone_changes (id, member_id, old_phone, new_phone, reason, status, requested_by, requested_at) VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
        [id, input.memberId, member.phone_number, input.newPhoneNumber, reason, input.actor, context.now()],
      );
      await recordStaffAction(tx, {
        actor: input.actor, actorRole: input.actorRole, action: 'member.phone_change.request', subjectType: 'member', subjectId: input.memberId,
        reason, address: input.address, details: { changeId: id, newPhone: input.newPhoneNumber },
      });
      return readPhoneChange(tx, id);
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('STATE_CONFLICT', { message: 'มีคำขอเปลี่ยนเบอร์ของสมาชิกนี้รออนุมัติอยู่แล้ว' });
    throw error;
  }
}

/**
 * A second staff member approves or rejects a phone change (four-eyes: never the one who asked).
 * Approval changes the member's phone (their login), ends every session, and tells the member by
 * SMS to both numbers and by LINE (`member.phone-changed`). Audited.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (decided already), STAFF_FORBIDDEN (own request), PHONE_TAKEN.
 */
export async function decidePhoneChange(
  context: AppContext,
  input: { changeId: string; approve: boolean; note?: string | undefined; actor: string; actorRole: string; address: string | null },
): Promise<PhoneChangeRequestView> {
  const { site_name: siteName } = await context.siteSettings.get();
  const now = context.now();
  try {
    return await context.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ member_id: string; old_phone: string; new_phone: string; status: string; requested_by: string }>(
        'SELECT member_id, old_phone, new_phone, status, requested_by FROM member_phone_changes WHERE id = $1 FOR UPDATE',
        [input.changeId],
      );
      const change = rows[0];
      if (!change) throw new AppError('NOT_FOUND');
      if (change.status !== 'pending') throw new AppError('STATE_CONFLICT');
      if (change.requested_by === input.actor) throw new AppError('STAFF_FORBIDDEN', { message: 'ผู้ขอเปลี่ยนเบอร์อนุมัติรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน' });
      await tx.query('UPDATE member_phone_changes SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1', [input.changeId, input.approve ? 'approved' : 'rejected', input.actor, now]);
      if (input.approve) {
        const updated = await tx.query('UPDATE members SET phone_number = $2 WHERE id = $1 AND phone_number = $3', [change.member_id, change.new_phone, change.old_phone]);
        if (updated.rowCount === 0) throw new AppError('STATE_CONFLICT', { message: 'เบอร์โทรศัพท์ของสมาชิกเปลี่ยนไปแล้ว' });
        await tx.query(`UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'staff' WHERE member_id = $1 AND revoked_at IS NULL`, [change.member_id, now]);
        await notifySessionsEnded(tx, change.member_id);
        await recordOutboxEvent(tx, {
          kind: 'member.phone-changed',
          eventKey: `member.phone-changed:${input.changeId}`,
          memberId: change.member_id,
          payload: { memberId: change.member_id, oldPhone: change.old_phone, newPhone: change.new_phone, by: 'staff', at: now.toISOString() },
        });
        for (const toPhone of [change.old_phone, change.new_phone]) {
          await queueNoticeSms(tx, { toPhone, memberId: change.member_id, kind: 'phone_changed', siteName, otpSecret: context.otpSecret, now });
        }
      }
      await recordStaffAction(tx, {
        actor: input.actor, actorRole: input.actorRole, action: `member.phone_change.${input.approve ? 'approve' : 'reject'}`, subjectType: 'member', subjectId: change.member_id,
        reason: input.note?.trim() || null, address: input.address, details: { changeId: input.changeId, oldPhone: change.old_phone, newPhone: change.new_phone },
      });
      return readPhoneChange(tx, input.changeId);
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('PHONE_TAKEN');
    throw error;
  }
}

/** Phone change requests, newest first (pending ones by default for the approver's queue). */
export async function listPhoneChanges(db: Queryable, status: PhoneChangeRequestView['status'] | undefined): Promise<PhoneChangeRequestView[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM member_phone_changes WHERE ($1::text IS NULL OR status = $1) ORDER BY requested_at DESC LIMIT 200', [status ?? null]);
  const views: PhoneChangeRequestView[] = [];
  for (const row of rows) views.push(await readPhoneChange(db, row.id));
  return views;
}

async function readPhoneChange(db: Queryable, id: string): Promise<PhoneChangeRequestView> {
  const { rows } = await db.query<{
    id: string; member_id: string; old_phone: string; new_phone: string; reason: string; status: PhoneChangeRequestView['status']; requested_by: string; requested_at: Date; decided_by: string | null; decided_at: Date | null;
  }>('SELECT id, member_id, old_phone, new_phone, reason, status, requested_by, requested_at, decided_by, decided_at FROM member_phone_changes WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return {
    id: row.id, memberId: row.member_id, oldPhone: row.old_phone, newPhone: row.new_phone, reason: row.reason, status: row.status,
    requestedBy: row.requested_by, requestedAt: new Date(row.requested_at).toISOString(), decidedBy: row.decided_by, decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}
