import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '@sabai/db';
import { createStaffAccount } from '@sabai/api';
import { REPO_ROOT } from './stack.ts';

/**
 * `npm run staff:create -- --username <name> --role owner` (issue 11): creates a staff account on
 * the configured database (DATABASE_URL, or the quick start's PGlite under .data/) and prints its
 * one-time password and the TOTP enrolment URI (add it to an authenticator app: Google
 * Authenticator, 1Password, Aegis…). At the first sign-in the account proves a code and sets its
 * own password. Audited as `cli`. Use it for the first owner; owners create everyone else in the
 * back office.
 */
const { values } = parseArgs({ options: { username: { type: 'string' }, role: { type: 'string', default: 'owner' } } });
if (!values.username) {
  console.error('usage: npm run staff:create -- --username <name> [--role owner|finance|support|marketing|auditor]');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data', 'pglite') });
try {
  await migrate(db);
  const created = await db.transaction((tx) => createStaffAccount(tx, { username: values.username!, role: values.role!, actor: 'cli', actorRole: null }));
  console.log(`\n  Staff account ${created.username} (${created.role}) created.\n`);
  console.log(`  One-time password (shown once): ${created.oneTimePassword}`);
  console.log(`  TOTP enrolment URI:             ${created.otpauthUri}\n`);
  console.log('  Sign in to the back office with the password and a code from the authenticator, then set your own password.\n');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
