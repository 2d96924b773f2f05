import path from 'node:path';
import { openDatabase } from '@sabai/db';
import { countLedgerRows } from '@sabai/ledger';
import { reconcileMoney } from '../apps/api/src/modules/reconcile/index.ts';
import { listOpenGameCaseSummaries } from '../apps/api/src/modules/play/index.ts';
import { REPO_ROOT } from './stack.ts';

/**
 * `npm run ledger:reconcile`: checks every invariant of money.md against DATABASE_URL (or the
 * quick start's PGlite under .data/) and exits 1 on any violation, printing each.
 */
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'pglite'),
});
try {
  const violations = await reconcileMoney(db);
  const counts = await countLedgerRows(db);
  const openCases = await listOpenGameCaseSummaries(db);
  console.log(openCases.length === 0 ? 'game suspense: no open case' : `game suspense: ${openCases.length} open case(s) for staff`);
  for (const line of openCases) console.log(`  CASE ${line}`);
  if (violations.length === 0) {
    console.log(`ledger sound: ${counts.transfers} transfers, ${counts.entries} entries, every invariant holds`);
  } else {
    for (const violation of violations) console.error(`VIOLATION ${violation.invariant}: ${violation.detail}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
