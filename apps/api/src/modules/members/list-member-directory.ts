import type { Queryable } from '@sabai/db';
import { MEMBER_DIRECTORY_MAX_OFFSET, type MemberDirectoryFilter, type MemberDirectoryRowWire } from '@sabai/contracts';

/** The instant today's Bangkok day (UTC+7, no daylight saving) began. */
export function bangkokDayStart(now: Date): Date {
  const shifted = new Date(now.getTime() + 7 * 3_600_000);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - 7 * 3_600_000);
}

/** A member is protected while a time-out or self-exclusion lasts, or a deposit / loss limit is in force (issue 12). */
const PROTECTED = `(EXISTS (SELECT 1 FROM responsible_gaming_exclusions x WHERE x.member_id = m.id AND x.starts_at <= $1 AND x.ends_at > $1)
  OR EXISTS (SELECT 1 FROM responsible_gaming_limits l WHERE l.member_id = m.id AND l.amount_satang IS NOT NULL))`;

const FILTERS: Record<MemberDirectoryFilter, string> = {
  all: 'true',
  new_today: 'm.created_at >= $2',
  suspended: "m.status = 'suspended'",
  protected: PROTECTED,
  unverified_bank: 'm.bank_account_verified_at IS NULL',
};

/**
 * The back office's member directory (issue 25 §4, docs/adr/0052): newest members first, one
 * filter (signed up today in Bangkok, suspended, protected, bank account not verified) and an
 * optional search — digits match the phone number (contains), other text the name (contains,
 * case-insensitive, ≥ 2 characters). Offset-paged: `page` ≥ 1, `pageSize` ≤ 100, no deeper than
 * MEMBER_DIRECTORY_MAX_OFFSET (an empty page past it); `total` is counted up to that depth.
 */
export async function listMemberDirectory(
  db: Queryable,
  input: { filter: MemberDirectoryFilter; q?: string | undefined; page: number; pageSize: number; now: Date },
): Promise<{ rows: MemberDirectoryRowWire[]; page: number; pageSize: number; total: number }> {
  const term = (input.q ?? '').trim();
  const digits = /^[0-9]+$/.test(term);
  const like = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
  const search = term.length === 0 || (!digits && term.length < 2) ? 'true' : digits ? 'm.phone_number LIKE $3' : "(m.first_name || ' ' || m.last_name) ILIKE $3";
  // Every parameter is referenced with its type, whatever the filter (PostgreSQL refuses an untyped unused one).
  const where = `${FILTERS[input.filter]} AND ${search} AND $1::timestamptz IS NOT NULL AND $2::timestamptz IS NOT NULL AND $3::text IS NOT NULL`;
  const offset = (input.page - 1) * input.pageSize;
  const params = [input.now, bangkokDayStart(input.now), like];
  if (offset >= MEMBER_DIRECTORY_MAX_OFFSET) return { rows: [], page: input.page, pageSize: input.pageSize, total: 0 };
  const { rows } = await db.query<{
    id: string; phone_number: string; first_name: string; last_name: string; bank_code: string; bank_account_number: string;
    status: 'active' | 'suspended'; created_at: Date; bank_account_verified_at: Date | null; protected: boolean;
  }>(
    `SELECT m.id, m.phone_number, m.first_name, m.last_name, m.bank_code, m.bank_account_number, m.status, m.created_at, m.bank_account_verified_at,
            ${PROTECTED} AS protected
     FROM members m WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $4 OFFSET $5`,
    [...params, input.pageSize, offset],
  );
  const counted = await db.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM (SELECT 1 FROM members m WHERE ${where} LIMIT $4) matching`,
    [...params, MEMBER_DIRECTORY_MAX_OFFSET + input.pageSize],
  );
  return {
    rows: rows.map((row) => ({
      memberId: row.id, phoneNumber: row.phone_number, name: `${row.first_name} ${row.last_name}`, bankCode: row.bank_code, bankAccountNumber: row.bank_account_number,
      status: row.status, createdAt: row.created_at.toISOString(), bankVerified: row.bank_account_verified_at !== null, protected: row.protected,
    })),
    page: input.page,
    pageSize: input.pageSize,
    total: Number(counted.rows[0]?.total ?? 0n),
  };
}
