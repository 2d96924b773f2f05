import type { Queryable } from '@sabai/db';

/**
 * The member's total turnover (satang) as an SQL scalar subquery on `$1` (the member's id): the
 * stakes of settled rounds won or lost (totalTurnoverSatang's rule), for a caller that reads it
 * inside a statement of its own (issue 29 §1). A fixed text.
 */
export const TOTAL_TURNOVER_SUBQUERY = `(SELECT coalesce(sum(stake_satang), 0)::int8 FROM bet_rounds
     WHERE member_id = $1 AND status = 'settled' AND result IN ('win', 'loss'))`;

/** All turnover the member ever made: stakes of settled rounds won or lost (spec §2). */
export async function totalTurnoverSatang(db: Queryable, memberId: string): Promise<{ totalSatang: bigint; rounds: number }> {
  const { rows } = await db.query<{ total: bigint; rounds: bigint }>(
    `SELECT coalesce(sum(stake_satang), 0)::int8 AS total, count(*) AS rounds FROM bet_rounds
     WHERE member_id = $1 AND status = 'settled' AND result IN ('win', 'loss')`,
    [memberId],
  );
  return { totalSatang: rows[0]?.total ?? 0n, rounds: Number(rows[0]?.rounds ?? 0n) };
}

/** One thing the member must turn over: `neededSatang` of turnover counted from `startSatang` (their total then). */
export interface TurnoverRequirement {
  startSatang: bigint;
  neededSatang: bigint;
}

/**
 * Several requirements as the one now/needed pair the member card shows (docs/adr/0011). They
 * stack, as wagering requirements do: a baht of turnover counts towards one requirement only.
 * In order of start, requirement i is worked off from max(where the previous one finished, start_i)
 * (turnover made before it existed never counts for it), so all are met when the total reaches
 * the finish F of the last one. Counting from the earliest start S: needed = F − S and
 * now = max(0, total − S). With one requirement this is its own progress; with none, now = total
 * and needed = 0. Input order does not matter.
 * @throws Error for a negative start or need (a bug in the caller).
 */
export function turnoverTowards(totalSatang: bigint, requirements: readonly TurnoverRequirement[]): { nowSatang: bigint; neededSatang: bigint } {
  if (requirements.length === 0) return { nowSatang: totalSatang, neededSatang: 0n };
  for (const requirement of requirements) {
    if (requirement.startSatang < 0n || requirement.neededSatang < 0n) throw new Error('a turnover requirement is negative');
  }
  const byStart = [...requirements].sort((a, b) => (a.startSatang < b.startSatang ? -1 : a.startSatang > b.startSatang ? 1 : 0));
  const earliestStart = byStart[0]!.startSatang;
  let finish = earliestStart;
  for (const requirement of byStart) {
    finish = (requirement.startSatang > finish ? requirement.startSatang : finish) + requirement.neededSatang;
  }
  const since = totalSatang - earliestStart;
  return { nowSatang: since > 0n ? since : 0n, neededSatang: finish - earliestStart };
}

/** Most active wagering requirements one member may have; more is a bug, not a state to show. */
export const MAX_ACTIVE_WAGERING_REQUIREMENTS = 1_000;

/** The member's turnover and the requirements it is counted against, as one statement reads them. */
export interface TurnoverState {
  /** All turnover the member ever made (totalTurnoverSatang). */
  totalSatang: bigint;
  /** Settled rounds won or lost that make the total. */
  rounds: number;
  /** The active bonus grant's requirement, if any (promotions). */
  grant: TurnoverRequirement | null;
  /** The active wagering requirements (affiliate income, docs/adr/0011), oldest first. */
  wageringRequirements: TurnoverRequirement[];
}

/**
 * The member's total turnover and every active requirement's start and need, in ONE statement
 * (one round trip: refresh and the withdrawal rules read it on every call, issue 16 §1).
 *
 * A start is the member's turnover of rounds *settled* (partner time) at or before the requirement
 * was created, worked out now rather than stored: bet records arrive by a pull (every few seconds,
 * later after a partner outage), so a round played before a requirement but pulled after it must
 * not count for it (docs/adr/0011). Rounds settled later count, whenever they are pulled. Every sum
 * reaches the member's rounds through bet_rounds_member_idx (test/member-read-plans.test.ts).
 * @throws Error above MAX_ACTIVE_WAGERING_REQUIREMENTS active requirements (never truncated).
 */
export async function readTurnover(db: Queryable, memberId: string): Promise<TurnoverState> {
  return (await runTurnoverRead(db, memberId, false)).turnover;
}

/** The active bonus grant's row as readTurnoverLockingGrant returns it (promotions reads it into its ActiveGrant). */
export interface LockedGrantRow {
  id: string;
  promotion_id: string;
  own_satang: bigint;
  bonus_satang: bigint;
  max_withdraw_satang: bigint | null;
  deposited_since_satang: bigint;
}

/**
 * readTurnover and the member's active bonus grant row locked `FOR UPDATE` (as promotions'
 * readActiveGrant locks it), in one statement (issue 29 §1: the withdrawal's rules). Run after the
 * member's main wallet lock. When a grant is found (or the turnover shows one), a caller that may
 * end it reads the turnover again after (the turnover here was read before any such change).
 */
