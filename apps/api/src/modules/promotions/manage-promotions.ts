import type { Queryable } from '@sabai/db';
import type { PromotionFields, StaffPromotion } from '@sabai/contracts';
import { MAX_AMOUNT_SATANG, parseBahtToSatang, satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { PromotionRow } from './list-promotions.ts';

/** Who acts, for the audit row. */
export interface StaffActor {
  actor: string;
  actorRole: string;
  address: string | null;
}

/** A promotion row as staff see it: the member-facing row plus its order, state and totals. */
interface StaffPromotionRow extends PromotionRow {
  sort_order: number;
  is_active: boolean;
  grants: bigint;
  bonus_paid_satang: bigint;
  budget_approved_satang: bigint | null;
  budget_requested_satang: bigint | null;
}

const SELECT = `SELECT p.id, p.title, p.description, p.image_url, p.minimum_deposit_satang, p.deposit_type, p.bonus_value, p.max_bonus_type, p.max_bonus,
    p.turnover_type, p.turnover_amount, p.max_withdraw_type, p.max_withdraw_amount, p.starts_at, p.ends_at, p.eligibility,
    p.once_per_member, p.once_per_day, p.max_grants_total, p.sort_order, p.is_active,
    (SELECT count(*) FROM bonus_grants g WHERE g.promotion_id = p.id) AS grants,
    (SELECT COALESCE(sum(g.bonus_satang), 0) FROM bonus_grants g WHERE g.promotion_id = p.id)::bigint AS bonus_paid_satang,
    p.budget_approved_satang,
    (SELECT a.amount_satang FROM money_approvals a WHERE a.kind = 'promotion.budget' AND a.subject_type = 'promotion' AND a.subject_id = p.id AND a.status = 'pending'
      ORDER BY a.created_at DESC LIMIT 1) AS budget_requested_satang
  FROM promotions p`;

/** Hundredths (satang, or hundredths of a multiple) → the wire number. Both are exact at two decimals. */
const hundredthsToWire = (value: bigint) => satangToBahtNumber(value);

/**
 * The wire number (baht, or a multiple of the deposit) → hundredths (satang, or hundredths of the
 * multiple: 0.5 → 50), exactly, never through float arithmetic. @throws AppError INVALID_AMOUNT.
 */
function toHundredths(value: number): bigint {
  const parsed = parseBahtToSatang(value, { allowZero: true });
  if (!parsed.ok) throw new AppError('INVALID_AMOUNT');
  return parsed.amountSatang;
}

function toStaffPromotion(row: StaffPromotionRow): StaffPromotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    minimumDeposit: satangToBahtNumber(row.minimum_deposit_satang),
    bonus: { type: row.deposit_type === 1 ? 1 : 0, value: hundredthsToWire(row.bonus_value) },
    maxBonus: { type: row.max_bonus_type === 1 ? 1 : 0, value: hundredthsToWire(row.max_bonus) },
    turnover: { type: row.turnover_type === 1 ? 1 : 0, value: hundredthsToWire(row.turnover_amount) },
    maxWithdraw: { type: row.max_withdraw_type === 1 ? 1 : 0, value: hundredthsToWire(row.max_withdraw_amount) },
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    eligibility: row.eligibility,
    oncePerMember: row.once_per_member,
    oncePerDay: row.once_per_day,
    maxGrantsTotal: row.max_grants_total,
    sortOrder: row.sort_order,
    isActive: row.is_active,
    grants: Number(row.grants),
    bonusPaid: satangToBahtNumber(row.bonus_paid_satang),
    budget: promotionBudget(row.budget_approved_satang === null ? null : BigInt(row.budget_approved_satang), row.budget_requested_satang === null ? null : BigInt(row.budget_requested_satang)),
  };
}

/**
 * The budget's state for staff (issue 25 §1): a pending request first (finance must act), then the
 * approved amount; above MAX_AMOUNT_SATANG it is the "no cap" of promotions made before the rule
 * (migration 0045 set them to the largest bigint).
 */
export function promotionBudget(approvedSatang: bigint | null, requestedSatang: bigint | null): StaffPromotion['budget'] {
  const requested = requestedSatang === null ? null : satangToBahtNumber(requestedSatang);
  if (approvedSatang !== null && approvedSatang > MAX_AMOUNT_SATANG) return { state: requested === null ? 'unlimited' : 'pending', approved: null, requested };
  const approved = approvedSatang === null ? null : satangToBahtNumber(approvedSatang);
  return { state: requested !== null ? 'pending' : approved === null ? 'none' : 'approved', approved, requested };
}

