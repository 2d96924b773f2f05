import { databaseScope, type Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, type HouseAccountKind, type MemberWalletKind } from './house-accounts.ts';

/**
 * Ledger accounts (money.md "Accounts"). Member wallets are opened at sign-up (apps/api auth);
 * house accounts are created by migrations or by the feature that needs them (a bank channel).
 */
export interface AccountBalance {
  accountId: bigint;
  code: string;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

/** The id of the account with this code, or undefined. */
export async function findAccountId(q: Queryable, code: string): Promise<bigint | undefined> {
  const { rows } = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE code = $1', [code]);
  return rows[0]?.id;
}

/**
 * House account ids already read, per database (`databaseScope`): the ledger's named accounts
 * (HOUSE_ACCOUNTS) only. They are created by migrations, committed before any caller runs, and an
 * account's id never changes nor is it ever deleted (ledger_accounts is append-only in use), so a
 * read id stays true for the life of the database (issue 29 §1, docs/adr/0053 addendum). Accounts
 * made at run time (a deposit channel's, `ensureHouseAccount`) are not cached: the transaction
 * that creates one may still roll back.
 */
const houseAccountIds = new WeakMap<object, Map<string, bigint>>();
const CACHED_HOUSE_CODES: ReadonlySet<string> = new Set(Object.values(HOUSE_ACCOUNTS));

/**
 * The id of the account with this code. One of the ledger's named house accounts (HOUSE_ACCOUNTS)
 * is read once per database and then answered from memory (no statement).
 * @throws Error when it does not exist (a setup error).
 */
export async function requireAccountId(q: Queryable, code: string): Promise<bigint> {
  const scope = CACHED_HOUSE_CODES.has(code) ? databaseScope(q) : undefined;
  let cached = scope === undefined ? undefined : houseAccountIds.get(scope);
  const known = cached?.get(code);
  if (known !== undefined) return known;
  const id = await findAccountId(q, code);
  if (id === undefined) throw new Error(`ledger account ${code} does not exist`);
  if (scope !== undefined) {
    if (cached === undefined) houseAccountIds.set(scope, (cached = new Map()));
    cached.set(code, id);
  }
  return id;
}

/** The member's wallet account of `kind` (`main`, `game`, …). @throws Error when missing. */
export async function requireMemberAccountId(q: Queryable, memberId: string, kind: MemberWalletKind): Promise<bigint> {
  const { rows } = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = $2', [memberId, kind]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`member ${memberId} has no ${kind} account`);
  return id;
}

/**
 * Locks the member's `kind` wallet account the way a posting to it locks it (`FOR NO KEY UPDATE`)
 * and takes `FOR SHARE` on the member's row, in one statement, in the ledger's lock order (the
 * wallet account, then the member row, as a withdrawal's lockMemberWallet), and returns the
 * account's id. For a check-then-credit (docs/adr/0063): a deposit checked against the member's
 * deposit limit waits here for another credit of that member until it commits, so it counts it;
 * the member row waits for an exclusion being recorded (startExclusion holds it `FOR UPDATE`).
 * Inside the caller's transaction; the locks last until it ends.
 * @throws Error when the member or the account does not exist.
 */
export async function lockMemberAccountSharingMember(tx: Queryable, memberId: string, kind: MemberWalletKind): Promise<bigint> {
  const { rows } = await tx.query<{ id: bigint }>(
    'SELECT a.id FROM members m JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = $2 WHERE m.id = $1 FOR NO KEY UPDATE OF a FOR SHARE OF m',
    [memberId, kind],
    { prepare: true },
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`member ${memberId} has no ${kind} account`);
  return id;
}

/**
 * Takes the row lock a posting takes on an account (FOR NO KEY UPDATE), until the transaction
 * ends, so that a read-check-write (e.g. "is turnover met? then reserve") cannot interleave with
 * a posting to that account. Lock member accounts only (hot house accounts are not row-locked by
 * postings). Postings already in the transaction keep working: the lock is the transaction's own.
 */
export async function lockAccount(q: Queryable, accountId: bigint): Promise<void> {
  const { rows } = await q.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
  if (rows.length !== 1) throw new Error(`ledger account ${accountId} does not exist`);
}

/** Posted balance of a credit-normal (member) account: pending moves, either way, are not counted. */
export const postedCreditBalance = (balance: AccountBalance): bigint => balance.creditsPosted - balance.debitsPosted;

/**
 * Creates a house account if missing (idempotent) and returns its id. Hot accounts (every deposit
 * touches them) should pass `isTotalsCached: false`: their totals are derived from entries.
 */
export async function ensureHouseAccount(
  q: Queryable,
  input: { code: string; kind: HouseAccountKind; isTotalsCached: boolean },
): Promise<bigint> {
  const normalBalance = input.kind === 'house_asset' || input.kind === 'house_expense' ? 'debit' : 'credit';
  await q.query(
    `INSERT INTO ledger_accounts (code, member_id, kind, normal_balance, is_totals_cached)
     VALUES ($1, NULL, $2, $3, $4) ON CONFLICT (code) DO NOTHING`,
    [input.code, input.kind, normalBalance, input.isTotalsCached],
  );
  // Read, not cached: this transaction may have created it and may still roll back.
  const id = await findAccountId(q, input.code);
  if (id === undefined) throw new Error(`ledger account ${input.code} does not exist`);
  return id;
}

/**
 * Totals of an account: cached columns for cached accounts, the sum of entries for the others.
 */
export async function readAccountBalance(q: Queryable, accountId: bigint): Promise<AccountBalance> {
  const { rows } = await q.query<{
    code: string;
    debits_posted: bigint;
    credits_posted: bigint;
    debits_pending: bigint;
    credits_pending: bigint;
  }>(
    `SELECT a.code,
       CASE WHEN a.is_totals_cached THEN a.debits_posted ELSE coalesce(sum(e.debits_posted), 0)::int8 END AS debits_posted,
       CASE WHEN a.is_totals_cached THEN a.credits_posted ELSE coalesce(sum(e.credits_posted), 0)::int8 END AS credits_posted,
       CASE WHEN a.is_totals_cached THEN a.debits_pending ELSE coalesce(sum(e.debits_pending), 0)::int8 END AS debits_pending,
       CASE WHEN a.is_totals_cached THEN a.credits_pending ELSE coalesce(sum(e.credits_pending), 0)::int8 END AS credits_pending
     FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id AND NOT a.is_totals_cached
     WHERE a.id = $1 GROUP BY a.id`,
    [accountId],
  );
  const row = rows[0];
  if (!row) throw new Error(`ledger account ${accountId} does not exist`);
  return {
    accountId,
    code: row.code,
    debitsPosted: row.debits_posted,
    creditsPosted: row.credits_posted,
    debitsPending: row.debits_pending,
    creditsPending: row.credits_pending,
  };
}

/** What a credit-normal (member) account can spend: credits posted − debits posted − debits pending. */
export const availableCreditBalance = (balance: AccountBalance): bigint =>
  balance.creditsPosted - balance.debitsPosted - balance.debitsPending;
