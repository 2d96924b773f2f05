import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalsPage } from '../features/approvals/approvals';
import { AuditLogPage } from '../features/audit-log';
import { ChannelsPage } from '../features/channels/channels';
import { DashboardPage } from '../features/dashboard/dashboard';
import { GameReconciliationPage } from '../features/game/game-reconciliation';
import { HeldDepositsPage } from '../features/held-deposits/held-deposits';
import { MembersPage } from '../features/members/members';
import { MembersDirectoryPage } from '../features/members-directory';
import { ProtectionPage } from '../features/members/protection';
import { OutboxPage } from '../features/outbox/outbox';
import { FailedPayoutsPage } from '../features/payouts/failed-payouts';
import { PayoutsPage } from '../features/payouts/payouts';
import { PromotionsPage } from '../features/promotions/promotions';
import { ReportsPage } from '../features/reports/reports';
import { AffiliateWithdrawalsPage, RewardJobsPage } from '../features/reward-jobs/reward-jobs';
import { RewardsPage } from '../features/rewards/rewards';
import { SettingsPage } from '../features/settings/settings';
import { SetupPage } from '../features/setup/setup';
import { PhoneChangesPage, SmsPage } from '../features/sms/sms';
import { StaffPage } from '../features/staff/staff';
import { WithdrawalsPage } from '../features/withdrawals/withdrawals';

/** The live queues (app/live-queues.tsx) a menu entry shows a badge for. */
export type QueueName = 'withdrawals' | 'heldDeposits' | 'failedPayouts' | 'approvals';

/**
 * Every screen of the back office (issue 25 §4): its address under `/admin/`, the permission that
 * shows it (the server enforces the same matrix, apps/api staff-roles.ts), its menu label and the
 * queue whose count its menu entry shows. `ScreenId` is the closed list of addresses: a link to a
 * screen that does not exist fails typecheck (`screenPath`).
 */
export const SCREENS = [
  { id: 'setup', permission: 'setup.view', th: 'เริ่มต้นใช้งาน', en: 'Setup' },
  { id: 'dashboard', permission: 'dashboard.view', th: 'ภาพรวม', en: 'Dashboard' },
  { id: 'approvals', permission: 'approvals.view', th: 'อนุมัติ', en: 'Approvals', queue: 'approvals' },
  { id: 'withdrawals', permission: 'withdrawals.view', th: 'คำขอถอนเงิน', en: 'Withdrawals', queue: 'withdrawals' },
  { id: 'payouts', permission: 'payouts.view', th: 'รายการที่ต้องโอน', en: 'Payouts to pay' },
  { id: 'failed-payouts', permission: 'payouts.view', th: 'โอนไม่สำเร็จ', en: 'Failed payouts', queue: 'failedPayouts' },
  { id: 'affiliate-withdrawals', permission: 'withdrawals.view', th: 'ถอนรายได้แนะนำเพื่อน', en: 'Affiliate withdrawals' },
  { id: 'member-directory', permission: 'members.view', th: 'รายชื่อสมาชิก', en: 'Member directory' },
  { id: 'members', permission: 'members.view', th: 'สมาชิก', en: 'Members' },
  { id: 'protection', permission: 'members.view', th: 'การดูแลผู้เล่น', en: 'Player protection' },
  { id: 'phone-changes', permission: 'members.view', th: 'เปลี่ยนเบอร์สมาชิก', en: 'Phone changes' },
  { id: 'deposits', permission: 'deposits.view', th: 'ยอดฝากรอตรวจสอบ', en: 'Held deposits', queue: 'heldDeposits' },
  { id: 'promotions', permission: 'promotions.manage', th: 'โปรโมชั่น', en: 'Promotions' },
  { id: 'rewards', permission: 'rewards.manage', th: 'วงล้อและโค้ดรางวัล', en: 'Wheel and item codes' },
  { id: 'reward-jobs', permission: 'jobs.view', th: 'งานคำนวณรางวัล', en: 'Reward jobs' },
  { id: 'reports', permission: 'reports.view', th: 'รายงาน', en: 'Reports' },
  { id: 'channels', permission: 'channels.view', th: 'ช่องทางฝาก', en: 'Deposit channels' },
  { id: 'game', permission: 'game.view', th: 'กระทบยอดเกม', en: 'Game reconciliation' },
  { id: 'sms', permission: 'sms.view', th: 'SMS ที่ส่ง', en: 'SMS sent' },
  { id: 'outbox', permission: 'outbox.view', th: 'งานเบื้องหลัง', en: 'Background jobs' },
  { id: 'audit', permission: 'audit.view', th: 'บันทึกการใช้งาน', en: 'Audit trail' },
  { id: 'staff', permission: 'staff.manage', th: 'เจ้าหน้าที่', en: 'Staff' },
  { id: 'settings', permission: 'settings.view', th: 'ตั้งค่าเว็บไซต์', en: 'Site settings' },
] as const satisfies ReadonlyArray<{ id: string; permission: string; th: string; en: string; queue?: QueueName }>;

