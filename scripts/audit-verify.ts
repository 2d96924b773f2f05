import path from 'node:path';
import { openDatabase } from '@sabai/db';
import { verifyAuditChain } from '@sabai/api';
import { REPO_ROOT } from './stack.ts';

/**
 * `npm run audit:verify` (issue 11): recomputes the audit log's hash chain on the configured
 * database and exits non-zero at the first row that was changed, removed or inserted out of turn.
 */
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data', 'pglite') });
try {
  const result = await verifyAuditChain(db);
  if (result.firstBreak) {
    console.error(`audit chain BROKEN at seq ${result.firstBreak.seq} (${result.firstBreak.problem}); ${result.rows} rows read`);
    process.exitCode = 1;
  } else {
    console.log(`audit chain sound: ${result.rows} rows`);
  }
} finally {
  await db.close();
}
