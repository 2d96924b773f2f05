import path from 'node:path';
import { openDatabase } from '@sabai/db';
import { runAndRecordReconcile } from '../apps/api/src/modules/reconcile/index.ts';
import { listOpenGameCaseSummaries } from '../apps/api/src/modules/play/index.ts';
import { REPO_ROOT } from './stack.ts';

/**
 * `npm run ledger:reconcile`: checks every invariant of money.md against DATABASE_URL (or the
 * quick start's PGlite under .data/) and exits 1 on any violation, printing each. The ledger's
 * own invariants and the checks around it (deposits, payouts, rewards, game) are checked from
 * their last checkpoints (only what is newer than what a sound run verified, plus the open rows:
 * docs/adr/0023, 0027); `--full` checks everything (run it nightly: only it finds an old row
 * changed without a posting). Only a run that finds nothing stores checkpoints; every run, sound
 * or not, is recorded in `money_reconcile_runs` (migration 0031) for the back office's dashboard.
 */
const isFull = process.argv.includes('--full');
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'pglite'),
});
try {
  const startedAt = performance.now();
  const { violations, ledger, around } = await runAndRecordReconcile(db, { full: isFull });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const openCases = await listOpenGameCaseSummaries(db);
  console.log(openCases.length === 0 ? 'game suspense: no open case' : `game suspense: ${openCases.length} open case(s) for staff`);
  for (const line of openCases) console.log(`  CASE ${line}`);
  if (violations.length === 0) {
    console.log(
      `ledger sound (${ledger.isFullRun ? 'full run' : `since checkpoint ${ledger.fromTransferId}`}): transfers through id ${ledger.throughTransferId} checked, every invariant holds (${seconds} s)` +
        (ledger.isCheckpointSaved ? `; checkpoint saved at transfer ${ledger.checkpointTransferId}` : ''),
    );
    console.log(
      `around the ledger sound (${around.isFullRun ? 'full run' : `rows linked to transfers after ${around.sinceTransferId}, and the open ones`})` +
        (around.isCheckpointSaved ? `; checkpoint saved at transfer ${around.checkpointTransferId}` : ''),
    );
  } else {
    for (const violation of violations) console.error(`VIOLATION ${violation.invariant}: ${violation.detail}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
