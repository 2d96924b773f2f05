import type { Queryable } from '@sabai/db';
import type { SlipParty } from '../../../../adapters/slip-verify/index.ts';
import { accountFitsMask, readMaskedAccount } from '../../matching/masked-account.ts';
import { maskFilter } from '../bank.ts';

/**
 * Whether an account as a bank reports it on a slip (full `1234567890`, or masked `xxx-x-x5678-x`,
 * `1234xxxx5678`) can be `accountNumber`. A full number must be equal; a masked one must fit under the
 * bank-feed masking rule (deposits/bank-feed/masked-account.ts: at least 4 visible digits). Pure.
 */
export function slipAccountFits(reported: string | null, accountNumber: string | null): boolean {
  if (!reported || !accountNumber) return false;
  const digitsOnly = reported.replace(/[- ]/g, '');
  if (/^\d+$/.test(digitsOnly)) return digitsOnly === accountNumber;
  const mask = readMaskedAccount(reported.toUpperCase().replace(/[*•]/g, 'X'));
  return mask !== null && accountFitsMask(accountNumber, mask);
}

/** A house account a slip can pay into. */
export interface SlipHouseChannel {
  id: string;
  ledgerAccountId: bigint;
}

/**
 * The house bank account the slip's receiver is (deposit_channels of kind bank, any state: money paid
 * into a hidden account is still ours), or null. Several fitting a masked number: the first in display
 * order (docs/adr/0055).
 */
export async function findSlipHouseChannel(db: Queryable, receiver: SlipParty): Promise<SlipHouseChannel | null> {
  const { rows } = await db.query<{ id: string; bank_code: string; account_number: string; ledger_account_id: bigint }>(
    `SELECT id, bank_code, account_number, ledger_account_id FROM deposit_channels WHERE kind = 'bank' AND state <> 'disabled' ORDER BY sort_order, id LIMIT 200`,
  );
  const channel = rows.find((row) => (receiver.bankCode === null || receiver.bankCode === row.bank_code) && slipAccountFits(receiver.account, row.account_number));
  return channel ? { id: channel.id, ledgerAccountId: channel.ledger_account_id } : null;
}

/**
 * Who the slip's sender is among members: `self` (the uploader's bound account), `other` (another
 * member's bound account and not the uploader's), or `unbound` (nobody's, or the bank did not say).
 */
export async function classifySlipSender(db: Queryable, memberId: string, sender: SlipParty): Promise<'self' | 'other' | 'unbound'> {
  if (!sender.account) return 'unbound';
  const self = await db.query<{ bank_code: string; bank_account_number: string }>('SELECT bank_code, bank_account_number FROM members WHERE id = $1', [memberId]);
  const bound = self.rows[0];
  if (bound && (sender.bankCode === null || sender.bankCode === bound.bank_code) && slipAccountFits(sender.account, bound.bank_account_number)) return 'self';
  // Another member's account the slip's sender fits (slipAccountFits, in SQL and by index: a whole
  // account is a mask hiding nothing), whoever of them it is: one row answers.
  const mask = readMaskedAccount(sender.account.toUpperCase().replace(/[*•]/g, 'X'));
  if (!mask) return 'unbound';
  const fits = maskFilter(mask, 3);
  const others = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM members WHERE id <> $1 AND ($2::text IS NULL OR bank_code = $2::text) AND ${fits.where} LIMIT 1`,
    [memberId, sender.bankCode, ...fits.params],
  );
  return others.rows.length > 0 ? 'other' : 'unbound';
}
