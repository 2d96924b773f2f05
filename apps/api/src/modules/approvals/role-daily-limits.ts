import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { STAFF_ROLES, isStaffRole, type StaffRole } from '../staff/index.ts';
import type { MoneyActionExecution, MoneyActionJson } from './money-action-handlers.ts';

/** The most a role's daily limit may be set to: 10,000,000 baht (an explicit bound, style.md). */
export const MAX_ROLE_DAILY_LIMIT_SATANG = 1_000_000_000n;

/** A role's daily limit in satang (no row: 0, every money action of the role needs a second person). */
export async function readRoleDailyLimit(tx: Queryable, role: StaffRole): Promise<bigint> {
  const { rows } = await tx.query<{ limit_satang: bigint }>('SELECT limit_satang FROM money_role_daily_limits WHERE role = $1', [role]);
  return rows[0] ? BigInt(rows[0].limit_satang) : 0n;
}

/** Every role's daily limit in satang (0 where none was set), in STAFF_ROLES order. */
export async function listRoleDailyLimits(db: Queryable): Promise<{ role: StaffRole; limitSatang: bigint }[]> {
  const { rows } = await db.query<{ role: string; limit_satang: bigint }>('SELECT role, limit_satang FROM money_role_daily_limits');
  const byRole = new Map(rows.map((row) => [row.role, BigInt(row.limit_satang)]));
  return STAFF_ROLES.map((role) => ({ role, limitSatang: byRole.get(role) ?? 0n }));
}

/** Validates a limit change before it is requested. @throws AppError VALIDATION_FAILED, INVALID_AMOUNT. */
export function assertRoleLimit(role: string, limitSatang: bigint): asserts role is StaffRole {
  if (!isStaffRole(role)) throw new AppError('VALIDATION_FAILED', { message: 'ไม่พบบทบาทนี้' });
  if (limitSatang < 0n || limitSatang > MAX_ROLE_DAILY_LIMIT_SATANG) throw new AppError('INVALID_AMOUNT');
}

/**
 * The handler of 'role-limit.set' (executed only on a second person's approval): payload
 * `{ role, limitSatang }` (limit as a decimal string). Idempotent: setting the same value twice is one value.
 */
export async function setRoleDailyLimit(tx: Queryable, action: MoneyActionExecution): Promise<MoneyActionJson> {
  const role = String(action.payload.role);
  const limitSatang = BigInt(String(action.payload.limitSatang));
  assertRoleLimit(role, limitSatang);
  await tx.query(
    `INSERT INTO money_role_daily_limits (role, limit_satang, updated_at, updated_by_approval) VALUES ($1, $2, $3, $4)
     ON CONFLICT (role) DO UPDATE SET limit_satang = EXCLUDED.limit_satang, updated_at = EXCLUDED.updated_at, updated_by_approval = EXCLUDED.updated_by_approval`,
    [role, limitSatang, action.now, action.approvalId],
  );
  return { role, limitSatang: limitSatang.toString() };
}
