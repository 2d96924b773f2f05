import type { Queryable } from '@sabai/db';
import { formatBaht, satangToBahtNumber } from '@sabai/money';
import { ERRORS } from '@sabai/contracts';
import { lockMemberAccountSharingMember } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { EXCLUSION_PERIODS, exclusionEnd, LIMIT_PERIODS, limitChange, PERIOD_MS, remainingAllowance, type ExclusionKind, type LimitKind, type LimitPeriod } from './rg-rules.ts';

type Limits = Record<LimitKind, Record<LimitPeriod, bigint | null>>;
interface PendingChange {
  kind: LimitKind;
  period: LimitPeriod;
  amountSatang: bigint | null;
  effectiveAt: Date;
}

/** The member's limits in force and the changes waiting (cooling-off, then confirmation). */
export async function readLimits(db: Queryable, memberId: string): Promise<{ limits: Limits; pending: PendingChange[] }> {
  const limits: Limits = { deposit: { day: null, week: null, month: null }, loss: { day: null, week: null, month: null } };
  const pending: PendingChange[] = [];
  const { rows } = await db.query<{ kind: LimitKind; period: LimitPeriod; amount_satang: bigint | null; pending_amount_satang: bigint | null; pending_removal: boolean; pending_effective_at: Date | null }>(
    'SELECT kind, period, amount_satang, pending_amount_satang, pending_removal, pending_effective_at FROM responsible_gaming_limits WHERE member_id = $1',
    [memberId],
  );
  for (const row of rows) {
    limits[row.kind][row.period] = row.amount_satang;
    if (row.pending_effective_at) pending.push({ kind: row.kind, period: row.period, amountSatang: row.pending_removal ? null : row.pending_amount_satang, effectiveAt: row.pending_effective_at });
  }
  return { limits, pending };
}

/**
 * `PUT /user-profile-composite/v1/responsible-gaming/limits` (issue 12): the member sets their
 * deposit and loss limits per period, in satang (null: none). A new or lower limit applies at once;
 * a higher one or a removal waits 24 hours, then `confirmLimitChanges` applies it.
 *
 * Concurrency: the member's row is locked `FOR UPDATE` before the limits are read, as
 * `startExclusion` does. So two changes of one member are decided one after the other (each
 * against the limits the other left: two tabs setting 1,000 and 5,000 at once from "no limit" end
 * with 1,000 in force and 5,000 waiting its 24 hours, never 5,000 at once); and a lower limit takes
 * effect when it commits, as an exclusion does (docs/adr/0063): a deposit past its check
 * (`depositRefusal` holds the member row `FOR SHARE`) is credited first, one checked later waits
 * and counts against the new limit. Lock order: member row, then limit rows; no account lock.
 */
export async function setLimits(context: AppContext, memberId: string, requested: Limits): Promise<void> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    const current = (await readLimits(tx, memberId)).limits;
    for (const kind of ['deposit', 'loss'] as const) {
      for (const period of LIMIT_PERIODS) {
        const change = limitChange(current[kind][period], requested[kind][period], now);
        if (change.apply === 'now') {
          await tx.query(
            `INSERT INTO responsible_gaming_limits (member_id, kind, period, amount_satang, updated_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (member_id, kind, period) DO UPDATE SET amount_satang = $4, pending_amount_satang = NULL, pending_removal = false, pending_effective_at = NULL, updated_at = $5`,
            [memberId, kind, period, change.amountSatang, now],
          );
        } else {
          await tx.query(
            `UPDATE responsible_gaming_limits SET pending_amount_satang = $4, pending_removal = $5, pending_effective_at = $6, updated_at = $7
             WHERE member_id = $1 AND kind = $2 AND period = $3`,
            [memberId, kind, period, change.amountSatang, change.amountSatang === null, change.effectiveAt, now],
          );
        }
      }
    }
  });
}

