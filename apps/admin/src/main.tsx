import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import './index.css';
import { failedPayoutsResponse, staffDoneResponse, staffMeResponse } from '@sabai/contracts';
import { apiGet, apiPost, ApiError, session } from './lib/api';
import { I18nProvider, useI18n } from './lib/i18n';
import { ChangePassword, SignIn } from './auth/sign-in';
import { WithdrawalsPage } from './pages/withdrawals';
import { HeldDepositsPage } from './pages/held-deposits';
import { AuditLogPage } from './features/audit-log';
import { MembersDirectoryPage } from './features/members-directory';
import { StaffPage } from './pages/staff';
import { OutboxPage } from './pages/outbox';
import { MembersPage } from './pages/members';
import { DashboardPage } from './pages/dashboard';
import { SettingsPage } from './pages/settings';
import { PromotionsPage } from './pages/promotions';
import { ChannelsPage } from './pages/channels';
import { RewardsPage } from './pages/rewards';
import { AffiliateWithdrawalsPage, RewardJobsPage } from './pages/reward-jobs';
import { ReportsPage } from './pages/reports';
import { useBilingual } from './lib/bilingual';
import { ProtectionPage } from './pages/protection';
import { GameReconciliationPage } from './pages/game-reconciliation';
import { PayoutsPage } from './pages/payouts';
import { FailedPayoutsPage } from './pages/failed-payouts';
import { Button } from './ui';
import { SetupPage } from './pages/setup';
import { ApprovalsPage } from './pages/approvals';
import { PhoneChangesPage, SmsPage } from './pages/sms';
import { setupChecklistResponse } from '@sabai/contracts';

type Page = 'settings' | 'dashboard' | 'members' | 'withdrawals' | 'deposits' | 'outbox' | 'audit' | 'staff' | 'protection' | LatePage;
/** Screens added late in issue 11; their labels are inline Thai/English (lib/bilingual.ts). */
type LatePage = 'member-directory' | 'approvals' | 'setup' | 'promotions' | 'rewards' | 'reward-jobs' | 'affiliate-withdrawals' | 'reports' | 'channels' | 'game' | 'payouts' | 'failed-payouts' | 'sms' | 'phone-changes';
const LATE_PAGES: Array<{ page: LatePage; permission: string; th: string; en: string }> = [
  { page: 'setup', permission: 'setup.view', th: 'เริ่มต้นใช้งาน', en: 'Setup' },
  { page: 'approvals', permission: 'approvals.view', th: 'อนุมัติ', en: 'Approvals' },
  { page: 'member-directory', permission: 'members.view', th: 'รายชื่อสมาชิก', en: 'Member directory' },
  { page: 'payouts', permission: 'payouts.view', th: 'รายการที่ต้องโอน', en: 'Payouts to pay' },
  { page: 'failed-payouts', permission: 'payouts.view', th: 'โอนไม่สำเร็จ', en: 'Failed payouts' },
  { page: 'affiliate-withdrawals', permission: 'withdrawals.view', th: 'ถอนรายได้แนะนำเพื่อน', en: 'Affiliate withdrawals' },
  { page: 'promotions', permission: 'promotions.manage', th: 'โปรโมชั่น', en: 'Promotions' },
  { page: 'rewards', permission: 'rewards.manage', th: 'วงล้อและโค้ดรางวัล', en: 'Wheel and item codes' },
  { page: 'reward-jobs', permission: 'jobs.view', th: 'งานคำนวณรางวัล', en: 'Reward jobs' },
  { page: 'reports', permission: 'reports.view', th: 'รายงาน', en: 'Reports' },
  { page: 'channels', permission: 'channels.view', th: 'ช่องทางฝาก', en: 'Deposit channels' },
  { page: 'game', permission: 'game.view', th: 'กระทบยอดเกม', en: 'Game reconciliation' },
  { page: 'sms', permission: 'sms.view', th: 'SMS ที่ส่ง', en: 'SMS sent' },
  { page: 'phone-changes', permission: 'members.view', th: 'เปลี่ยนเบอร์สมาชิก', en: 'Phone changes' },
];
/** Each screen and the permission that shows it (the server enforces the same matrix). */
const PAGES: Array<{ page: Page; permission: string; label: 'nav.settings' | 'nav.dashboard' | 'nav.members' | 'nav.withdrawals' | 'nav.deposits' | 'nav.outbox' | 'nav.audit' | 'nav.staff' | 'nav.protection' }> = [
  { page: 'dashboard', permission: 'dashboard.view', label: 'nav.dashboard' },
  { page: 'withdrawals', permission: 'withdrawals.view', label: 'nav.withdrawals' },
  { page: 'members', permission: 'members.view', label: 'nav.members' },
  { page: 'protection', permission: 'members.view', label: 'nav.protection' },
  { page: 'deposits', permission: 'deposits.view', label: 'nav.deposits' },
  { page: 'outbox', permission: 'outbox.view', label: 'nav.outbox' },
  { page: 'audit', permission: 'audit.view', label: 'nav.audit' },
  { page: 'staff', permission: 'staff.manage', label: 'nav.staff' },
  { page: 'settings', permission: 'settings.view', label: 'nav.settings' },
];

