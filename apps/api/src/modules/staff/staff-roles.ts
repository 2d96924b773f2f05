/**
 * Staff roles and what each may do: the permission matrix, kept in this one place (issue 11
 * "Staff identity"; shown in docs/back-office.md). Every back-office route names one permission
 * (`config.staffPermission`); the admin guard checks it before the body is read.
 *
 * - owner: everything, including staff management and feed-source secrets;
 * - finance: money decisions (withdrawals, held deposits, game cases, affiliate withdrawals);
 * - support: members' money views and history, no money decisions;
 * - marketing: promotions, wheel prizes, item codes, reward jobs;
 * - auditor: read-only, including the audit trail.
 */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'marketing', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = {
  'dashboard.view': ['owner', 'finance', 'support', 'marketing', 'auditor'],
  /** The dashboard's money totals (issue 25 §1): roles without a money permission see counts only. */
  'dashboard.money': ['owner', 'finance', 'auditor'],
  'deposits.view': ['owner', 'finance', 'support', 'auditor'],
  'deposits.resolve': ['owner', 'finance'],
  'withdrawals.view': ['owner', 'finance', 'support', 'auditor'],
  'withdrawals.decide': ['owner', 'finance'],
  /** Payouts by staff (PAYOUT_PROVIDER=manual, docs/adr/0039): the "to pay" queue with full account numbers, the house debits. */
  'payouts.view': ['owner', 'finance', 'auditor'],
  /** Record a payment made from a house account's banking app. */
  'payouts.record': ['owner', 'finance'],
  /** Confirm a recorded payment without the bank's debit notification, or mark it failed (money back to the member). */
  'payouts.resolve': ['owner', 'finance'],
  'affiliate-withdrawals.decide': ['owner', 'finance'],
  'game.view': ['owner', 'finance', 'support', 'auditor'],
  'game.reconcile': ['owner', 'finance'],
  'game.resolve': ['owner', 'finance'],
  'rewards.manage': ['owner', 'marketing'],
  'promotions.manage': ['owner', 'marketing'],
  'channels.view': ['owner', 'finance'],
  'channels.manage': ['owner'],
  'reports.view': ['owner', 'finance', 'auditor'],
  'jobs.view': ['owner', 'finance', 'marketing', 'auditor'],
  'jobs.run': ['owner', 'finance', 'marketing'],
  'feed-sources.view': ['owner', 'finance', 'auditor'],
  'feed-sources.manage': ['owner'],
  'outbox.view': ['owner', 'finance', 'auditor'],
  'outbox.retry': ['owner', 'finance'],
  'audit.view': ['owner', 'auditor'],
  'members.view': ['owner', 'finance', 'support', 'auditor'],
  'members.manage': ['owner', 'support'],
  /** Confirm a member's typed bank-account holder name (docs/adr/0040): it decides where withdrawals are paid, so money roles only. */
  'members.verify-bank': ['owner', 'finance'],
  'line.view': ['owner', 'finance', 'support', 'auditor'],
  /** The SMS Sabai sent (codes masked) and which failed (issue 27 §2). */
  'sms.view': ['owner', 'finance', 'support', 'auditor'],
  /** Ask to change a member's phone when the old one is lost (issue 27 §3); another staff member approves. */
  'members.phone-change.request': ['owner', 'support'],
  /** Approve or reject another staff member's phone change (four-eyes: never one's own). The phone is the login: money roles only. */
  'members.phone-change.approve': ['owner', 'finance'],
  /** Write a staff note on a member (issue 25 §4): append-only, audited. */
  'members.notes.write': ['owner', 'finance', 'support'],
  /**
   * Ask to change a member's bank account or name (issue 25 §4, docs/adr/0052): a `member.edit`
   * request another staff member of a money role approves in the approvals queue (never one's own).
   */
  'members.edit.request': ['owner', 'finance', 'support'],
  /** The approvals queue (issue 25 §1): approvers see every pending money request, others their own requests. */
  'approvals.view': ['owner', 'finance', 'support', 'marketing', 'auditor'],
  /** Approve or reject someone else's money request; which kinds a role may approve is the policy in modules/approvals. */
  'approvals.decide': ['owner', 'finance'],
  /** Ask to change a role's daily limit (another staff member approves: four-eyes itself). */
  'approvals.limits.request': ['owner'],
  'adjustments.request': ['owner', 'finance', 'support'],
  'adjustments.approve': ['owner', 'finance'],
  'staff.manage': ['owner'],
  'settings.view': ['owner', 'finance', 'support', 'marketing', 'auditor'],
  'settings.manage': ['owner'],
  /** The setup checklist (issue 24 §1): its state for every staff member, opening the site for the owner. */
  'setup.view': ['owner', 'finance', 'support', 'marketing', 'auditor'],
  'site.open': ['owner'],
  /** Every signed-in staff member: their own session and password. */
  'self': ['owner', 'finance', 'support', 'marketing', 'auditor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** Whether `role` holds `permission`. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/**
 * Every back-office route and the permission it needs, in one table (the matrix's other half).
 * The admin guard looks the route up by method and path pattern before anything else runs; a
 * route missing here is refused to everyone (fail closed), and a test checks that every
 * registered `/admin-api/` route has an entry. `null`: no session needed (the sign-in steps).
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<string, StaffPermission | null> = {
  'POST /admin-api/v1/auth/login': null,
  'POST /admin-api/v1/auth/totp': null,
  'GET /admin-api/v1/auth/me': 'self',
  'POST /admin-api/v1/auth/password': 'self',
  'POST /admin-api/v1/auth/logout': 'self',
  'GET /admin-api/v1/staff': 'staff.manage',
  'POST /admin-api/v1/staff': 'staff.manage',
  'POST /admin-api/v1/staff/:staffId': 'staff.manage',
  'POST /admin-api/v1/staff/:staffId/reset': 'staff.manage',
  'GET /admin-api/v1/audit': 'audit.view',
  'GET /admin-api/v1/audit/verify': 'audit.view',
  'GET /admin-api/v1/audit.csv': 'audit.view',
  'GET /admin-api/v1/audit/filters': 'audit.view',
  'GET /admin-api/v1/settings': 'settings.view',
  'POST /admin-api/v1/settings': 'settings.manage',
  'GET /admin-api/v1/dashboard': 'dashboard.view',
  'GET /admin-api/v1/events': 'dashboard.view',
  'GET /admin-api/v1/members': 'members.view',
  'GET /admin-api/v1/members/:memberId': 'members.view',
  'GET /admin-api/v1/member-directory': 'members.view',
  'GET /admin-api/v1/members/:memberId/notes': 'members.view',
  'POST /admin-api/v1/members/:memberId/notes': 'members.notes.write',
  'GET /admin-api/v1/members/:memberId/edits': 'members.view',
  'POST /admin-api/v1/members/:memberId/edits': 'members.edit.request',
  'GET /admin-api/v1/members/:memberId/history/:kind': 'members.view',
  'GET /admin-api/v1/members/:memberId/relations': 'members.view',
  'GET /admin-api/v1/members/:memberId/protection': 'members.view',
  'GET /admin-api/v1/protection/members': 'members.view',
  'POST /admin-api/v1/members/:memberId/suspend': 'members.manage',
  'POST /admin-api/v1/members/:memberId/reactivate': 'members.manage',
  'POST /admin-api/v1/members/:memberId/sign-out': 'members.manage',
  'POST /admin-api/v1/members/:memberId/reset-password': 'members.manage',
  'POST /admin-api/v1/members/:memberId/verify-bank': 'members.verify-bank',
  'POST /admin-api/v1/members/:memberId/adjustments': 'adjustments.request',
  'GET /admin-api/v1/members/:memberId/line': 'line.view',
  'GET /admin-api/v1/sms/messages': 'sms.view',
  'POST /admin-api/v1/members/:memberId/phone-change': 'members.phone-change.request',
  'GET /admin-api/v1/phone-changes': 'members.view',
  'POST /admin-api/v1/phone-changes/:changeId/decide': 'members.phone-change.approve',
  'GET /admin-api/v1/adjustments': 'adjustments.approve',
  'POST /admin-api/v1/adjustments/:adjustmentId/approve': 'adjustments.approve',
  'POST /admin-api/v1/adjustments/:adjustmentId/reject': 'adjustments.approve',
  'GET /admin-api/v1/approvals': 'approvals.view',
  'POST /admin-api/v1/approvals/:approvalId/approve': 'approvals.decide',
  'POST /admin-api/v1/approvals/:approvalId/reject': 'approvals.decide',
  'GET /admin-api/v1/approvals/limits': 'approvals.view',
  'POST /admin-api/v1/approvals/limits': 'approvals.limits.request',
  'GET /admin-api/v1/deposits/held': 'deposits.view',
  'POST /admin-api/v1/deposits/:depositId/assign': 'deposits.resolve',
  'POST /admin-api/v1/deposits/:depositId/refund': 'deposits.resolve',
  'POST /admin-api/v1/deposits/:depositId/refund-check': 'deposits.resolve',
  'POST /admin-api/v1/deposits/:depositId/release': 'deposits.resolve',
  'GET /admin-api/v1/withdrawals': 'withdrawals.view',
  'POST /admin-api/v1/withdrawals/:withdrawalId/approve': 'withdrawals.decide',
  'POST /admin-api/v1/withdrawals/:withdrawalId/reject': 'withdrawals.decide',
  'GET /admin-api/v1/payouts/to-pay': 'payouts.view',
  'GET /admin-api/v1/payouts/unconfirmed': 'payouts.view',
  'GET /admin-api/v1/payouts/house-debits': 'payouts.view',
  'POST /admin-api/v1/payouts/:withdrawalId/record': 'payouts.record',
  'POST /admin-api/v1/payouts/:withdrawalId/confirm': 'payouts.resolve',
  'POST /admin-api/v1/payouts/:withdrawalId/reverse': 'payouts.resolve',
  'GET /admin-api/v1/payouts/failed': 'payouts.view',
  'POST /admin-api/v1/payouts/failed/:withdrawalId/retry': 'payouts.resolve',
  'POST /admin-api/v1/payouts/failed/:withdrawalId/manual': 'payouts.record',
  'POST /admin-api/v1/payouts/failed/:withdrawalId/return': 'payouts.resolve',
  'GET /admin-api/v1/affiliate-withdrawals': 'withdrawals.view',
  'POST /admin-api/v1/affiliate-withdrawals/:affiliateWithdrawalId/approve': 'affiliate-withdrawals.decide',
  'POST /admin-api/v1/affiliate-withdrawals/:affiliateWithdrawalId/reject': 'affiliate-withdrawals.decide',
  'GET /admin-api/v1/game/reconciliation': 'game.view',
  'POST /admin-api/v1/game/reconciliation/run': 'game.reconcile',
  'GET /admin-api/v1/game/cases': 'game.view',
  'POST /admin-api/v1/game/cases/:caseId/resolve': 'game.resolve',
  'GET /admin-api/v1/game/hub88/round': 'game.view',
  'POST /admin-api/v1/game/hub88/reconcile-day': 'game.reconcile',
  'POST /admin-api/v1/jobs/pull-bet-records': 'jobs.run',
  'POST /admin-api/v1/jobs/cashback': 'jobs.run',
  'POST /admin-api/v1/jobs/affiliate': 'jobs.run',
  'GET /admin-api/v1/item-codes': 'rewards.manage',
  'POST /admin-api/v1/item-codes': 'rewards.manage',
  'GET /admin-api/v1/feed-sources/health': 'feed-sources.view',
  'POST /admin-api/v1/feed-sources/:sourceId/rotate-secret': 'feed-sources.manage',
  'POST /admin-api/v1/feed-sources/:sourceId/monitoring': 'feed-sources.manage',
  'GET /admin-api/v1/outbox/deliveries': 'outbox.view',
  // Issue 11, the remaining screens (docs/back-office.md).
  'GET /admin-api/v1/promotions': 'promotions.manage',
  'POST /admin-api/v1/promotions': 'promotions.manage',
  'POST /admin-api/v1/promotions/:promotionId': 'promotions.manage',
  'POST /admin-api/v1/promotions/:promotionId/close': 'promotions.manage',
  'POST /admin-api/v1/promotions/:promotionId/budget': 'promotions.manage',
  'GET /admin-api/v1/deposit-channels': 'channels.view',
  'POST /admin-api/v1/deposit-channels': 'channels.manage',
  'POST /admin-api/v1/deposit-channels/:channelId/state': 'channels.manage',
  'POST /admin-api/v1/deposit-channels/:channelId/checked-by-staff': 'channels.manage',
  'GET /admin-api/v1/setup': 'setup.view',
  'POST /admin-api/v1/setup/open': 'site.open',
  'POST /admin-api/v1/feed-sources': 'feed-sources.manage',
  'POST /admin-api/v1/feed-sources/:sourceId/disable': 'feed-sources.manage',
  'GET /admin-api/v1/wheel-prizes': 'rewards.manage',
  'POST /admin-api/v1/wheel-prizes': 'rewards.manage',
  'POST /admin-api/v1/wheel-prizes/:prizeId': 'rewards.manage',
  'POST /admin-api/v1/item-codes/batch': 'rewards.manage',
  'POST /admin-api/v1/item-codes/:code/disable': 'rewards.manage',
  'GET /admin-api/v1/jobs/runs': 'jobs.view',
  'GET /admin-api/v1/reports/daily': 'reports.view',
  'GET /admin-api/v1/reports/daily.csv': 'reports.view',
  'GET /admin-api/v1/reports/staff-actions': 'reports.view',
  'GET /admin-api/v1/reports/staff-actions.csv': 'reports.view',
  'GET /admin-api/v1/members/:memberId/statement': 'members.view',
  'POST /admin-api/v1/outbox/deliveries/:eventId/:handler/retry': 'outbox.retry',
};

/** The permission a back-office route needs: a permission, null (public sign-in step), or undefined (unknown: refused). */
export function permissionForRoute(method: string, routePattern: string): StaffPermission | null | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const key = `${verb} ${routePattern}`;
  return Object.hasOwn(ADMIN_ROUTE_PERMISSIONS, key) ? ADMIN_ROUTE_PERMISSIONS[key] : undefined;
}
