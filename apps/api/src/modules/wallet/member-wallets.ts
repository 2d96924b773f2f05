import type { Queryable } from '@sabai/db';
import { MEMBER_ACCOUNT_KINDS, openMemberAccounts, readMemberAccountBalances, type MemberAccountKind } from '@sabai/ledger';

/**
 * The member's wallet accounts (money.md "Accounts"), one ledger account each, mapped to spec §3
 * `internalWallet`. Created with every member, balances 0. The ledger package owns the SQL
 * (packages/ledger/src/member-reads.ts, docs/adr/0023).
 */
export const MEMBER_WALLET_KINDS = MEMBER_ACCOUNT_KINDS;
export type MemberWalletKind = MemberAccountKind;

/** Inserts the member's wallet accounts inside the caller's transaction. */
export async function openMemberWallets(tx: Queryable, memberId: string): Promise<void> {
  await openMemberAccounts(tx, memberId);
}

/**
 * Available balance of each wallet in satang: credits posted − debits posted − debits pending
 * (a reserved amount is not available twice). Cached totals of the member's own accounts.
 */
export async function readMemberWalletBalances(db: Queryable, memberId: string): Promise<Record<MemberWalletKind, bigint>> {
  const balances = await readMemberAccountBalances(db, memberId);
  return Object.fromEntries(MEMBER_WALLET_KINDS.map((kind) => [kind, balances[kind].availableSatang])) as Record<MemberWalletKind, bigint>;
}