function BackOffice() {
  const { t, toggle } = useI18n();
  const tx = useBilingual();
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => session.get() !== null);
  const me = useQuery({ queryKey: ['me', signedIn], queryFn: () => apiGet('/auth/me', staffMeResponse), enabled: signedIn, retry: false });
  const [page, setPage] = useState<Page | null>(null);
  // Issue 24 §1: until the site is open, the back office opens on the setup checklist.
  // Asked once the password is the staff member's own (before that every call but the password change is refused).
  const mayReadSetup = signedIn && me.data !== undefined && !me.data.mustChangePassword && me.data.permissions.includes('setup.view');
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => apiGet('/setup', setupChecklistResponse), enabled: mayReadSetup, retry: false });
  // Issue 25 §2: the menu's badge counts failed payouts nobody handled yet.
  const mayReadPayouts = signedIn && me.data !== undefined && !me.data.mustChangePassword && me.data.permissions.includes('payouts.view');
  const failedPayouts = useQuery({
    queryKey: ['failed-payouts', 'badge'],
    queryFn: () => apiGet('/payouts/failed?state=open&limit=1', failedPayoutsResponse),
    enabled: mayReadPayouts,
    refetchInterval: 30_000,
    retry: false,
  });
  useEffect(() => {
    const onSignedOut = () => setSignedIn(false);
    window.addEventListener('sabai-admin-signed-out', onSignedOut);
    return () => window.removeEventListener('sabai-admin-signed-out', onSignedOut);
  }, []);

  if (!signedIn) return <SignIn onSignedIn={() => setSignedIn(true)} />;
  if (!me.data) return <p className="p-8 text-slate-600">…</p>;
  if (me.data.mustChangePassword) return <ChangePassword onChanged={() => void client.invalidateQueries({ queryKey: ['me'] })} />;
  const allowed = [
    ...PAGES.filter((entry) => me.data.permissions.includes(entry.permission)).map((entry) => ({ page: entry.page, label: t(entry.label) })),
    ...LATE_PAGES.filter((entry) => me.data.permissions.includes(entry.permission)).map((entry) => ({ page: entry.page, label: tx(entry.th, entry.en) })),
  ];
  const siteIsClosed = setup.data !== undefined && setup.data.openedAt === null;
  const current = page ?? (siteIsClosed ? 'setup' : allowed.find((entry) => entry.page !== 'setup')?.page) ?? allowed[0]?.page ?? null;
  const may = (permission: string) => me.data.permissions.includes(permission);
  const signOut = async () => {
    try {
      await apiPost('/auth/logout', undefined, staffDoneResponse);
    } catch (caught) {
      // Signed out here whatever the server answers: an expired or revoked session answers 401.
      if (!(caught instanceof ApiError)) throw caught;
    } finally {
      session.clear();
      client.clear();
      setSignedIn(false);
    }
  };

  return (
    <div className="flex min-h-screen">
      <nav className="w-60 shrink-0 bg-slate-900 p-4 text-slate-100">
        <p className="mb-6 text-lg font-semibold">{t('app.title')}</p>
        <ul className="space-y-1">
          {allowed.map((entry) => (
            <li key={entry.page}>
              <button type="button" onClick={() => setPage(entry.page)} className={`w-full rounded-md px-3 py-2 text-left text-sm ${current === entry.page ? 'bg-indigo-600' : 'hover:bg-slate-800'}`}>
                {entry.label}
                {entry.page === 'failed-payouts' && (failedPayouts.data?.openCount ?? 0) > 0 && (
                  <span className="ml-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="nav-failed-payouts-badge">{failedPayouts.data?.openCount}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex-1">
        <header className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-3 text-sm">
          <span data-testid="who">
            {me.data.username} · {me.data.role}
          </span>
          <Button variant="plain" onClick={toggle}>{t('language')}</Button>
          <Button variant="plain" onClick={() => void signOut()}>{t('signout')}</Button>
        </header>
        <main className="p-6">
          {current === 'setup' && <SetupPage canOpen={may('site.open')} onNavigate={(screen) => setPage(screen as Page)} />}
          {current === 'approvals' && <ApprovalsPage canDecide={may('approvals.decide')} canRequestLimits={may('approvals.limits.request')} />}
          {current === 'withdrawals' && <WithdrawalsPage canDecide={may('withdrawals.decide')} canViewMember={may('members.view')} />}
          {current === 'dashboard' && <DashboardPage />}
          {current === 'settings' && <SettingsPage canManage={may('settings.manage')} />}
          {current === 'members' && <MembersPage canManage={may('members.manage')} canAdjust={may('adjustments.request')} canApprove={may('adjustments.approve')} canViewLine={may('line.view')} canVerifyBank={may('members.verify-bank')} />}
          {current === 'deposits' && <HeldDepositsPage canResolve={may('deposits.resolve')} />}
          {current === 'outbox' && <OutboxPage canRetry={may('outbox.retry')} />}
          {current === 'audit' && <AuditLogPage />}
          {current === 'member-directory' && <MembersDirectoryPage canWriteNotes={may('members.notes.write')} canRequestEdit={may('members.edit.request')} canApprove={may('approvals.decide')} />}
          {current === 'protection' && <ProtectionPage />}
          {current === 'staff' && <StaffPage />}
          {current === 'promotions' && <PromotionsPage />}
          {current === 'rewards' && <RewardsPage />}
          {current === 'reward-jobs' && <RewardJobsPage canRun={may('jobs.run')} />}
          {current === 'affiliate-withdrawals' && <AffiliateWithdrawalsPage canDecide={may('affiliate-withdrawals.decide')} />}
          {current === 'reports' && <ReportsPage />}
          {current === 'channels' && <ChannelsPage canManage={may('channels.manage')} canSeeSources={may('feed-sources.view')} />}
          {current === 'payouts' && <PayoutsPage canRecord={may('payouts.record')} canResolve={may('payouts.resolve')} />}
          {current === 'failed-payouts' && <FailedPayoutsPage canRecord={may('payouts.record')} canResolve={may('payouts.resolve')} />}
          {current === 'sms' && <SmsPage />}
          {current === 'phone-changes' && <PhoneChangesPage canRequest={may('members.phone-change.request')} canApprove={may('members.phone-change.approve')} />}
          {current === 'game' && <GameReconciliationPage canRun={may('game.reconcile')} canResolve={may('game.resolve')} />}
        </main>
      </div>
    </div>
  );
}

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <BackOffice />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
