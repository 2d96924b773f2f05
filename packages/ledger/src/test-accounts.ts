import { randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';

/**
 * Test helper: creates `count` members with their main wallet accounts directly in SQL (the
 * ledger does not depend on apps/api) and returns the main account ids.
 */
export async function createTestMemberAccounts(q: Queryable, count: number, _label: string): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let index = 0; index < count; index += 1) {
    const random = randomBytes(16).toString('hex');
    const memberId = `mbr_${random.slice(0, 20)}`;
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const account = String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
    await q.query(
      `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
       VALUES ($1, $2, 'x', '014', $3, 'ทดสอบ', 'ระบบ', $4)`,
      [memberId, phone, account, random.slice(20, 28).toUpperCase()],
    );
    const { rows } = await q.query<{ id: bigint }>(
      `INSERT INTO ledger_accounts (code, member_id, kind) VALUES ($1, $2, 'main') RETURNING id`,
      [`member:${memberId}:main`, memberId],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}
