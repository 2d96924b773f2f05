import type { StaffRole } from '../staff/index.ts';

/**
 * Who may request and who may approve each staff action that creates, releases or sends money
 * (issue 25 §1, docs/adr/0048): the maker-checker half of the permission matrix, kept in this one
 * place. `dailyLimit: true` — a requester acts alone while the day's total of their own lone
 * actions, this one included, stays within their role's daily limit (money_role_daily_limits; no
 * row = 0, so out of the box every such action needs a second person). `dailyLimit: false` — a
 * second person always. The requester can never approve their own request (any kind).
 *
 * Amounts (satang) are what the action moves or commits: an item-code batch counts amount × uses.
 */
export const MONEY_ACTION_POLICY = {
  /** Credit a member's main wallet by hand (house:expense:adjustment → member). */
  'adjustment.credit': { request: ['owner', 'finance', 'support'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Debit a member's main wallet by hand (member → house:expense:adjustment). */
  'adjustment.debit': { request: ['owner', 'finance', 'support'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Item codes that pay (a cash code or batch): the liability is amount × uses. Marketing designs, money roles approve. */
  'item-codes.issue': { request: ['owner', 'marketing'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Send a held deposit back to a bank account. */
  'held-deposit.refund': { request: ['owner', 'finance'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Credit a held deposit to a member (assign / AML release). */
  'held-deposit.release': { request: ['owner', 'finance'], approve: ['owner', 'finance'], dailyLimit: true },
  /** A payout made by staff by hand (a failed payout paid from a house account). */
  'payout.manual': { request: ['owner', 'finance'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Send a failed payout again. */
  'payout.retry': { request: ['owner', 'finance'], approve: ['owner', 'finance'], dailyLimit: true },
  /** Return a failed payout's money to the member's main wallet. */
  'payout.return-to-wallet': { request: ['owner', 'finance'], approve: ['owner', 'finance'], dailyLimit: true },
  /** A cashback or affiliate job run that pays members. */
  'reward-job.run': { request: ['owner', 'finance', 'marketing'], approve: ['owner', 'finance'], dailyLimit: true },
  /** A promotion's budget (the most it may pay): marketing designs, money roles approve. */
  'promotion.budget': { request: ['owner', 'marketing'], approve: ['owner', 'finance'], dailyLimit: true },
  /**
   * Change a member's bank account and / or name (issue 25 §4, docs/adr/0052): no money moves, but
   * it decides where withdrawals are paid, so never under a limit (amount 0, not counted against
   * the money limits): always a second person, from a money role.
   */
  'member.edit': { request: ['owner', 'finance', 'support'], approve: ['owner', 'finance'], dailyLimit: false },
  /** Set a role's daily limit: four-eyes itself, never under a limit. */
  'role-limit.set': { request: ['owner'], approve: ['owner', 'finance'], dailyLimit: false },
} as const satisfies Record<string, { request: readonly StaffRole[]; approve: readonly StaffRole[]; dailyLimit: boolean }>;

export type MoneyActionKind = keyof typeof MONEY_ACTION_POLICY;
export const MONEY_ACTION_KINDS = Object.keys(MONEY_ACTION_POLICY) as MoneyActionKind[];

export const isMoneyActionKind = (value: string): value is MoneyActionKind => Object.hasOwn(MONEY_ACTION_POLICY, value);

/** Whether `role` may ask for `kind`. */
export function roleMayRequest(kind: MoneyActionKind, role: StaffRole): boolean {
  return (MONEY_ACTION_POLICY[kind].request as readonly StaffRole[]).includes(role);
}

/** Whether `role` may approve (or reject) someone else's `kind` request. */
export function roleMayApprove(kind: MoneyActionKind, role: StaffRole): boolean {
  return (MONEY_ACTION_POLICY[kind].approve as readonly StaffRole[]).includes(role);
}

/** Whether `role` may approve at least one kind: it sees the whole queue, others see their own requests. */
export function roleApprovesAny(role: StaffRole): boolean {
  return MONEY_ACTION_KINDS.some((kind) => roleMayApprove(kind, role));
}

/** The Bangkok calendar day (UTC+7, no daylight saving) of `now`, `YYYY-MM-DD`: the limit's day. */
export function bangkokDay(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}
