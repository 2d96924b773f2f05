import { randomBytes } from 'node:crypto';
import { bankLedgerKey, PAYOUT_SOURCE_LEDGER_KEY } from './house-accounts.ts';
import type { SandboxBank } from './sandbox-bank.ts';

export interface PayoutRequest {
  /** Sabai's id for this payout; the idempotency key. */
  reference: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  amountSatang: bigint;
}

export interface PayoutOutcome {
  reference: string;
  status: 'succeeded' | 'failed';
  providerRef: string;
  failureReason?: string;
}

export const PAYOUT_FAILURES = {
  ACCOUNT_NOT_FOUND: 'ไม่พบบัญชีปลายทาง',
  ACCOUNT_FROZEN: 'บัญชีปลายทางถูกระงับ',
  HOUSE_INSUFFICIENT_FUNDS: 'ยอดเงินในบัญชีต้นทางไม่พอ',
} as const;

/**
 * Pays a withdrawal from the operator's KBank house account into the member's account, at most
 * once per `reference`: a repeated reference returns the first outcome (success or failure) and
 * moves nothing, whatever the repeat's content.
 *
 * @param options.isForcedFailure the fault mode `fail`: the bank refuses (account frozen).
 * Accounts ending in 9 do not exist in the sandbox network (as in name inquiry).
 */
export function payOut(bank: SandboxBank, request: PayoutRequest, options: { isForcedFailure: boolean }): PayoutOutcome {
  const first = bank.payouts.get(request.reference);
  if (first) return first;
  const outcome = decide(bank, request, options);
  bank.payouts.set(request.reference, outcome);
  return outcome;
}

function decide(bank: SandboxBank, request: PayoutRequest, options: { isForcedFailure: boolean }): PayoutOutcome {
  const providerRef = `pay_${randomBytes(8).toString('hex')}`;
  const failed = (failureReason: string): PayoutOutcome => ({ reference: request.reference, status: 'failed', providerRef, failureReason });
  if (options.isForcedFailure) return failed(PAYOUT_FAILURES.ACCOUNT_FROZEN);
  const toKey = bankLedgerKey(request.bankCode, request.accountNumber);
  if (request.accountNumber.endsWith('9') || toKey === PAYOUT_SOURCE_LEDGER_KEY) return failed(PAYOUT_FAILURES.ACCOUNT_NOT_FOUND);
  const moved = bank.ledger.move(PAYOUT_SOURCE_LEDGER_KEY, toKey, request.amountSatang);
  if (!moved.ok) return failed(PAYOUT_FAILURES.HOUSE_INSUFFICIENT_FUNDS);
  return { reference: request.reference, status: 'succeeded', providerRef };
}