export type ScreenId = (typeof SCREENS)[number]['id'];
export type Screen = (typeof SCREENS)[number] & { queue?: QueueName };

/** The address of a screen inside the router (basename `/admin`): `/withdrawals`. */
export const screenPath = (id: ScreenId): `/${ScreenId}` => `/${id}`;

/** Whether `value` is a screen's id (the setup checklist names screens by id). */
export const isScreenId = (value: string): value is ScreenId => SCREENS.some((screen) => screen.id === value);

/** The screen's page, with the actions this staff member may take (`may(permission)`). */
export function ScreenElement({ id, may }: { id: ScreenId; may: (permission: string) => boolean }): ReactElement {
  const navigate = useNavigate();
  switch (id) {
    case 'setup':
      return <SetupPage canOpen={may('site.open')} onNavigate={(screen) => void navigate(isScreenId(screen) ? screenPath(screen) : '/')} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'approvals':
      return <ApprovalsPage canDecide={may('approvals.decide')} canRequestLimits={may('approvals.limits.request')} />;
    case 'withdrawals':
      return <WithdrawalsPage canDecide={may('withdrawals.decide')} canViewMember={may('members.view')} />;
    case 'payouts':
      return <PayoutsPage canRecord={may('payouts.record')} canResolve={may('payouts.resolve')} />;
    case 'failed-payouts':
      return <FailedPayoutsPage canRecord={may('payouts.record')} canResolve={may('payouts.resolve')} />;
    case 'affiliate-withdrawals':
      return <AffiliateWithdrawalsPage canDecide={may('affiliate-withdrawals.decide')} />;
    case 'members':
      return <MembersPage canManage={may('members.manage')} canAdjust={may('adjustments.request')} canApprove={may('adjustments.approve')} canViewLine={may('line.view')} canVerifyBank={may('members.verify-bank')} />;
    case 'member-directory':
      return <MembersDirectoryPage canWriteNotes={may('members.notes.write')} canRequestEdit={may('members.edit.request')} canApprove={may('approvals.decide')} />;
    case 'protection':
      return <ProtectionPage />;
    case 'phone-changes':
      return <PhoneChangesPage canRequest={may('members.phone-change.request')} canApprove={may('members.phone-change.approve')} />;
    case 'deposits':
      return <HeldDepositsPage canResolve={may('deposits.resolve')} />;
    case 'promotions':
      return <PromotionsPage />;
    case 'rewards':
      return <RewardsPage />;
    case 'reward-jobs':
      return <RewardJobsPage canRun={may('jobs.run')} />;
    case 'reports':
      return <ReportsPage />;
    case 'channels':
      return <ChannelsPage canManage={may('channels.manage')} canSeeSources={may('feed-sources.view')} />;
    case 'game':
      return <GameReconciliationPage canRun={may('game.reconcile')} canResolve={may('game.resolve')} />;
    case 'sms':
      return <SmsPage />;
    case 'outbox':
      return <OutboxPage canRetry={may('outbox.retry')} />;
    case 'audit':
      return <AuditLogPage />;
    case 'staff':
      return <StaffPage />;
    case 'settings':
      return <SettingsPage canManage={may('settings.manage')} />;
  }
}