/** The member confirms the loosening changes whose cooling-off is over. @returns how many applied. */
export async function confirmLimitChanges(context: AppContext, memberId: string): Promise<number> {
  const { rowCount } = await context.db.query(
    `UPDATE responsible_gaming_limits SET amount_satang = CASE WHEN pending_removal THEN NULL ELSE pending_amount_satang END,
       pending_amount_satang = NULL, pending_removal = false, pending_effective_at = NULL, updated_at = $2
     WHERE member_id = $1 AND pending_effective_at IS NOT NULL AND pending_effective_at <= $2`,
    [memberId, context.now()],
  );
  return rowCount;
}

/** The member's exclusion in force at `now`, if any. */
export async function activeExclusion(db: Queryable, memberId: string, now: Date): Promise<{ kind: ExclusionKind; endsAt: Date } | null> {
  const { rows } = await db.query<{ kind: ExclusionKind; ends_at: Date }>(
    'SELECT kind, ends_at FROM responsible_gaming_exclusions WHERE member_id = $1 AND starts_at <= $2 AND ends_at > $2 ORDER BY ends_at DESC LIMIT 1',
    [memberId, now],
  );
  return rows[0] ? { kind: rows[0].kind, endsAt: rows[0].ends_at } : null;
}

/**
 * `POST /user-profile-composite/v1/responsible-gaming/exclusion` {kind, period} (issue 12): a
 * time-out (24h, 7d, 30d) or a self-exclusion (6m, 1y, 5y) in force at once; it cannot be lifted
 * early (a shorter one while a longer one runs changes nothing). The member's sessions stay, so
 * they can still withdraw what they hold.
 * @throws AppError VALIDATION_FAILED.
 */
export async function startExclusion(context: AppContext, memberId: string, input: { kind: string; period: string }): Promise<{ kind: ExclusionKind; endsAt: Date }> {
  if (!(input.kind in EXCLUSION_PERIODS) || !(EXCLUSION_PERIODS[input.kind as ExclusionKind] as readonly string[]).includes(input.period)) {
    throw new AppError('VALIDATION_FAILED', { message: 'กรุณาเลือกระยะเวลาพักการเล่นให้ถูกต้อง' });
  }
  const kind = input.kind as ExclusionKind;
  const now = context.now();
  const endsAt = exclusionEnd(kind, input.period, now);
  await context.db.transaction(async (tx) => {
    // Serialised with a deposit being credited to this member (depositRefusal shares the same row):
    // the exclusion takes effect when it commits (docs/adr/0063). A deposit past its check holds
    // it back until that deposit commits (credited before the exclusion exists); a deposit checked
    // later waits for this commit, sees the exclusion and is held.
    await tx.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    await tx.query('INSERT INTO responsible_gaming_exclusions (member_id, kind, period, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5)', [memberId, kind, input.period, context.now(), endsAt]);
  });
  return (await activeExclusion(context.db, memberId, now)) ?? { kind, endsAt };
}

/** Deposits credited and net game loss (stakes − payouts of settled rounds) per rolling window, satang. */
export async function readActivity(db: Queryable, memberId: string, now: Date): Promise<Record<'deposits' | 'netLoss', Record<LimitPeriod, bigint>>> {
  const since = (period: LimitPeriod) => new Date(now.getTime() - PERIOD_MS[period]);
  const { rows } = await db.query<{ d_day: bigint; d_week: bigint; d_month: bigint; l_day: bigint; l_week: bigint; l_month: bigint }>(
    `SELECT
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $2) AS d_day,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $3) AS d_week,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $4) AS d_month,
       (SELECT coalesce(sum(stake_satang - payout_satang), 0)::int8 FROM bet_rounds WHERE member_id = $1 AND status = 'settled' AND settled_at > $2) AS l_day,
       (SELECT coalesce(sum(stake_satang - payout_satang), 0)::int8 FROM bet_rounds WHERE member_id = $1 AND status = 'settled' AND settled_at > $3) AS l_week,
       (SELECT coalesce(sum(stake_satang - payout_satang), 0)::int8 FROM bet_rounds WHERE member_id = $1 AND status = 'settled' AND settled_at > $4) AS l_month`,
    [memberId, since('day'), since('week'), since('month')],
  );
  const row = rows[0]!;
  const positive = (value: bigint) => (value > 0n ? value : 0n);
  return {
    deposits: { day: row.d_day, week: row.d_week, month: row.d_month },
    netLoss: { day: positive(row.l_day), week: positive(row.l_week), month: positive(row.l_month) },
  };
}

