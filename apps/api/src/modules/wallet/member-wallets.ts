import type { Queryable } from '@sabai/db';

/**
 * The member's wallet accounts (money.md "Accounts"), one ledger account each, mapped to spec §3
 * `internalWallet`. Created with every member, balances 0.
 */
export const MEMBER_WALLET_KINDS = ['main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin'] as const;
export type MemberWalletKind = (typeof MEMBER_WALLET_KINDS)[number];

/** Inserts the member's wallet accounts inside the caller's transaction. */
export async function openMemberWallets(tx: Queryable, memberId: string): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_accounts (code, member_id, kind)
     SELECT 'member:' || $1 || ':' || kind, $1, kind FROM unnest($2::text[]) AS kinds(kind)`,
    [memberId, [...MEMBER_WALLET_KINDS]],
  );
}

/**
 * Available balance of each wallet in satang: credits posted − debits posted − debits pending
 * (a reserved amount is not available twice).
 */
export async function readMemberWalletBalances(db: Queryable, memberId: string): Promise<Record<MemberWalletKind, bigint>> {
  const { rows } = await db.query<{ kind: MemberWalletKind; available_satang: bigint }>(
    `SELECT kind, credits_posted - debits_posted - debits_pending AS available_satang
     FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
  );
  const balances = Object.fromEntries(MEMBER_WALLET_KINDS.map((kind) => [kind, 0n])) as Record<MemberWalletKind, bigint>;
  for (const row of rows) balances[row.kind] = row.available_satang;
  return balances;
}