/** Every promotion (open, future, ended, closed) for staff, in display order, with its grant count and bonus paid. At most 200. */
export async function listPromotionsForStaff(db: Queryable): Promise<StaffPromotion[]> {
  const { rows } = await db.query<StaffPromotionRow>(`${SELECT} ORDER BY p.is_active DESC, p.sort_order, p.id LIMIT 200`);
  return rows.map(toStaffPromotion);
}

async function readForUpdate(tx: Queryable, id: string): Promise<StaffPromotion | undefined> {
  const { rows } = await tx.query<StaffPromotionRow>(`${SELECT} WHERE p.id = $1 FOR UPDATE OF p`, [id]);
  return rows[0] ? toStaffPromotion(rows[0]) : undefined;
}

/** The columns of a promotion, in the order of COLUMNS below. */
function columnValues(fields: PromotionFields): unknown[] {
  return [
    fields.title,
    fields.description,
    fields.imageUrl,
    toHundredths(fields.minimumDeposit),
    fields.bonus.type,
    toHundredths(fields.bonus.value),
    fields.maxBonus.type,
    toHundredths(fields.maxBonus.value),
    fields.turnover.type,
    toHundredths(fields.turnover.value),
    fields.maxWithdraw.type,
    toHundredths(fields.maxWithdraw.value),
    new Date(fields.startsAt),
    fields.endsAt === null ? null : new Date(fields.endsAt),
    fields.eligibility,
    fields.oncePerMember,
    fields.oncePerDay,
    fields.maxGrantsTotal,
    fields.sortOrder,
  ];
}
const COLUMNS = [
  'title', 'description', 'image_url', 'minimum_deposit_satang', 'deposit_type', 'bonus_value', 'max_bonus_type', 'max_bonus',
  'turnover_type', 'turnover_amount', 'max_withdraw_type', 'max_withdraw_amount', 'starts_at', 'ends_at', 'eligibility',
  'once_per_member', 'once_per_day', 'max_grants_total', 'sort_order',
] as const;

/**
 * Marketing creates a promotion (issue 11 "Promotions"): the bonus terms of migration 0008 and the
 * eligibility rules of migration 0017, open from `startsAt`. Audited (`promotion.create`, after).
 * @throws AppError STATE_CONFLICT when the id is taken; INVALID_AMOUNT for an amount with more than two decimals.
 */
export async function createPromotion(context: AppContext, input: StaffActor & { id: string; fields: PromotionFields; reason: string }): Promise<StaffPromotion> {
  const values = columnValues(input.fields);
  return context.db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO promotions (id, ${COLUMNS.join(', ')}) VALUES ($1, ${COLUMNS.map((_c, index) => `$${index + 2}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
      [input.id, ...values],
    );
    if (inserted.rowCount === 0) throw new AppError('STATE_CONFLICT');
    const after = await readForUpdate(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'promotion.create', subjectType: 'promotion', subjectId: input.id, reason: input.reason, after });
    return after!;
  });
}

/**
 * Marketing edits a promotion's terms and rules. Grants already made keep their own copy of the
 * terms (bonus_grants); the change applies to the next deposits. Audited with before and after.
 * @throws AppError NOT_FOUND for an unknown promotion.
 */
export async function updatePromotion(context: AppContext, input: StaffActor & { id: string; fields: PromotionFields; reason: string }): Promise<StaffPromotion> {
  const values = columnValues(input.fields);
  return context.db.transaction(async (tx) => {
    const before = await readForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    await tx.query(`UPDATE promotions SET ${COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1`, [input.id, ...values]);
    const after = await readForUpdate(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'promotion.update', subjectType: 'promotion', subjectId: input.id, reason: input.reason, before, after });
    return after!;
  });
}

/**
 * Closes a promotion: no more grants from now on (is_active false; grants already made run their
 * course). Audited with before and after. @throws AppError NOT_FOUND; STATE_CONFLICT when already closed.
 */
export async function closePromotion(context: AppContext, input: StaffActor & { id: string; reason: string }): Promise<StaffPromotion> {
  return context.db.transaction(async (tx) => {
    const before = await readForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    if (!before.isActive) throw new AppError('STATE_CONFLICT');
    await tx.query('UPDATE promotions SET is_active = false WHERE id = $1', [input.id]);
    const after = await readForUpdate(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'promotion.close', subjectType: 'promotion', subjectId: input.id, reason: input.reason, before, after });
    return after!;
  });
}
