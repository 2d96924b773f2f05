import type { Queryable } from '@sabai/db';
import type { MemberWalletKind } from './house-accounts.ts';

/** One line of a wallet statement. */
export interface StatementLine {
  entryId: bigint;
  at: Date;
  code: string;
  sourceType: string | null;
  sourceId: string | null;
  /** Posted change of the wallet in satang: credits − debits (member wallets are credit-normal). */
  changeSatang: bigint;
  /** The wallet's posted balance right after this entry, satang. */
  balanceSatang: bigint;
}

/** Most lines one statement page may ask for. */
export const MAX_STATEMENT_PAGE = 200;

/**
 * A member wallet's statement (issue 11 "Members": the ledger statement), newest first,
 * keyset-paged by entry id (`before`: the page holds entries with id < before; `limit` 1–200).
 * Only entries that change the posted balance are listed (a pending reservation alone moves
 * nothing). Reaches only the wallet's own entries (ledger_entries by account id).
 *
 * Running balance: the wallet's posted balance now (credits − debits) minus the posted changes of
 * every entry newer than the line. So the newest line's balance is the wallet's balance, and each
 * line's balance minus its change is the next older line's balance. One statement, so one
 * snapshot: the balance, the newer sum and the page agree under concurrent postings.
 *
 * @returns the wallet's balance, the page's lines, and `nextBefore` (the id to ask for the next
 *   page; null at the end). A wallet the member has never used is an empty statement.
 */
export async function readMemberWalletStatement(
  q: Queryable,
  input: { memberId: string; kind: MemberWalletKind; before?: bigint | undefined; limit: number },
): Promise<{ balanceSatang: bigint; lines: StatementLine[]; nextBefore: bigint | null }> {
  const limit = Math.min(Math.max(Math.trunc(input.limit), 1), MAX_STATEMENT_PAGE);
  const { rows } = await q.query<{
    balance: bigint; newer: bigint; id: bigint | null; created_at: Date | null; code: string | null; source_type: string | null; source_id: string | null; change: bigint | null;
  }>(
    `WITH acct AS (SELECT id, (credits_posted - debits_posted)::bigint AS balance FROM ledger_accounts WHERE member_id = $1 AND kind = $2),
     page AS (
       SELECT e.id, t.created_at, t.code, t.source_type, t.source_id, (e.credits_posted - e.debits_posted)::bigint AS change
       FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN acct ON e.account_id = acct.id
       WHERE (e.credits_posted <> 0 OR e.debits_posted <> 0) AND ($3::bigint IS NULL OR e.id < $3::bigint)
       ORDER BY e.id DESC LIMIT $4)
     SELECT acct.balance,
            (SELECT COALESCE(sum(n.credits_posted - n.debits_posted), 0)::bigint FROM ledger_entries n
             WHERE n.account_id = acct.id AND $3::bigint IS NOT NULL AND n.id >= $3::bigint) AS newer,
            page.*
     FROM acct LEFT JOIN page ON true ORDER BY page.id DESC`,
    [input.memberId, input.kind, input.before ?? null, limit + 1],
  );
  const first = rows[0];
  if (!first) return { balanceSatang: 0n, lines: [], nextBefore: null };
  const balance = BigInt(first.balance);
  const entries = rows.filter((entry) => entry.id !== null);
  const hasMore = entries.length > limit;
  let running = balance - BigInt(first.newer);
  const lines = entries.slice(0, limit).map((entry) => {
    const change = BigInt(entry.change!);
    const line: StatementLine = { entryId: BigInt(entry.id!), at: entry.created_at!, code: entry.code!, sourceType: entry.source_type, sourceId: entry.source_id, changeSatang: change, balanceSatang: running };
    running -= change;
    return line;
  });
  return { balanceSatang: balance, lines, nextBefore: hasMore ? lines[lines.length - 1]!.entryId : null };
}