export async function readTurnoverLockingGrant(db: Queryable, memberId: string): Promise<{ turnover: TurnoverState; lockedGrant: LockedGrantRow | null }> {
  return runTurnoverRead(db, memberId, true);
}

async function runTurnoverRead(db: Queryable, memberId: string, lockGrant: boolean): Promise<{ turnover: TurnoverState; lockedGrant: LockedGrantRow | null }> {
  const { rows } = await db.query<{ total_satang: bigint; rounds: bigint; kind: 'grant' | 'wagering' | null; needed_satang: bigint | null; start_satang: bigint } & Partial<Record<`g_${keyof LockedGrantRow}`, unknown>>>(
    lockGrant ? TURNOVER_LOCKING_GRANT_SQL : TURNOVER_SQL,
    [memberId],
    { prepare: true }, // refresh with a bonus, rolling, every withdrawal
  );
  const first = rows[0];
  if (!first) throw new Error('the turnover statement returned no row'); // the aggregate always gives one
  const requirements = rows.filter((row) => row.kind !== null);
  if (requirements.length > MAX_ACTIVE_WAGERING_REQUIREMENTS + 1) throw new Error(`member ${memberId} has more than ${MAX_ACTIVE_WAGERING_REQUIREMENTS} active turnover requirements`);
  const toRequirement = (row: (typeof rows)[number]): TurnoverRequirement => {
    // Both requirement tables hold their need NOT NULL: only the join's empty side is null.
    if (row.needed_satang === null) throw new Error(`a ${row.kind} requirement of member ${memberId} read without its need`);
    return { startSatang: row.start_satang, neededSatang: row.needed_satang };
  };
  const grant = requirements.find((row) => row.kind === 'grant');
  const lockedGrant = lockGrant && first.g_id !== null && first.g_id !== undefined
    ? {
        id: first.g_id as string,
        promotion_id: first.g_promotion_id as string,
        own_satang: first.g_own_satang as bigint,
        bonus_satang: first.g_bonus_satang as bigint,
        max_withdraw_satang: first.g_max_withdraw_satang as bigint | null,
        deposited_since_satang: first.g_deposited_since_satang as bigint,
      }
    : null;
  return {
    turnover: {
      totalSatang: first.total_satang,
      rounds: Number(first.rounds),
      grant: grant ? toRequirement(grant) : null,
      wageringRequirements: requirements.filter((row) => row.kind === 'wagering').map(toRequirement),
    },
    lockedGrant,
  };
}

const turnoverSql = (lockGrant: boolean) => `${lockGrant
  ? `WITH locked_grant AS (
       SELECT id, promotion_id, own_satang, bonus_satang, max_withdraw_satang, deposited_since_satang
         FROM bonus_grants WHERE member_id = $1 AND status = 'active' FOR UPDATE
     )
     `
  : ''}SELECT t.total_satang, t.rounds, r.kind, r.needed_satang,
       (SELECT coalesce(sum(b.stake_satang), 0)::int8 FROM bet_rounds b
        WHERE b.member_id = $1 AND b.status = 'settled' AND b.result IN ('win', 'loss') AND b.settled_at <= r.created_at) AS start_satang${lockGrant
  ? `,
       g.id AS g_id, g.promotion_id AS g_promotion_id, g.own_satang AS g_own_satang, g.bonus_satang AS g_bonus_satang,
       g.max_withdraw_satang AS g_max_withdraw_satang, g.deposited_since_satang AS g_deposited_since_satang`
  : ''}
     FROM (SELECT coalesce(sum(stake_satang), 0)::int8 AS total_satang, count(*) AS rounds FROM bet_rounds
           WHERE member_id = $1 AND status = 'settled' AND result IN ('win', 'loss')) t
     LEFT JOIN LATERAL (
       (SELECT 'grant' AS kind, turnover_needed_satang AS needed_satang, created_at FROM bonus_grants WHERE member_id = $1 AND status = 'active'
        UNION ALL
        SELECT 'wagering', required_satang, created_at FROM wagering_requirements WHERE member_id = $1 AND status = 'active')
       ORDER BY created_at
       LIMIT ${MAX_ACTIVE_WAGERING_REQUIREMENTS + 2}
     ) r ON true${lockGrant ? `
     LEFT JOIN locked_grant g ON true` : ''}
     ORDER BY r.created_at`;
const TURNOVER_SQL = turnoverSql(false);
const TURNOVER_LOCKING_GRANT_SQL = turnoverSql(true);

/**
 * The member's turnover as the member card and withdrawal rules see it (spec §2): every active
 * requirement (the bonus grant's target, the wagering requirements on credited affiliate income)
 * combined by turnoverTowards; without any, `now` is the whole total and nothing is needed.
 */
export async function getTurnover(db: Queryable, memberId: string): Promise<{ nowSatang: bigint; neededSatang: bigint; countedRounds: number }> {
  return turnoverFromState(await readTurnover(db, memberId));
}

/** getTurnover's answer from a turnover already read (readTurnover / readTurnoverLockingGrant). */
export function turnoverFromState(state: TurnoverState): { nowSatang: bigint; neededSatang: bigint; countedRounds: number } {
  const { totalSatang, rounds, grant, wageringRequirements } = state;
  const combined = turnoverTowards(totalSatang, grant ? [grant, ...wageringRequirements] : wageringRequirements);
  return { ...combined, countedRounds: rounds };
}
