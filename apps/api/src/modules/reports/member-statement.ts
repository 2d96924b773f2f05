import type { Queryable } from '@sabai/db';
import { readMemberWalletStatement, type MemberWalletKind, type StatementLine } from '@sabai/ledger';
import { AppError } from '../../lib/app-error.ts';

export type WalletKind = MemberWalletKind;
export type { StatementLine };

/**
 * A member's ledger statement for one wallet (issue 11 "Members": the ledger statement), newest
 * first with the running balance, keyset-paged by entry id: the ledger's own read
 * (@sabai/ledger `readMemberWalletStatement`, which documents the arithmetic).
 *
 * @throws AppError NOT_FOUND for an unknown member.
 */
export async function memberStatement(
  db: Queryable,
  input: { memberId: string; wallet: WalletKind; before?: bigint | undefined; limit: number },
): Promise<{ balanceSatang: bigint; lines: StatementLine[]; nextBefore: bigint | null }> {
  const member = await db.query('SELECT 1 FROM members WHERE id = $1', [input.memberId]);
  if (member.rowCount === 0) throw new AppError('NOT_FOUND');
  return readMemberWalletStatement(db, { memberId: input.memberId, kind: input.wallet, before: input.before, limit: input.limit });
}
