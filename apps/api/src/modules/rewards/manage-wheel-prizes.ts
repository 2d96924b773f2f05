import { postgresErrorCode, type Queryable } from '@sabai/db';
import { parseBahtToSatang, satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { MAX_WHEEL_SEGMENTS } from './wheel-rules.ts';

/** Who acts, for the audit row. */
export interface StaffActor {
  actor: string;
  actorRole: string;
  address: string | null;
}

export interface StaffWheelPrize {
  id: number;
  label: string;
  kind: 'credit' | 'prize_credit' | 'nothing';
  /** Baht (wire). */
  amount: number;
  weight: number;
  sortOrder: number;
  isActive: boolean;
  /** weight / sum of active weights, in percent with two decimals (0 for an inactive prize). */
  chancePercent: number;
}
export interface WheelPrizeFields {
  label: string;
  kind: 'credit' | 'prize_credit' | 'nothing';
  amount: number;
  weight: number;
  sortOrder: number;
  isActive: boolean;
}

type Row = { id: number; label: string; kind: StaffWheelPrize['kind']; amount_satang: bigint; weight: number; sort_order: number; is_active: boolean };

/** Every wheel prize, active first in wheel order, with each active prize's chance. */
export async function listWheelPrizesForStaff(q: Queryable): Promise<StaffWheelPrize[]> {
  const { rows } = await q.query<Row>('SELECT id, label, kind, amount_satang, weight, sort_order, is_active FROM wheel_prizes ORDER BY is_active DESC, sort_order, id LIMIT 200');
  const total = rows.filter((row) => row.is_active).reduce((sum, row) => sum + row.weight, 0);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    kind: row.kind,
    amount: satangToBahtNumber(row.amount_satang),
    weight: row.weight,
    sortOrder: row.sort_order,
    isActive: row.is_active,
    chancePercent: row.is_active && total > 0 ? Math.round((row.weight * 10_000) / total) / 100 : 0,
  }));
}

const amountSatangOf = (fields: WheelPrizeFields): bigint => {
  if (fields.kind === 'nothing') return 0n;
  const parsed = parseBahtToSatang(fields.amount);
  if (!parsed.ok) throw new AppError('INVALID_AMOUNT');
  return parsed.amountSatang;
};

/** After a change: at most MAX_WHEEL_SEGMENTS active prizes, and at least one (a wheel with no prize cannot draw). */
async function checkWheel(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM wheel_prizes WHERE is_active');
  const active = Number(rows[0]!.n);
  if (active < 1 || active > MAX_WHEEL_SEGMENTS) throw new AppError('VALIDATION_FAILED', { message: `วงล้อต้องมีรางวัลที่เปิดใช้ 1 ถึง ${MAX_WHEEL_SEGMENTS} ช่อง` });
}

const conflictOnSameSlot = (error: unknown): never => {
  if (postgresErrorCode(error) === '23505') throw new AppError('STATE_CONFLICT', { message: 'ตำแหน่งบนวงล้อนี้มีรางวัลที่เปิดใช้อยู่แล้ว' });
  throw error;
};

/**
 * Marketing adds a wheel prize (issue 11 "Wheel prizes and weights"). Draws already made keep
 * their own copy of the prize (wheel_draws). Audited (after).
 * @throws AppError STATE_CONFLICT (an active prize holds that wheel position), VALIDATION_FAILED (too many segments), INVALID_AMOUNT.
 */
export async function createWheelPrize(context: AppContext, input: StaffActor & { fields: WheelPrizeFields; reason: string }): Promise<StaffWheelPrize> {
  const amountSatang = amountSatangOf(input.fields);
  const id = await context.db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        'INSERT INTO wheel_prizes (label, kind, amount_satang, weight, sort_order, is_active) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [input.fields.label, input.fields.kind, amountSatang, input.fields.weight, input.fields.sortOrder, input.fields.isActive],
      );
      await checkWheel(tx);
      const created = rows[0]!.id;
      await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'wheel_prize.create', subjectType: 'wheel_prize', subjectId: String(created), reason: input.reason, after: { ...input.fields, amountSatang } });
      return created;
    })
    .catch(conflictOnSameSlot);
  return (await listWheelPrizesForStaff(context.db)).find((prize) => prize.id === id)!;
}

/**
 * Marketing changes a wheel prize (label, kind, amount, weight, position, on/off): the odds of
 * every active prize change with it. Audited with before and after.
 * @throws AppError NOT_FOUND, STATE_CONFLICT, VALIDATION_FAILED, INVALID_AMOUNT.
 */
export async function updateWheelPrize(context: AppContext, input: StaffActor & { id: number; fields: WheelPrizeFields; reason: string }): Promise<StaffWheelPrize> {
  const amountSatang = amountSatangOf(input.fields);
  await context.db
    .transaction(async (tx) => {
      const { rows } = await tx.query<Row>('SELECT id, label, kind, amount_satang, weight, sort_order, is_active FROM wheel_prizes WHERE id = $1 FOR UPDATE', [input.id]);
      const before = rows[0];
      if (!before) throw new AppError('NOT_FOUND');
      await tx.query('UPDATE wheel_prizes SET label = $2, kind = $3, amount_satang = $4, weight = $5, sort_order = $6, is_active = $7 WHERE id = $1', [
        input.id, input.fields.label, input.fields.kind, amountSatang, input.fields.weight, input.fields.sortOrder, input.fields.isActive,
      ]);
      await checkWheel(tx);
      await recordStaffAction(tx, {
        actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'wheel_prize.update', subjectType: 'wheel_prize', subjectId: String(input.id), reason: input.reason,
        before: { label: before.label, kind: before.kind, amountSatang: before.amount_satang, weight: before.weight, sortOrder: before.sort_order, isActive: before.is_active },
        after: { ...input.fields, amountSatang },
      });
    })
    .catch(conflictOnSameSlot);
  return (await listWheelPrizesForStaff(context.db)).find((prize) => prize.id === input.id)!;
}
