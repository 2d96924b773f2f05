import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import type { StaffRole } from '../staff/index.ts';
import type { MoneyActionKind } from './money-action-policy.ts';

/** JSON a request carries and a handler answers (bigints as decimal strings). */
export type MoneyActionJson = Record<string, unknown>;

/** What a handler gets when the action is executed (at once under the limit, or on approval). */
export interface MoneyActionExecution {
  approvalId: string;
  kind: MoneyActionKind;
  amountSatang: bigint;
  subject: { type: string; id: string };
  /** The request's payload as stored (JSON: bigints became strings). */
  payload: MoneyActionJson;
  requester: { staffId: string; role: StaffRole; username: string };
  /** Who made it happen: the requester (under the limit) or the approver. */
  executedBy: { staffId: string; role: StaffRole; username: string };
  now: Date;
}

/**
 * Executes one kind of money action inside the approval's transaction and returns its result
 * (JSON, stored on the approval and returned to a retry). Must be idempotent on `approvalId`
 * (e.g. a ledger key `money-action:<approvalId>`). Throwing AppError rolls the whole
 * transaction back: the request stays pending (approval) or is not stored (lone request).
 */
export type MoneyActionHandler = (tx: Queryable, action: MoneyActionExecution) => Promise<MoneyActionJson>;

/** Optional: what the owning module does when a request of its kind is rejected (nothing moves; e.g. mark its own row rejected). */
export type MoneyActionRejectHandler = (tx: Queryable, action: Omit<MoneyActionExecution, 'executedBy'> & { rejectedBy: MoneyActionExecution['executedBy']; reason: string }) => Promise<void>;

/**
 * Optional: what runs after the transaction that executed the action committed (e.g. send a
 * payout to the bank: never inside a database transaction). Best effort: a crash here must leave
 * a state the owning module's recovery job finishes.
 */
export type MoneyActionAfterCommit = (context: AppContext, executed: { approvalId: string; result: MoneyActionJson }) => Promise<void>;

interface Registration { execute: MoneyActionHandler; onReject?: MoneyActionRejectHandler; afterCommit?: MoneyActionAfterCommit }
const handlers = new Map<MoneyActionKind, Registration>();

/**
 * The owning module registers how to execute its kind (once, at import of its face), and
 * optionally what to do on rejection. A second registration of a kind with a different handler
 * is a programming error.
 */
export function registerMoneyActionHandler(kind: MoneyActionKind, handler: MoneyActionHandler, options: { onReject?: MoneyActionRejectHandler; afterCommit?: MoneyActionAfterCommit } = {}): void {
  const existing = handlers.get(kind);
  if (existing && existing.execute !== handler) throw new Error(`money action handler for ${kind} registered twice`);
  handlers.set(kind, { execute: handler, ...(options.onReject ? { onReject: options.onReject } : {}), ...(options.afterCommit ? { afterCommit: options.afterCommit } : {}) });
}

/**
 * Call after the transaction in which requestMoneyAction or approveMoneyAction answered
 * `executed` has committed: runs the kind's after-commit step, if any (a payout's send).
 */
export async function afterMoneyActionCommitted(context: AppContext, kind: MoneyActionKind, outcome: { status: string; approvalId: string; result?: MoneyActionJson }): Promise<void> {
  if (outcome.status !== 'executed' || !outcome.result) return;
  const afterCommit = handlers.get(kind)?.afterCommit;
  if (afterCommit) await afterCommit(context, { approvalId: outcome.approvalId, result: outcome.result });
}

/** The handler of `kind`; throws when none is registered (the owning module was not loaded). */
export function moneyActionHandler(kind: MoneyActionKind): MoneyActionHandler {
  const handler = handlers.get(kind);
  if (!handler) throw new Error(`no money action handler registered for ${kind}`);
  return handler.execute;
}

/** The rejection hook of `kind`, if its module registered one. */
export function moneyActionRejectHandler(kind: MoneyActionKind): MoneyActionRejectHandler | undefined {
  return handlers.get(kind)?.onReject;
}