/**
 * Whether a deposit of `amountSatang` may be credited to play (checked in the crediting
 * transaction): not while an exclusion lasts, not past a deposit limit. Such a deposit is held
 * and paid back to the member's bound account (the refund flow).
 *
 * Concurrency (docs/adr/0063): before reading, the member's main account is locked as a posting
 * locks it (`FOR NO KEY UPDATE`) with `FOR SHARE` on the member's row (ledger
 * lockMemberAccountSharingMember, one statement). So two credits of one member at once are
 * checked one after the other: the second waits until the first commits and counts it (never both
 * within the limit on their own and past it together); and a deposit waits for an exclusion being
 * recorded (startExclusion holds the member row `FOR UPDATE`) and sees it. The caller must then
 * credit in the same transaction, with nothing between that could wait on another credit.
 * @returns null when it may, or the hold reason.
 */
export async function depositRefusal(
  tx: Queryable,
  memberId: string,
  amountSatang: bigint,
  now: Date,
  options: { lockMember?: () => Promise<unknown> } = {},
): Promise<'RG_EXCLUDED' | 'RG_DEPOSIT_LIMIT' | null> {
  // `lockMember`: the caller takes those locks itself, with lockMemberAccountSharingMember, to keep
  // the account id it returns (the bank feed: issue 29 §1).
  if (options.lockMember) await options.lockMember();
  else await lockMemberAccountSharingMember(tx, memberId, 'main');
  // Exclusions start when they are recorded, never later: one not yet ended counts (also one that
  // started while this deposit waited for the lock, after `now` was read).
  // The exclusion, the deposit limits and the deposits they count, read in one statement after the
  // lock (issue 29 §1): its own statement, so its snapshot is taken after the wait. The same rules
  // as activeExclusion-style "not yet ended", readLimits and readActivity's credited deposits.
  const since = (period: LimitPeriod) => new Date(now.getTime() - PERIOD_MS[period]);
  const { rows } = await tx.query<{ is_excluded: boolean; l_day: bigint | null; l_week: bigint | null; l_month: bigint | null; d_day: bigint; d_week: bigint; d_month: bigint }>(
    `WITH lim AS (SELECT period, amount_satang FROM responsible_gaming_limits WHERE member_id = $1 AND kind = 'deposit')
     SELECT EXISTS (SELECT 1 FROM responsible_gaming_exclusions WHERE member_id = $1 AND ends_at > $2) AS is_excluded,
       (SELECT amount_satang FROM lim WHERE period = 'day') AS l_day,
       (SELECT amount_satang FROM lim WHERE period = 'week') AS l_week,
       (SELECT amount_satang FROM lim WHERE period = 'month') AS l_month,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $3) AS d_day,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $4) AS d_week,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited' AND created_at > $5) AS d_month`,
    [memberId, now, since('day'), since('week'), since('month')],
    { prepare: true },
  );
  const row = rows[0]!;
  if (row.is_excluded) return 'RG_EXCLUDED';
  const remaining = remainingAllowance({ day: row.l_day, week: row.l_week, month: row.l_month }, { day: row.d_day, week: row.d_week, month: row.d_month });
  return remaining !== null && amountSatang > remaining ? 'RG_DEPOSIT_LIMIT' : null;
}

/** When an exclusion ends, as its refusal says it (Bangkok time, Thai): built once per process. */
const EXCLUSION_END_FORMAT = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' });

/**
 * Refuses anything a member in a time-out or self-exclusion may not do at `now`: a game, and
 * (ADR 0019: no incentive to an excluded player, UKGC LCCP SR 3.5.3 / MGA Player Protection
 * Directive) a wheel spin or an item-code redemption. The refusal names when the exclusion ends
 * (Bangkok time), the same Thai message as a game launch.
 * @throws AppError RG_EXCLUDED (403).
 */
