import { postgresErrorCode } from '@sabai/db';
import { ITEM_CODE_PATTERN, MAX_ITEM_CODE_SATANG, normalizeItemCode } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { AppContext } from '../../context.ts';
import { readItemCode, type ItemCodeRow } from './list-item-codes.ts';
import { requestItemCodeLiability } from './item-code-approval.ts';
import type { MoneyActionOutcome } from '../approvals/index.ts';
import type { StaffRole } from '../staff/index.ts';

/** At most 100,000 baht per redemption (also a CHECK on item_codes). */
export { MAX_ITEM_CODE_SATANG };
export const MAX_ITEM_CODE_USES = 1_000_000;

/**
 * `POST /admin-api/v1/item-codes`: staff create a code worth `amountSatang` per redemption (parsed from the wire's baht by contracts), for
 * `totalUses` redemptions in all, until `expiresAt`. Audited in the same transaction. It pays only
 * once its liability (amount × uses) is approved (issue 25 §1: 'item-codes.issue', approvals module).
 * @throws AppError VALIDATION_FAILED (code shape, uses, expiry not in the future), INVALID_AMOUNT,
 *   STATE_CONFLICT (the code exists).
 */
export async function createItemCode(
  context: AppContext,
  input: { staffId: string; actor: string; actorRole: StaffRole; address: string | null; code: string; amountSatang: bigint; totalUses: number; expiresAt: Date; turnoverMultiple?: number },
): Promise<ItemCodeRow & { approval: MoneyActionOutcome }> {
  const code = normalizeItemCode(input.code);
  if (!ITEM_CODE_PATTERN.test(code)) throw new AppError('VALIDATION_FAILED', { message: 'โค้ดต้องเป็นตัวอักษร A-Z หรือตัวเลข 4 ถึง 32 ตัว' });
  if (input.amountSatang <= 0n || input.amountSatang > MAX_ITEM_CODE_SATANG) throw new AppError('INVALID_AMOUNT');
  if (!Number.isInteger(input.totalUses) || input.totalUses < 1 || input.totalUses > MAX_ITEM_CODE_USES) {
    throw new AppError('VALIDATION_FAILED', { message: `จำนวนสิทธิ์ต้องอยู่ระหว่าง 1 ถึง ${MAX_ITEM_CODE_USES.toLocaleString('en-US')}` });
  }
  const turnoverMultiple = input.turnoverMultiple ?? 1;
  if (!Number.isInteger(turnoverMultiple) || turnoverMultiple < 0 || turnoverMultiple > 100) throw new AppError('VALIDATION_FAILED', { message: 'เทิร์นโอเวอร์ต้องเป็นจำนวนเต็ม 0 ถึง 100 เท่า' });
  const now = context.now();
  if (!(input.expiresAt.getTime() > now.getTime())) throw new AppError('VALIDATION_FAILED', { message: 'วันหมดอายุต้องอยู่หลังเวลาปัจจุบัน' });

  let approval: MoneyActionOutcome | undefined;
  try {
    await context.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO item_codes (code, amount_satang, total_uses, expires_at, created_at, created_by, turnover_multiple) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [code, input.amountSatang, input.totalUses, input.expiresAt, now, input.actor, turnoverMultiple],
      );
      await recordStaffAction(tx, {
        actor: input.actor,
        actorRole: input.actorRole,
        address: input.address,
        action: 'item_code.create',
        subjectType: 'item_code',
        subjectId: code,
        details: { amountSatang: input.amountSatang, totalUses: input.totalUses, expiresAt: input.expiresAt.toISOString(), turnoverMultiple },
      });
      approval = await requestItemCodeLiability(tx, {
        codes: [code], amountSatang: input.amountSatang, usesPerCode: input.totalUses, staffId: input.staffId, role: input.actorRole,
        reason: null, address: input.address, now, subjectId: code,
      });
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('STATE_CONFLICT', { message: 'มีโค้ดนี้อยู่แล้ว' });
    throw error;
  }
  const created = await readItemCode(context.db, code);
  if (!created || !approval) throw new Error(`item code ${code} vanished after insert`);
  return { ...created, approval };
}
