import type { Queryable } from '@sabai/db';

export interface MemberSummary {
  memberId: string;
  phoneNumber: string;
  name: string;
  bankCode: string;
  bankAccountNumber: string;
  gameUsername: string | null;
  status: 'active' | 'suspended';
  createdAt: Date;
}

/** At most this many rows per search (style.md: explicit limits). */
export const MEMBER_SEARCH_LIMIT = 50;

/**
 * Staff find a member (issue 11 "Members") by phone number, name, bank account number or game
 * username: a partial match of at least 3 characters, newest members first.
 */
export async function searchMembers(db: Queryable, query: string): Promise<MemberSummary[]> {
  const term = query.trim();
  if (term.length < 3) return [];
  const like = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
  const { rows } = await db.query<{ id: string; phone_number: string; first_name: string; last_name: string; bank_code: string; bank_account_number: string; username: string | null; status: 'active' | 'suspended'; created_at: Date }>(
    `SELECT m.id, m.phone_number, m.first_name, m.last_name, m.bank_code, m.bank_account_number, g.username, m.status, m.created_at
     FROM members m LEFT JOIN game_accounts g ON g.member_id = m.id
     WHERE m.phone_number LIKE $1 OR m.bank_account_number LIKE $1 OR (m.first_name || ' ' || m.last_name) ILIKE $1 OR g.username ILIKE $1
     ORDER BY m.created_at DESC LIMIT $2`,
    [like, MEMBER_SEARCH_LIMIT],
  );
  return rows.map((row) => ({
    memberId: row.id,
    phoneNumber: row.phone_number,
    name: `${row.first_name} ${row.last_name}`,
    bankCode: row.bank_code,
    bankAccountNumber: row.bank_account_number,
    gameUsername: row.username,
    status: row.status,
    createdAt: row.created_at,
  }));
}
