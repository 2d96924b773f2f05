import type { Queryable } from '@sabai/db';
import { newPrefixedId } from '../../lib/ids.ts';

/** Evidence entries kept per case (the newest win): bounded, like everything stored (style.md). */
const MAX_EVIDENCE_ENTRIES = 50;

/** JSON with bigint satang as decimal strings (evidence is read by staff, never summed). */
const toJson = (value: unknown) => JSON.stringify(value, (_key, entry: unknown) => (typeof entry === 'bigint' ? entry.toString() : entry));

export interface GameCaseRow {
  id: string;
  member_id: string;
  status: 'open' | 'resolved' | 'cleared';
  difference_satang: bigint;
  suspense_satang: bigint;
  evidence: { entries: Array<Record<string, unknown>> };
  resolution: string | null;
  resolved_by: string | null;
  resolution_reason: string | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
}

/**
 * The member's open reconciliation case, created when missing, locked for the caller's
 * transaction (one open case per member: game_cases_one_open_per_member).
 */
async function lockOpenCase(tx: Queryable, memberId: string, firstEvidence: Record<string, unknown>): Promise<GameCaseRow> {
  await tx.query(
    `INSERT INTO game_reconciliation_cases (id, member_id, evidence) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING`,
    [newPrefixedId('grc'), memberId, toJson({ entries: [] })],
  );
  const { rows } = await tx.query<GameCaseRow>(`SELECT * FROM game_reconciliation_cases WHERE member_id = $1 AND status = 'open' FOR UPDATE`, [memberId]);
  const row = rows[0];
  if (!row) throw new Error(`open game case of ${memberId} vanished (${toJson(firstEvidence)})`);
  return row;
}

const appendEvidence = (row: GameCaseRow, entry: Record<string, unknown>, at: Date) =>
  toJson({ entries: [...row.evidence.entries, { at: at.toISOString(), ...entry }].slice(-MAX_EVIDENCE_ENTRIES) });

/**
 * Adds a suspense booking (house:game_unexplained, from book-round-results.ts) to the member's
 * open case, in the booking's transaction. A negative amount is suspense given back (a reversed
 * round), never taking the case below zero.
 */
export async function addSuspenseToCase(tx: Queryable, input: { memberId: string; suspenseSatang: bigint; evidence: Record<string, unknown> }): Promise<void> {
  const row = await lockOpenCase(tx, input.memberId, input.evidence);
  const suspense = row.suspense_satang + input.suspenseSatang;
  await tx.query(`UPDATE game_reconciliation_cases SET suspense_satang = $2, evidence = $3::jsonb, updated_at = now() WHERE id = $1`, [
    row.id,
    suspense < 0n ? 0n : suspense,
    appendEvidence(row, input.evidence, new Date()),
  ]);
}

/**
 * Records what a quiet look at the member found (detect-game-difference.ts): a non-zero
 * difference opens the member's case or updates it; a zero difference clears an open case that
 * holds no suspense (later rounds explained it, e.g. a lagging bet feed).
 * @returns the open case's id, or null when none is open afterwards.
 */
export async function recordGameDifference(
  tx: Queryable,
  input: { memberId: string; differenceSatang: bigint; evidence: Record<string, unknown> },
): Promise<string | null> {
  if (input.differenceSatang === 0n) {
    const { rows } = await tx.query<{ id: string; suspense_satang: bigint }>(
      `SELECT id, suspense_satang FROM game_reconciliation_cases WHERE member_id = $1 AND status = 'open' FOR UPDATE`,
      [input.memberId],
    );
    const open = rows[0];
    if (!open) return null;
    const status = open.suspense_satang === 0n ? 'cleared' : 'open';
    await tx.query(`UPDATE game_reconciliation_cases SET difference_satang = 0, status = $2, updated_at = now() WHERE id = $1`, [open.id, status]);
    return status === 'open' ? open.id : null;
  }
  const row = await lockOpenCase(tx, input.memberId, input.evidence);
  await tx.query(`UPDATE game_reconciliation_cases SET difference_satang = $2, evidence = $3::jsonb, updated_at = now() WHERE id = $1`, [
    row.id,
    input.differenceSatang,
    appendEvidence(row, input.evidence, new Date()),
  ]);
  return row.id;
}

/** Staff's list of cases, newest first, with the member's phone for finding them. Bounded by `limit`. */
export async function listGameCases(q: Queryable, input: { status: 'open' | 'resolved' | 'cleared'; memberId?: string | undefined; limit: number }) {
  const { rows } = await q.query<GameCaseRow & { phone_number: string }>(
    `SELECT c.*, m.phone_number FROM game_reconciliation_cases c JOIN members m ON m.id = c.member_id
     WHERE c.status = $1 AND ($2::text IS NULL OR c.member_id = $2) ORDER BY c.created_at DESC LIMIT $3`,
    [input.status, input.memberId ?? null, input.limit],
  );
  return rows;
}

/**
 * Adds a difference the Hub88 day reconciliation found (reconcile-hub88-day.ts) to the member's
 * open case, creating it: `differenceSatang` (partner − ledger, what Hub88's records say moved on
 * the member's balance minus what our ledger moved) is added, never replaced, so several
 * mismatches of one member add up; the evidence names the transaction.
 */
export async function addGameDifferenceToCase(tx: Queryable, input: { memberId: string; differenceSatang: bigint; evidence: Record<string, unknown> }): Promise<string> {
  const row = await lockOpenCase(tx, input.memberId, input.evidence);
  await tx.query(`UPDATE game_reconciliation_cases SET difference_satang = difference_satang + $2, evidence = $3::jsonb, updated_at = now() WHERE id = $1`, [
    row.id,
    input.differenceSatang,
    appendEvidence(row, input.evidence, new Date()),
  ]);
  return row.id;
}
