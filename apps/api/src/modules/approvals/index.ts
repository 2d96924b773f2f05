/**
 * The `approvals` module (issue 25 §1, docs/adr/0048): maker-checker on every staff action that
 * creates, releases or sends money. One policy table (who may request, who may approve, whether a
 * per-requester daily limit applies); `requestMoneyAction` executes at once within the
 * requester's role daily limit (counted per requester per Bangkok day, this amount included) or
 * leaves it pending for a second person; owning modules register how to execute their kind with
 * `registerMoneyActionHandler`; `approveMoneyAction` / `rejectMoneyAction` (never the requester,
 * audited with both names). Role daily limits are 0 out of the box and change only through an
 * approved 'role-limit.set' request.
 */
import { registerMoneyActionHandler } from './money-action-handlers.ts';
import { setRoleDailyLimit } from './role-daily-limits.ts';

export { MONEY_ACTION_POLICY, MONEY_ACTION_KINDS, isMoneyActionKind, roleMayRequest, roleMayApprove, roleApprovesAny, bangkokDay } from './money-action-policy.ts';
export type { MoneyActionKind } from './money-action-policy.ts';
export { registerMoneyActionHandler, afterMoneyActionCommitted } from './money-action-handlers.ts';
export type { MoneyActionHandler, MoneyActionRejectHandler, MoneyActionAfterCommit, MoneyActionExecution, MoneyActionJson } from './money-action-handlers.ts';
export { requestMoneyAction } from './request-money-action.ts';
export type { MoneyActionRequest, MoneyActionOutcome } from './request-money-action.ts';
export { approveMoneyAction, rejectMoneyAction } from './decide-money-action.ts';
export type { MoneyActionDecision } from './decide-money-action.ts';
export { listMoneyApprovals, listMoneyApprovalsOfSubject, readMoneyApproval, findMoneyApprovalByKey, MONEY_APPROVALS_PAGE } from './money-approval-rows.ts';
export type { MoneyApproval } from './money-approval-rows.ts';
export { readRoleDailyLimit, listRoleDailyLimits, assertRoleLimit, MAX_ROLE_DAILY_LIMIT_SATANG } from './role-daily-limits.ts';
export { registerApprovalRoutes, moneyApprovalToWire } from './routes.ts';

registerMoneyActionHandler('role-limit.set', setRoleDailyLimit);
