import { MAX_AMOUNT_SATANG, parseBahtToSatang } from '@sabai/money';
import type { PartnerContext } from './partner-context.ts';
import type { StoredTransfer, TransferDirection, TransferOutcome } from './partner-state.ts';

export interface TransferCreditInput {
  reference: string;
  username: string;
  direction: TransferDirection;
  /** Baht as a decimal string, e.g. "100.00". */
  amount: string;
}

export type TransferCreditResult =
  | { kind: 'outcome'; transfer: StoredTransfer; isRepeat: boolean }
  | { kind: 'conflict' };

/** Largest game balance a member may hold (transfers in beyond it are INVALID_AMOUNT). */
export const MAX_BALANCE_SATANG = MAX_AMOUNT_SATANG;

/**
 * Moves credit into ('in') or out of ('out') a member's game balance, at most once per reference.
 * The first outcome, success or refusal, is remembered for good: a repeat with the same content
 * gets it back without applying anything; the same reference with other content is a conflict.
 * Synchronous from lookup to store, so concurrent requests cannot both apply.
 */
export function transferCredit(context: PartnerContext, input: TransferCreditInput): TransferCreditResult {
  const amount = parseBahtToSatang(input.amount);
  const amountKey = amount.ok ? `satang:${amount.amountSatang}` : `text:${input.amount}`;
  const existing = context.state.transfers.get(input.reference);
  if (existing) {
    const isSame = existing.username === input.username && existing.direction === input.direction && existing.amountKey === amountKey;
    return isSame ? { kind: 'outcome', transfer: existing, isRepeat: true } : { kind: 'conflict' };
  }
  const transfer: StoredTransfer = {
    reference: input.reference,
    username: input.username,
    direction: input.direction,
    amountKey,
    outcome: apply(context, input, amount.ok ? amount.amountSatang : null),
    at: context.now().toISOString(),
  };
  context.state.transfers.set(input.reference, transfer);
  context.persist();
  return { kind: 'outcome', transfer, isRepeat: false };
}

function apply(context: PartnerContext, input: TransferCreditInput, amountSatang: bigint | null): TransferOutcome {
  const member = context.state.members.get(input.username);
  if (!member) return { status: 'failed', reason: 'MEMBER_NOT_FOUND' };
  if (amountSatang === null) return { status: 'failed', reason: 'INVALID_AMOUNT' };
  const delta = input.direction === 'in' ? amountSatang : -amountSatang;
  const balanceAfterSatang = member.balanceSatang + delta;
  if (balanceAfterSatang < 0n) return { status: 'failed', reason: 'INSUFFICIENT_BALANCE' };
  if (balanceAfterSatang > MAX_BALANCE_SATANG) return { status: 'failed', reason: 'INVALID_AMOUNT' };
  member.balanceSatang = balanceAfterSatang;
  return { status: 'succeeded', balanceAfterSatang };
}
