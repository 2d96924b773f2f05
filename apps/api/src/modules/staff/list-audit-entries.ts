import type { Queryable } from '@sabai/db';

/** The audit screen's filters (all optional): actor exact, action prefix, target, Bangkok days inclusive, keyset page. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** First Bangkok day (`YYYY-MM-DD`, UTC+7) included. */
  from?: string | undefined;
  /** Last Bangkok day included. */
  to?: string | undefined;
  beforeSeq?: number | undefined;
  limit: number;
}

/** Rows per call at most (style.md: explicit limits); the CSV export pages through up to its own cap. */
export const AUDIT_PAGE_MAX = 200;

/** The instant a Bangkok day starts (UTC+7, no daylight saving). */
const bangkokDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000);

/**
 * The audit trail for staff (`GET /admin-api/v1/audit`, issue 11 and issue 25 §4), newest first,
 * filtered by actor, action (prefix), target and Bangkok days; keyset-paged by `seq`
 * (`beforeSeq`), at most AUDIT_PAGE_MAX rows. Each row says whether it is `tampered`: its content
 * no longer hashes to its stored hash, or its `prev_hash` is not the previous row's hash (the
 * chain of migration 0016, the same checks as `npm run audit:verify`, row by row).
 */
export async function listAuditEntries(db: Queryable, filter: AuditFilter) {
  const { rows } = await db.query<{
    seq: bigint; actor: string; actor_role: string | null; action: string; subject_type: string; subject_id: string; details: unknown;
    reason: string | null; address: string | null; before: unknown; after: unknown; created_at: Date; hash: string; tampered: boolean;
  }>(
    `SELECT a.seq, a.actor, a.actor_role, a.action, a.subject_type, a.subject_id, a.details, a.reason, a.address, a.before, a.after, a.created_at, a.hash,
            (audit_row_hash(a.prev_hash, a) IS DISTINCT FROM a.hash
              OR a.prev_hash IS DISTINCT FROM (CASE WHEN a.seq = 1 THEN 'genesis' ELSE p.hash END)) AS tampered
     FROM audit_log a LEFT JOIN audit_log p ON p.seq = a.seq - 1
     WHERE ($1::text IS NULL OR a.actor = $1) AND ($2::text IS NULL OR a.action LIKE $2 || '%')
       AND ($3::text IS NULL OR a.subject_type = $3) AND ($4::text IS NULL OR a.subject_id = $4) AND ($5::bigint IS NULL OR a.seq < $5)
       AND ($6::timestamptz IS NULL OR a.created_at >= $6) AND ($7::timestamptz IS NULL OR a.created_at < $7)
     ORDER BY a.seq DESC LIMIT $8`,
    [
      filter.actor || null, filter.action ? filter.action.replace(/[%_\\]/g, '\\$&') : null, filter.subjectType || null, filter.subjectId || null, filter.beforeSeq ?? null,
      filter.from ? bangkokDayStart(filter.from) : null, filter.to ? bangkokDayStart(filter.to, 1) : null, Math.min(filter.limit, AUDIT_PAGE_MAX),
    ],
  );
  return rows.map((row) => ({
    seq: row.seq.toString(),
    actor: row.actor,
    role: row.actor_role,
    action: row.action,
    target: { type: row.subject_type, id: row.subject_id },
    details: row.details,
    reason: row.reason,
    address: row.address,
    before: row.before,
    after: row.after,
    at: row.created_at.toISOString(),
    hash: row.hash,
    tampered: row.tampered,
  }));
}

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

/** Who and what the audit screen can filter on: every staff account (as `staff:<username>`) and the distinct actions recorded (at most 500). */
export async function listAuditFilters(db: Queryable): Promise<{ actors: Array<{ actor: string; role: string | null }>; actions: string[] }> {
  const staff = await db.query<{ username: string; role: string }>('SELECT username, role FROM staff_accounts ORDER BY username');
  const actions = await db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action LIMIT 500');
  return { actors: staff.rows.map((row) => ({ actor: `staff:${row.username}`, role: row.role })), actions: actions.rows.map((row) => row.action) };
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The filtered audit trail as CSV for Thai Excel (UTF-8 BOM, CRLF, formula-safe fields: the
 * reports module's `toCsv`), newest first, at most `maxRows`: seq, time (ISO, UTC), actor, role,
 * action, target, reason, before, after, details, address, tampered.
 */
export async function auditCsvLines(db: Queryable, filter: Omit<AuditFilter, 'limit' | 'beforeSeq'>, maxRows: number): Promise<Array<Array<string | number>>> {
  const lines: Array<Array<string | number>> = [['ลำดับ seq', 'เวลา time (UTC)', 'ผู้ทำ actor', 'บทบาท role', 'การกระทำ action', 'เป้าหมาย target', 'เหตุผล reason', 'ก่อน before', 'หลัง after', 'รายละเอียด details', 'ที่อยู่ address', 'ถูกแก้ไข tampered']];
  let beforeSeq: number | undefined;
  while (lines.length - 1 < maxRows) {
    const page = await listAuditEntries(db, { ...filter, beforeSeq, limit: Math.min(AUDIT_PAGE_MAX, maxRows - (lines.length - 1)) });
    for (const row of page) {
      lines.push([row.seq, row.at, row.actor, row.role ?? '', row.action, `${row.target.type}:${row.target.id}`, row.reason ?? '', json(row.before), json(row.after), json(row.details), row.address ?? '', row.tampered ? 'YES' : '']);
    }
    if (page.length === 0 || page.length < AUDIT_PAGE_MAX) break;
    beforeSeq = Number(page[page.length - 1]!.seq);
  }
  return lines;
}
