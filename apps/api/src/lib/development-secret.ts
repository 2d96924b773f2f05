import { randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';

/**
 * A secret shared by every process on this database, created once (development and tests only:
 * production configures its secrets and refuses to start without them). Concurrent first calls
 * agree: the insert is `ON CONFLICT DO NOTHING` and everyone reads the stored row.
 * @returns 64 hex characters (256 bits).
 */
export async function sharedDevelopmentSecret(db: Queryable, name: 'bank_token' | 'staff_token' | 'otp'): Promise<string> {
  await db.query('INSERT INTO development_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('hex')]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM development_secrets WHERE name = $1', [name]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`development secret ${name} vanished`);
  return value;
}
