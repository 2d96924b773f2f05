import type { Queryable } from '@sabai/db';
import { reconcileMoneyFromCheckpoint, type MoneyReconcile } from './reconcile-money.ts';

/** How many violations a run's record keeps (the count keeps them all; the log prints every one). */
export const RECORDED_VIOLATIONS = 5;

/**
 * `npm run ledger:reconcile` (scripts/ledger-reconcile.ts): reconcileMoneyFromCheckpoint, then one
 * `money_reconcile_runs` row with its result, sound or not (migration 0031), so the back office's
 * dashboard can say when the books were last checked and what was found (issue 11 "Dashboard").
 * The checkpoints are still stored only by a sound run; the record is written after them, in its
 * own statement (a run that throws records nothing: the operator sees the script fail).
 * @returns the run, as reconcileMoneyFromCheckpoint returns it.
 */
export async function runAndRecordReconcile(q: Queryable, options: { full?: boolean; settleSeconds?: number } = {}): Promise<MoneyReconcile> {
  const startedAt = new Date();
  const run = await reconcileMoneyFromCheckpoint(q, options);
  await q.query(
    `INSERT INTO money_reconcile_runs (started_at, is_full_run, is_sound, violation_count, violations, ledger_from_transfer_id, ledger_through_transfer_id, around_since_transfer_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`,
    [
      startedAt,
      // Every row checked: `--full`, or a first run (no checkpoint yet: from transfer 0).
      run.ledger.fromTransferId === 0n && run.around.isFullRun,
      run.violations.length === 0,
      run.violations.length,
      JSON.stringify(run.violations.slice(0, RECORDED_VIOLATIONS).map((violation) => ({ invariant: violation.invariant, detail: violation.detail.slice(0, 500) }))),
      String(run.ledger.fromTransferId),
      String(run.ledger.throughTransferId),
      String(run.around.sinceTransferId),
    ],
  );
  return run;
}

/** The last recorded reconcile run (times are instants; transfer ids are int8, as bigint). */
export interface ReconcileRunRecord {
  startedAt: Date;
  finishedAt: Date;
  isFullRun: boolean;
  isSound: boolean;
  violationCount: number;
  /** The first RECORDED_VIOLATIONS violations. */
  violations: Array<{ invariant: string; detail: string }>;
  ledgerFromTransferId: bigint;
  ledgerThroughTransferId: bigint;
  aroundSinceTransferId: bigint;
}

/**
 * The newest `money_reconcile_runs` row and when the books were last found sound (the newest
 * checkpoint of the checks around the ledger, migration 0027, which only a sound run stores).
 * @returns `last: null` when no run was recorded; `lastSoundAt: null` when none was ever sound.
 */
export async function readReconcileStatus(q: Queryable): Promise<{ last: ReconcileRunRecord | null; lastSoundAt: Date | null }> {
  const { rows } = await q.query<{
    started_at: Date;
    finished_at: Date;
    is_full_run: boolean;
    is_sound: boolean;
    violation_count: number;
    violations: Array<{ invariant: string; detail: string }>;
    ledger_from_transfer_id: bigint;
    ledger_through_transfer_id: bigint;
    around_since_transfer_id: bigint;
  }>(`SELECT started_at, finished_at, is_full_run, is_sound, violation_count, violations, ledger_from_transfer_id, ledger_through_transfer_id, around_since_transfer_id
      FROM money_reconcile_runs ORDER BY id DESC LIMIT 1`);
  const sound = await q.query<{ at: Date | null }>(
    `SELECT greatest((SELECT max(finished_at) FROM money_reconcile_runs WHERE is_sound), (SELECT created_at FROM money_reconcile_checkpoints ORDER BY id DESC LIMIT 1)) AS at`,
  );
  const row = rows[0];
  return {
    last: row
      ? {
          startedAt: row.started_at,
          finishedAt: row.finished_at,
          isFullRun: row.is_full_run,
          isSound: row.is_sound,
          violationCount: Number(row.violation_count),
          violations: row.violations,
          ledgerFromTransferId: BigInt(row.ledger_from_transfer_id),
          ledgerThroughTransferId: BigInt(row.ledger_through_transfer_id),
          aroundSinceTransferId: BigInt(row.around_since_transfer_id),
        }
      : null,
    lastSoundAt: sound.rows[0]?.at ?? null,
  };
}
