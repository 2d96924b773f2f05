import { randomInt } from 'node:crypto';
import { postgresErrorCode } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { readItemCode, type ItemCodeRow } from './list-item-codes.ts';
import { requestItemCodeLiability } from './item-code-approval.ts';
import type { MoneyActionOutcome } from '../approvals/index.ts';
import type { StaffRole } from '../staff/index.ts';

/** Who acts, for the audit row. */
export interface StaffActor {
  actor: string;
  actorRole: StaffRole;
  address: string | null;
}

/** Letters and digits people do not confuse when they type a code (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_PART = 8;

const randomCode = (prefix: string) => {
  let text = prefix;
  for (let index = 0; index < RANDOM_PART; index += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return text;
};

/**
 * Marketing creates a batch of item codes (issue 11 "Item codes"): `count` random codes
 * `prefix` + 8 characters (31^8 ≈ 8.5 × 10^11 per prefix), each worth `amountSatang` for
 * `usesPerCode` redemptions, until `expiresAt`. All or none, in one transaction; one audit row
 * with the codes. They pay only once their liability (amount × uses × count) is approved (issue 25 §1).
 * @returns the codes created and the approval (executed within the role's daily limit, else pending).
 * @throws AppError VALIDATION_FAILED (expiry not in the future); STATE_CONFLICT on a (very unlikely) code collision.
 */
export async function createItemCodeBatch(
  context: AppContext,
  input: StaffActor & { staffId: string; prefix: string; count: number; amountSatang: bigint; usesPerCode: number; expiresAt: Date; reason: string; turnoverMultiple?: number },
): Promise<{ codes: string[]; approval: MoneyActionOutcome }> {
  const turnoverMultiple = input.turnoverMultiple ?? 1;
  if (!Number.isInteger(turnoverMultiple) || turnoverMultiple < 0 || turnoverMultiple > 100) throw new AppError('VALIDATION_FAILED', { message: 'เทิร์นโอเวอร์ต้องเป็นจำนวนเต็ม 0 ถึง 100 เท่า' });
  const now = context.now();
  if (!(input.expiresAt.getTime() > now.getTime())) throw new AppError('VALIDATION_FAILED', { message: 'วันหมดอายุต้องอยู่หลังเวลาปัจจุบัน' });
  const codes = [...new Set(Array.from({ length: input.count }, () => randomCode(input.prefix)))];
  let approval: MoneyActionOutcome | undefined;
  try {
    await context.db.transaction(async (tx) => {
      for (const code of codes) {
        await tx.query('INSERT INTO item_codes (code, amount_satang, total_uses, expires_at, created_at, created_by, turnover_multiple) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          code, input.amountSatang, input.usesPerCode, input.expiresAt, now, input.actor, turnoverMultiple,
        ]);
      }
      await recordStaffAction(tx, {
        actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'item_code.create_batch', subjectType: 'item_code', subjectId: `${input.prefix}*`, reason: input.reason,
        after: { codes, amountSatang: input.amountSatang, usesPerCode: input.usesPerCode, expiresAt: input.expiresAt.toISOString(), turnoverMultiple },
      });
      approval = await requestItemCodeLiability(tx, {
        codes, amountSatang: input.amountSatang, usesPerCode: input.usesPerCode, staffId: input.staffId, role: input.actorRole,
        reason: input.reason, address: input.address, now, subjectId: `${input.prefix}*`,
      });
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('STATE_CONFLICT', { message: 'โค้ดซ้ำกับที่มีอยู่ กรุณาลองใหม่' });
    throw error;
  }
  if (!approval) throw new Error('item code batch stored without its approval request');
  return { codes, approval };
}

/**
 * Marketing disables an item code: it expires now (redemptions already made stand). Audited with
 * the expiry before and after. @throws AppError ITEM_CODE_NOT_FOUND; STATE_CONFLICT when already expired.
 */
export async function disableItemCode(context: AppContext, input: StaffActor & { code: string; reason: string }): Promise<ItemCodeRow> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ expires_at: Date; created_at: Date }>('SELECT expires_at, created_at FROM item_codes WHERE code = $1 FOR UPDATE', [input.code]);
    const before = rows[0];
    if (!before) throw new AppError('ITEM_CODE_NOT_FOUND');
    if (before.expires_at.getTime() <= now.getTime()) throw new AppError('STATE_CONFLICT');
    // The table wants expires_at > created_at: a code made this very millisecond expires 1 ms after it.
    const expiresAt = new Date(Math.max(now.getTime(), before.created_at.getTime() + 1));
    await tx.query('UPDATE item_codes SET expires_at = $2 WHERE code = $1', [input.code, expiresAt]);
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'item_code.disable', subjectType: 'item_code', subjectId: input.code, reason: input.reason,
      before: { expiresAt: before.expires_at.toISOString() }, after: { expiresAt: expiresAt.toISOString() },
    });
  });
  return (await readItemCode(context.db, input.code))!;
}