export async function assertNotExcluded(db: Queryable, memberId: string, now: Date): Promise<void> {
  const exclusion = await activeExclusion(db, memberId, now);
  if (exclusion) throw excludedFromPlay(exclusion.endsAt);
}

/** The refusal of a game (or an incentive) during an exclusion ending at `endsAt`, named in Bangkok time. */
function excludedFromPlay(endsAt: Date): AppError {
  const until = EXCLUSION_END_FORMAT.format(endsAt);
  return new AppError('RG_EXCLUDED', { message: `คุณพักการเล่นไว้ถึง ${until} ระหว่างนี้เล่นเกมไม่ได้ แต่ยังถอนเงินได้` });
}

/**
 * Refuses a deposit request (a PromptPay QR) the crediting would hold and pay back anyway
 * (`depositRefusal`): during a time-out or self-exclusion, or for more than is left of the
 * member's deposit limits (`amountSatang`, the exact amount to pay, satang). Asked before a QR
 * exists, so no money makes the pointless round trip (issue 26 §2). Reads only; the crediting
 * still checks again under its lock.
 * @throws AppError RG_EXCLUDED (names the end, Bangkok time), RG_DEPOSIT_LIMIT_REACHED (names what is left, `2,000.00`).
 */
export async function assertMayDeposit(db: Queryable, memberId: string, amountSatang: bigint, now: Date): Promise<void> {
  const exclusion = await activeExclusion(db, memberId, now);
  if (exclusion) {
    const until = EXCLUSION_END_FORMAT.format(exclusion.endsAt);
    const words = exclusion.kind === 'self_exclusion' ? 'คุณระงับตัวเองจากการเล่น' : 'คุณพักการเล่นชั่วคราว';
    throw new AppError('RG_EXCLUDED', { message: `${words}ถึง ${until}\u00a0น. ระหว่างนี้ฝากเงินไม่ได้ แต่ยังถอนเงินได้` });
  }
  const { limits } = await readLimits(db, memberId);
  const remaining = remainingAllowance(limits.deposit, (await readActivity(db, memberId, now)).deposits);
  if (remaining !== null && amountSatang > remaining) {
    throw new AppError('RG_DEPOSIT_LIMIT_REACHED', { message: ERRORS.RG_DEPOSIT_LIMIT_REACHED.message.replace('{remaining}', formatBaht(remaining)) });
  }
}

/**
 * Whether the member may move money into the game now: not while excluded, not once a loss limit
 * is reached. @throws AppError RG_EXCLUDED, RG_LOSS_LIMIT_REACHED (Thai messages).
 */
export async function assertMayPlay(db: Queryable, memberId: string, now: Date): Promise<void> {
  await assertNotExcluded(db, memberId, now);
  const { limits } = await readLimits(db, memberId);
  await assertUnderLossLimit(db, memberId, now, limits.loss);
}

/** Past a loss limit in force (`lossLimits`, satang, null = none): refused. No limit (most members): nothing is read. */
async function assertUnderLossLimit(db: Queryable, memberId: string, now: Date, lossLimits: Record<LimitPeriod, bigint | null>): Promise<void> {
  // No loss limit (most members): the month of rounds is not read (every Hub88 bet asks, docs/adr/0046).
  if (LIMIT_PERIODS.every((period) => lossLimits[period] === null)) return;
  const remaining = remainingAllowance(lossLimits, (await readActivity(db, memberId, now)).netLoss);
  if (remaining !== null && remaining <= 0n) throw new AppError('RG_LOSS_LIMIT_REACHED');
}

/** What `mayPlayColumns` adds to a caller's row: the exclusion's end, or null; each loss limit in force (satang), or null. */
export type MayPlayColumns = {
  rg_excluded_until: Date | null;
  rg_loss_day: bigint | null;
  rg_loss_week: bigint | null;
  rg_loss_month: bigint | null;
};

/**
 * assertMayPlay's two reads (the exclusion in force, the loss limits) as select-list columns of a
 * caller's own one-row statement (issue 29 §1: a launch reads them with its game snapshot, one
 * round trip instead of three). `$1` must be the member id and `$<nowParam>` the `now` of the
 * check (timestamptz). The same rows as activeExclusion and readLimits read. Check the row with
 * assertMayPlayFrom.
 */
