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
 * `times: 2` plays the `apply_twice` fault: the same checks and one stored outcome, but the
 * balance moves twice when the second move fits too (never below zero, never over the maximum).
 */
export function transferCredit(context: PartnerContext, input: TransferCreditInput, options: { times?: 1 | 2 } = {}): TransferCreditResult {
  const amount = parseBahtToSatang(input.amount);
  const amountKey = amountKeyOf(input.amount);
  const existing = context.state.transfers.get(input.reference);
  if (existing) {
    return isSameContent(existing, input) ? { kind: 'outcome', transfer: existing, isRepeat: true } : { kind: 'conflict' };
  }
  const applied = apply(context, input, amount.ok ? amount.amountSatang : null, options.times ?? 1);
  const transfer: StoredTransfer = {
    reference: input.reference,
    username: input.username,
    direction: input.direction,
    amountKey,
    outcome: applied.outcome,
    at: context.now().toISOString(),
    ...(applied.times === 2 ? { appliedTimes: 2 as const } : {}),
  };
  context.state.transfers.set(input.reference, transfer);
  context.persist();
  return { kind: 'outcome', transfer, isRepeat: false };
}

/** Whether a request carries the same transfer as one already known ("100" and "100.00" are the same). */
export function isSameContent(known: Pick<StoredTransfer, 'username' | 'direction' | 'amountKey'>, input: TransferCreditInput): boolean {
  return known.username === input.username && known.direction === input.direction && known.amountKey === amountKeyOf(input.amount);
}

/** The amount as satang when it parses, else the raw text (a refused amount is remembered too). */
export function amountKeyOf(amountText: string): string {
  const amount = parseBahtToSatang(amountText);
  return amount.ok ? `satang:${amount.amountSatang}` : `text:${amountText}`;
}

function apply(context: PartnerContext, input: TransferCreditInput, amountSatang: bigint | null, times: 1 | 2): { outcome: TransferOutcome; times: 1 | 2 } {
  const member = context.state.members.get(input.username);
  if (!member) return { outcome: { status: 'failed', reason: 'MEMBER_NOT_FOUND' }, times: 1 };
  if (amountSatang === null) return { outcome: { status: 'failed', reason: 'INVALID_AMOUNT' }, times: 1 };
  const delta = input.direction === 'in' ? amountSatang : -amountSatang;
  const once = member.balanceSatang + delta;
  if (once < 0n) return { outcome: { status: 'failed', reason: 'INSUFFICIENT_BALANCE' }, times: 1 };
  if (once > MAX_BALANCE_SATANG) return { outcome: { status: 'failed', reason: 'INVALID_AMOUNT' }, times: 1 };
  const twice = once + delta;
  const appliedTimes = times === 2 && twice >= 0n && twice <= MAX_BALANCE_SATANG ? 2 : 1;
  member.balanceSatang = appliedTimes === 2 ? twice : once;
  return { outcome: { status: 'succeeded', balanceAfterSatang: member.balanceSatang }, times: appliedTimes };
}
