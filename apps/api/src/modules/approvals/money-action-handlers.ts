import type { Queryable } from '@sabai/db';
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

const handlers = new Map<MoneyActionKind, MoneyActionHandler>();

/**
 * The owning module registers how to execute its kind (once, at import of its face). A second
 * registration of a kind with a different handler is a programming error.
 */
export function registerMoneyActionHandler(kind: MoneyActionKind, handler: MoneyActionHandler): void {
  const existing = handlers.get(kind);
  if (existing && existing !== handler) throw new Error(`money action handler for ${kind} registered twice`);
  handlers.set(kind, handler);
}

/** The handler of `kind`; throws when none is registered (the owning module was not loaded). */
export function moneyActionHandler(kind: MoneyActionKind): MoneyActionHandler {
  const handler = handlers.get(kind);
  if (!handler) throw new Error(`no money action handler registered for ${kind}`);
  return handler;
}