export function mayPlayColumns(nowParam: number): string {
  if (!Number.isInteger(nowParam) || nowParam < 2) throw new RangeError('mayPlayColumns: nowParam is a parameter number ≥ 2');
  const now = `$${nowParam}::timestamptz`;
  const lossLimit = (period: LimitPeriod) =>
    `(SELECT amount_satang FROM responsible_gaming_limits WHERE member_id = $1 AND kind = 'loss' AND period = '${period}') AS rg_loss_${period}`;
  return [
    `(SELECT ends_at FROM responsible_gaming_exclusions WHERE member_id = $1 AND starts_at <= ${now} AND ends_at > ${now} ORDER BY ends_at DESC LIMIT 1) AS rg_excluded_until`,
    ...LIMIT_PERIODS.map(lossLimit),
  ].join(',\n       ');
}

/**
 * assertMayPlay on the row `mayPlayColumns` read (at `now`): the same refusals, in the same order.
 * Only a member with a loss limit in force costs a further read (their net loss, readActivity).
 * @throws AppError RG_EXCLUDED, RG_LOSS_LIMIT_REACHED (Thai messages).
 */
export async function assertMayPlayFrom(db: Queryable, memberId: string, now: Date, row: MayPlayColumns): Promise<void> {
  if (row.rg_excluded_until !== null) throw excludedFromPlay(row.rg_excluded_until);
  await assertUnderLossLimit(db, memberId, now, { day: row.rg_loss_day, week: row.rg_loss_week, month: row.rg_loss_month });
}

const RETURN_MESSAGE: Record<string, string> = {
  RG_DEPOSIT_LIMIT: 'ยอดฝากนี้เกินวงเงินฝากที่คุณตั้งไว้ ระบบจึงไม่นำเข้าเล่นและโอนคืนเข้าบัญชีธนาคารของคุณ',
  RG_EXCLUDED: 'ยอดฝากนี้เข้ามาระหว่างที่คุณพักการเล่น ระบบจึงไม่นำเข้าเล่นและโอนคืนเข้าบัญชีธนาคารของคุณ',
};

/**
 * The member's deposits refused by their own protection (deposit limit, exclusion) in the last 30
 * days, newest first, with the Thai message the member sees and whether the money is back yet.
 */
export async function readReturnedDeposits(db: Queryable, memberId: string): Promise<Array<{ amount: number; reason: string; status: 'returning' | 'returned'; createdAt: string; message: string }>> {
  const { rows } = await db.query<{ amount_satang: bigint; hold_reason: string; status: string; created_at: Date }>(
    `SELECT amount_satang, hold_reason, status, created_at FROM deposits
     WHERE member_id = $1 AND hold_reason IN ('RG_DEPOSIT_LIMIT', 'RG_EXCLUDED') AND created_at > now() - interval '30 days'
     ORDER BY created_at DESC LIMIT 20`,
    [memberId],
  );
  return rows.map((row) => ({
    amount: satangToBahtNumber(row.amount_satang),
    reason: row.hold_reason,
    status: row.status === 'refunded' ? 'returned' : 'returning',
    createdAt: row.created_at.toISOString(),
    message: RETURN_MESSAGE[row.hold_reason] ?? '',
  }));
}

/** One kind's limits per period in baht, null = none. */
const periodLimitsToWire = (limits: Record<LimitPeriod, bigint | null>): Record<LimitPeriod, number | null> => {
  const toBaht = (satang: bigint | null) => (satang === null ? null : satangToBahtNumber(satang));
  return { day: toBaht(limits.day), week: toBaht(limits.week), month: toBaht(limits.month) };
};

/** Wire view of limits (`depositLimit` / `lossLimit` of rgSettings, @sabai/contracts): baht, null = none. */
export const limitsToWire = (limits: Limits) => ({ depositLimit: periodLimitsToWire(limits.deposit), lossLimit: periodLimitsToWire(limits.loss) });
