import path from 'node:path';
import { buildWebIfNeeded } from './build-if-needed.ts';
import type { Db } from '@sabai/db';
import { createStaffAccount } from '@sabai/api';
import { REPO_ROOT, startStack } from './stack.ts';

/**
 * `npm start`: the quick start. Builds the member site when its sources changed, opens the
 * embedded PGlite database under `.data/` (or DATABASE_URL), migrates, seeds the demo site and
 * serves member site + API on :3000 (PORT) and the sandbox on :3100 (SANDBOX_PORT).
 */
buildWebIfNeeded();
const stack = await startStack({
  host: process.env.HOST ?? '127.0.0.1',
  apiPort: Number(process.env.PORT ?? 3000),
  sandboxPort: Number(process.env.SANDBOX_PORT ?? 3100),
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'),
});
console.log(`\n  Sabai member site + API: ${stack.apiUrl}\n  API docs:               ${stack.apiUrl}/docs\n  Sandbox providers:      ${stack.sandboxUrl}\n  Demo member:            0800000001 / demo1234\n`);
console.log(await demoStaffOwner(stack.db));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void stack.close().then(() => process.exit(0));
  });
}

/**
 * The quick start's first owner (the demo database only; production creates it with
 * `npm run staff:create`): created on the first start, its one-time password and TOTP enrolment
 * URI printed once. Back-office sign-in: POST /admin-api/v1/auth/login, then /auth/totp.
 */
async function demoStaffOwner(db: Db): Promise<string> {
  const { rows } = await db.query<{ username: string }>(`SELECT username FROM staff_accounts WHERE role = 'owner' ORDER BY created_at LIMIT 1`);
  if (rows[0]) return `  Back-office owner:      ${rows[0].username} (created earlier; its one-time password was printed then)\n`;
  const created = await db.transaction((tx) => createStaffAccount(tx, { username: 'owner', role: 'owner', actor: 'quick-start', actorRole: null }));
  return `  Back-office owner:      ${created.username} / ${created.oneTimePassword} (one-time; set your own at first sign-in)\n  Owner TOTP (add to an authenticator app): ${created.otpauthUri}\n`;
}
