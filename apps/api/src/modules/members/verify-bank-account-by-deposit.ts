import type { Queryable } from '@sabai/db';
import { compareHolderNames, type HolderNameComparison } from './holder-names.ts';

/** What a credited deposit did to the member's bank-account verification. */
export type DepositVerificationOutcome = 'already_verified' | 'verified' | 'no_sender_name' | Exclude<HolderNameComparison, 'same'>;

/**
 * A credited deposit from the member's bound account (the caller established that: sender
 * account fits the bound account, same bank) verifies that account when the sender name the bank
 * printed equals the name the member typed at sign-up (holder-names.ts; docs/adr/0040). Runs inside
 * the transaction that credits the deposit, after the ledger posting (lock order: the member's
 * wallet account, then the member row, as a withdrawal takes them), so a verification commits or
 * rolls back with its deposit.
 *
 * A name that differs, or cannot be compared, never verifies: it is recorded (one row per deposit)
 * for staff, shown on the member page. A deposit without a sender name (SMS usually) changes
 * nothing. An account verified already is left alone (one read, no write).
 */
export async function verifyBankAccountByDeposit(
  tx: Queryable,
  input: { memberId: string; depositId: string; senderName: string | null; now: Date },
): Promise<DepositVerificationOutcome> {
  const { rows } = await tx.query<{ first_name: string; last_name: string; bank_account_verified_at: Date | null }>(
    'SELECT first_name, last_name, bank_account_verified_at FROM members WHERE id = $1',
    [input.memberId],
  );
  const member = rows[0];
  if (!member) throw new Error(`member ${input.memberId} not found`);
  if (member.bank_account_verified_at !== null) return 'already_verified';
  const senderName = input.senderName?.trim() ?? '';
  if (senderName === '') return 'no_sender_name';

  const comparison = compareHolderNames(senderName, { firstName: member.first_name, lastName: member.last_name });
  if (comparison === 'same') {
    // `IS NULL`: a staff confirmation committed meanwhile keeps its own record.
    await tx.query(
      'UPDATE members SET bank_account_verified_at = $2, bank_account_verified_by = $3 WHERE id = $1 AND bank_account_verified_at IS NULL',
      [input.memberId, input.now, `deposit:${input.depositId}`],
    );
    return 'verified';
  }
  await tx.query(
    `INSERT INTO bank_account_name_mismatches (member_id, deposit_id, sender_name, declared_name, outcome, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (deposit_id) DO NOTHING`,
    [input.memberId, input.depositId, senderName.slice(0, 200), `${member.first_name} ${member.last_name}`, comparison, input.now],
  );
  return comparison;
}
