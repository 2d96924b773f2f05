// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  memberProfileResponse, pendingAdjustmentsResponse, staffLineViewResponse, type AdminWithdrawal, type MemberProfileWire,
  dashboardResponse, gameCasesResponse, gameReconciliationResponse, houseDebitsResponse, memberStatementResponse, payoutsToPayResponse, unconfirmedPayoutsResponse,
  feedSourceHealthResponse, memberRelationsResponse, outboxDeliveriesResponse, phoneChangesResponse, setupChecklistResponse, smsMessagesResponse, staffAccountsResponse, staffDepositChannelsResponse,
  affiliateWithdrawalsResponse, protectedMembersResponse, rewardRunsResponse, staffMemberProtectionResponse, staffSiteSettingsResponse,
} from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, server, thaiLeftIn } from '../test/harness';
import { NEW_SITE_SETTINGS, SettingsPage } from '../features/settings/settings';
import { ProtectionPage } from '../features/members/protection';
import { MemberProtection } from '../features/members/member-protection';
import { MemberBankVerification } from '../features/members/member-bank-verification';
import { AffiliateWithdrawalsPage, RewardJobsPage } from '../features/reward-jobs/reward-jobs';
import { MemberRelations } from '../features/members/member-relations';
import { OutboxPage } from '../features/outbox/outbox';
import { PhoneChangesPage, SmsPage } from '../features/sms/sms';
import { StaffPage } from '../features/staff/staff';
import { SetupPage } from '../features/setup/setup';
import { ChannelsPage } from '../features/channels/channels';
import { DashboardPage } from '../features/dashboard/dashboard';
import { PayoutsPage } from '../features/payouts/payouts';
import { LedgerStatement } from '../features/members/ledger-statement';
import { GameReconciliationPage } from '../features/game/game-reconciliation';
import { MembersPage } from '../features/members/members';
import { WithdrawalMemberPanel } from '../features/withdrawals/withdrawal-member-panel';

/**
 * English mode is complete (issue 25 §4): each screen, rendered in English with msw answering every
 * call, shows no Thai letter in its text or in what a person reads of its controls. Fixtures keep
 * member data Latin, so a Thai word found is the screen's own: a string that missed the switch.
 */
const MEMBER_ID = 'mbr_aaaaaaaaaaaaaaaaaaaa';

describe('English mode walk (issue 25 §4)', () => {
  it('site settings: every field, the colours, the reason and the save button in English', async () => {
    server.use(http.get(adminPath('/settings'), () => answer(staffSiteSettingsResponse, { ...NEW_SITE_SETTINGS, siteName: 'Sabai', lineId: '@sabai' })));
    const view = renderScreen(<SettingsPage canManage />, { language: 'en' });
    expect(await screen.findByText('Site name')).toBeTruthy();
    expect(screen.getByText('Maximum withdrawal per request (baht)')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('site settings on a fresh database (create the site) in English', async () => {
    server.use(http.get(adminPath('/settings'), () => refusal('SITE_NOT_SET_UP', 'ยังไม่ได้ตั้งค่าเว็บไซต์', 404)));
    const view = renderScreen(<SettingsPage canManage />, { language: 'en' });
    expect(await screen.findByTestId('new-site-note')).toBeTruthy();
    expect(screen.getAllByText(/Create the site/).length).toBeGreaterThan(0);
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('player protection list: headers, exclusion kinds and the note in English', async () => {
    server.use(
      http.get(adminPath('/protection/members'), () =>
        answer(protectedMembersResponse, [
          { memberId: MEMBER_ID, phoneNumber: '0812345678', fullName: 'Somchai Jaidee', activeLimits: 2, pendingChanges: 1, exclusion: { kind: 'self_exclusion', endsAt: '2027-05-28T00:00:00.000Z' } },
        ]),
      ),
    );
    const view = renderScreen(<ProtectionPage />, { language: 'en' });
    expect(await screen.findByText(/Self-exclusion until/)).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('member protection: limits, pending loosening, breaks and protection-held deposits as words', async () => {
    server.use(
      http.get(adminPath(`/members/${MEMBER_ID}/protection`), () =>
        answer(staffMemberProtectionResponse, {
          depositLimit: { day: 1000, week: null, month: 20_000 },
          lossLimit: { day: null, week: 5000, month: null },
          pending: [{ kind: 'deposit', period: 'day', amount: null, effectiveAt: '2026-11-29T03:00:00.000Z' }],
          exclusion: { kind: 'timeout', endsAt: '2026-11-29T03:00:00.000Z' },
          realityCheckMinutes: 30,
          dateOfBirth: null,
          exclusions: [{ kind: 'timeout', period: '24h', startsAt: '2026-11-28T03:00:00.000Z', endsAt: '2026-11-29T03:00:00.000Z', active: true }],
          heldDeposits: [{ id: 'dep_1', amount: 1500, status: 'held', reason: 'RG_DEPOSIT_LIMIT', createdAt: '2026-11-28T04:00:00.000Z' }],
        }),
      ),
    );
    const view = renderScreen(<MemberProtection memberId={MEMBER_ID} />, { language: 'en' });
    expect(await screen.findByText(/Above the deposit limit · Held/)).toBeTruthy();
    expect(screen.getByTestId('member-protection-status').textContent).toContain('Time-out until');
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('bank verification: verified and unverified accounts, name mismatches and the confirm form in English', () => {
    const unverified = renderScreen(
      <MemberBankVerification
        canVerify
        member={{ memberId: MEMBER_ID, name: 'Somchai Jaidee', bankAccountVerification: { verifiedAt: null, verifiedBy: null, nameMismatches: [{ depositId: 'dep_1', senderName: 'S JAIDEE', declaredName: 'Somchai Jaidee', outcome: 'undecidable', at: '2026-11-28T04:00:00.000Z' }] } }}
      />,
      { language: 'en' },
    );
    expect(screen.getByTestId('bank-verification').textContent).toContain('Not verified');
    expect(thaiLeftIn(unverified.container)).toEqual([]);
    unverified.unmount();
    const verified = renderScreen(
      <MemberBankVerification canVerify member={{ memberId: MEMBER_ID, name: 'Somchai Jaidee', bankAccountVerification: { verifiedAt: '2026-11-28T04:00:00.000Z', verifiedBy: 'staff:fin1', nameMismatches: [] } }} />,
      { language: 'en' },
    );
    expect(screen.getByTestId('bank-verification').textContent).toContain('Confirmed by staff (fin1)');
    expect(thaiLeftIn(verified.container)).toEqual([]);
  });

  it('reward jobs and affiliate withdrawals: job names, outcomes and statuses as words', async () => {
    server.use(
      http.get(adminPath('/jobs/runs'), () =>
        answer(rewardRunsResponse, [
          { job: 'cashback-period', periodStart: '2026-11-27T17:00:00.000Z', startedAt: null, finishedAt: '2026-11-28T00:05:00.000Z', outcome: 'ok', detail: { membersCredited: 3 } },
          { job: 'affiliate', periodStart: '2026-11-27T17:00:00.000Z', startedAt: '2026-11-28T00:00:00.000Z', finishedAt: null, outcome: null, detail: null },
        ]),
      ),
      http.get(adminPath('/affiliate-withdrawals'), () =>
        answer(affiliateWithdrawalsResponse, [{ id: 'afw_1', memberId: MEMBER_ID, phoneNumber: '0812345678', Amount: 900, status: 'pending_approval', createdAt: '2026-11-28T04:00:00.000Z', decidedBy: null, reason: null }]),
      ),
    );
    const jobs = renderScreen(<RewardJobsPage canRun />, { language: 'en' });
    expect(await screen.findByText('Cashback period')).toBeTruthy();
    expect(thaiLeftIn(jobs.container)).toEqual([]);
    jobs.unmount();
    const withdrawals = renderScreen(<AffiliateWithdrawalsPage canDecide />, { language: 'en' });
    expect(await screen.findByText('900.00 ฿')).toBeTruthy();
    expect(screen.getByTestId('affiliate-withdrawals').textContent).toContain('Waiting for approval');
    expect(thaiLeftIn(withdrawals.container)).toEqual([]);
  });

  it('outbox: statuses as words, kinds and handlers as the codes they are', async () => {
    server.use(
      http.get(adminPath('/outbox/deliveries'), () =>
        answer(outboxDeliveriesResponse, {
          counts: { queued: 1, retrying: 0, done: 5, dead: 1 },
          undispatched: { count: 0, oldestAt: null },
          deliveries: [{ eventId: 'evt_1', eventKey: 'deposit:1', kind: 'deposit.credited', memberId: MEMBER_ID, handler: 'line', status: 'dead', attempts: 8, lastError: 'HTTP 500', createdAt: '2026-11-28T04:00:00.000Z', updatedAt: '2026-11-28T05:00:00.000Z' }],
        }),
      ),
    );
    const view = renderScreen(<OutboxPage canRetry />, { language: 'en' });
    expect(await screen.findByText('HTTP 500')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('SMS sent and phone changes in English', async () => {
    server.use(
      http.get(adminPath('/sms/messages'), () =>
        answer(smsMessagesResponse, { counts: { queued: 0, sent: 1, failed: 1 }, messages: [{ id: 'sms_1', toPhone: '0812345678', purpose: 'code_registration', memberId: null, text: 'Sabai code ••••••', state: 'failed', attempts: 3, error: 'timeout', createdAt: '2026-11-28T04:00:00.000Z', updatedAt: '2026-11-28T04:01:00.000Z' }] }),
      ),
      http.get(adminPath('/phone-changes'), () =>
        answer(phoneChangesResponse, [{ id: 'pch_1', memberId: MEMBER_ID, oldPhone: '0812345678', newPhone: '0899999999', reason: 'lost phone', status: 'pending', requestedBy: 'sup1', requestedAt: '2026-11-28T04:00:00.000Z', decidedBy: null, decidedAt: null }]),
      ),
    );
    const sms = renderScreen(<SmsPage />, { language: 'en' });
    expect(await screen.findByText('Sabai code ••••••')).toBeTruthy();
    expect(thaiLeftIn(sms.container)).toEqual([]);
    sms.unmount();
    const changes = renderScreen(<PhoneChangesPage canRequest canApprove />, { language: 'en' });
    expect(await screen.findByText(/lost phone/)).toBeTruthy();
    expect(thaiLeftIn(changes.container)).toEqual([]);
  });

  it('staff accounts: roles and statuses as words', async () => {
    server.use(
      http.get(adminPath('/staff'), () =>
        answer(staffAccountsResponse, [
          { id: 'stf_1', username: 'owner.one', role: 'owner', status: 'active', totpEnrolled: true, mustChangePassword: false, createdAt: '2026-11-01T04:00:00.000Z' },
          { id: 'stf_2', username: 'fin1', role: 'finance', status: 'disabled', totpEnrolled: false, mustChangePassword: true, createdAt: '2026-11-02T04:00:00.000Z' },
        ]),
      ),
    );
    const view = renderScreen(<StaffPage />, { language: 'en' });
    expect(await screen.findByText('fin1')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('setup checklist: every item, its state and facts in English', async () => {
    server.use(
      http.get(adminPath('/setup'), () =>
        answer(setupChecklistResponse, {
          items: [
            { key: 'site', isRequired: true, isDone: true, facts: {}, screen: 'settings' },
            { key: 'houseAccounts', isRequired: true, isDone: true, facts: { activeChannels: 1 }, screen: 'channels' },
            { key: 'feedSources', isRequired: true, isDone: false, facts: { channelsWithoutReader: 1 }, screen: 'channels' },
            { key: 'payoutRail', isRequired: true, isDone: true, facts: { provider: 'manual', debitFeedSources: 0 }, screen: 'deployment' },
            { key: 'nameInquiryRail', isRequired: false, isDone: false, facts: { provider: 'none' }, screen: 'deployment' },
            { key: 'smsRail', isRequired: true, isDone: true, facts: { provider: 'sandbox' }, screen: 'deployment' },
            { key: 'gamePartner', isRequired: true, isDone: true, facts: { provider: 'hub88' }, screen: 'deployment' },
            { key: 'lineChannel', isRequired: false, isDone: false, facts: {}, screen: 'deployment' },
            { key: 'staff', isRequired: true, isDone: true, facts: { owners: 1, finance: 1, others: 0 }, screen: 'staff' },
          ],
          canOpen: false,
          openedAt: null,
          openedBy: null,
        }),
      ),
    );
    const view = renderScreen(<SetupPage canOpen onNavigate={() => undefined} />, { language: 'en' });
    expect(await screen.findByText('House bank accounts')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('deposit channels and feed sources in English', async () => {
    server.use(
      http.get(adminPath('/deposit-channels'), () =>
        answer(staffDepositChannelsResponse, [
          { id: 'chn_kbank_main', kind: 'bank', bankCode: '004', accountNumber: '0011535946', accountName: 'Sabai Co', phoneNumber: null, promptPayId: null, state: 'active', sortOrder: 1, createdAt: '2026-11-01T04:00:00.000Z', isCheckedByStaff: false, activeFeedSources: 1, isCreditable: true },
          { id: 'chn_tmn', kind: 'truemoney', bankCode: null, accountNumber: null, accountName: 'Sabai Wallet', phoneNumber: '0812345678', promptPayId: null, state: 'hidden', sortOrder: 2, createdAt: '2026-11-01T04:00:00.000Z', isCheckedByStaff: true, activeFeedSources: 0, isCreditable: true },
        ]),
      ),
      http.get(adminPath('/feed-sources/health'), () =>
        answer(feedSourceHealthResponse, [
          {
            sourceId: 'src_kbank_sms', kind: 'sms', protocol: 'sms_gateway', channelId: 'chn_kbank_main', isActive: true, lastEventAt: '2026-11-28T04:00:00.000Z', lastHeartbeatAt: '2026-11-28T04:59:00.000Z', lastHeartbeatStatus: 'ok', lastDeviceId: 'phone-1',
            silentForMs: 3_600_000, activeSilenceMs: 3_600_000, isSilenceMonitored: true, maxSilenceMs: 1_800_000, activeHours: { from: '00:00', to: '24:00', timeZone: 'Asia/Bangkok' }, isActiveNow: true, isAlarm: true,
            alarmStartedAt: '2026-11-28T04:30:00.000Z', secretRotatedAt: null, previousSecretValidUntil: null,
          },
        ]),
      ),
    );
    const view = renderScreen(<ChannelsPage canManage canSeeSources />, { language: 'en' });
    expect(await screen.findByText('src_kbank_sms')).toBeTruthy();
    expect((await screen.findAllByText('chn_tmn')).length).toBeGreaterThan(0);
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('member relations: referrals and sessions in English', async () => {
    server.use(
      http.get(adminPath(`/members/${MEMBER_ID}/relations`), () =>
        answer(memberRelationsResponse, {
          referrals: [{ memberId: 'mbr_b', phoneNumber: '0899999999', name: 'Somsri Jaidee', level: 2, status: 'suspended', joinedAt: '2026-11-20T04:00:00.000Z' }],
          sessions: [{ sessionId: 'ses_1', createdAt: '2026-11-28T04:00:00.000Z', expiresAt: '2026-12-28T04:00:00.000Z', address: '10.0.0.1', userAgent: 'Mozilla/5.0' }],
        }),
      ),
    );
    const view = renderScreen(<MemberRelations memberId={MEMBER_ID} />, { language: 'en' });
    expect(await screen.findByText(/Somsri Jaidee/)).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('dashboard: tiles, queues, reconcile and partner watch in English', async () => {
    server.use(
      http.get(adminPath('/dashboard'), () =>
        answer(dashboardResponse, {
          day: '2026-11-27T17:00:00.000Z',
          deposits: { count: 3, amount: 10_000, byChannel: [{ channelId: 'chn_kbank_main', kind: 'bank', label: 'KBANK 0011535946 · Sabai Co', count: 3, amount: 10_000 }] },
          withdrawals: { count: 1, amount: 6000, byBank: [{ bankCode: '004', count: 1, amount: 6000 }] },
          net: 4000,
          refunds: 0,
          givenOut: { bonus: 100, itemCode: 2500, wheel: 0, cashback: 0, affiliate: 0, adjustment: 50_000, total: 52_600 },
          ggr: 1200.5,
          result: -51_399.5,
          waiting: { withdrawals: 2, heldDeposits: 1, adjustments: 1, deadJobs: 1, openGameCases: 1, affiliateWithdrawals: 1, failedPayouts: 1 },
          reconcile: {
            lastRun: { finishedAt: '2026-11-28T04:00:00.000Z', isSound: false, isFullRun: false, violationCount: 1, violations: [{ invariant: 'balanced_transfers', detail: 'transfer 12 unbalanced' }], ledgerFromTransferId: '10', ledgerThroughTransferId: '20' },
            lastSoundAt: '2026-11-27T04:00:00.000Z',
          },
          partner: { openCases: 1, suspense: 250, oldestOpenSince: '2026-11-27T04:00:00.000Z', lastWatch: { at: '2026-11-28T04:00:00.000Z', outcome: 'failed' } },
        }),
      ),
    );
    const view = renderScreen(<DashboardPage />, { language: 'en' });
    expect(await screen.findByTestId('dashboard-deposits')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('payouts to pay, unconfirmed and house debits: results and states as words', async () => {
    const payout = { withdrawalId: 'wdr_1', memberId: MEMBER_ID, phoneNumber: '0812345678', bankCode: '004', accountNumber: '1234567890', accountName: 'Somchai Jaidee', Amount: 6000, createdAt: '2026-11-28T04:00:00.000Z' };
    server.use(
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, { payouts: [payout], houseAccounts: [{ channelId: 'chn_kbank_main', bankCode: '004', accountNumber: '0011535946', accountName: 'Sabai Co' }] })),
      http.get(adminPath('/payouts/unconfirmed'), () =>
        answer(unconfirmedPayoutsResponse, { payouts: [{ ...payout, withdrawalId: 'wdr_2', channelId: 'chn_kbank_main', bankReference: 'REF123', paidAt: '2026-11-28T04:10:00.000Z', recordedBy: 'fin1', recordedAt: '2026-11-28T04:11:00.000Z', isOverdue: true }], overdueCount: 1, confirmWithinMs: 1_800_000 }),
      ),
      http.get(adminPath('/payouts/house-debits'), () =>
        answer(houseDebitsResponse, [{ id: 'hdb_1', channelId: 'chn_kbank_main', Amount: 700, occurredAt: '2026-11-28T04:00:00.000Z', recipientAccountMasked: 'xxx-x-x1234-x', status: 'unmatched', reason: 'NO_RECORDED_PAYOUT', withdrawalId: null, createdAt: '2026-11-28T04:00:00.000Z' }]),
      ),
    );
    const view = renderScreen(<PayoutsPage canRecord canResolve />, { language: 'en' });
    expect(await screen.findByText('No recorded payout')).toBeTruthy();
    expect(await screen.findByText(/REF123/)).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('ledger statement: wallets and transfer codes as words', async () => {
    server.use(
      http.get(adminPath(`/members/${MEMBER_ID}/statement`), () =>
        answer(memberStatementResponse, { wallet: 'main', balance: 1500, lines: [{ entryId: 7, at: '2026-11-28T04:00:00.000Z', code: 'DEPOSIT', sourceType: 'deposit', sourceId: 'dep_1', change: 1500, balance: 1500 }], nextBefore: null }),
      ),
    );
    const view = renderScreen(<LedgerStatement memberId={MEMBER_ID} />, { language: 'en' });
    expect(await screen.findByText('Deposit')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('game reconciliation: wallet states and case states as words', async () => {
    server.use(
      http.get(adminPath('/game/reconciliation'), () =>
        answer(gameReconciliationResponse, {
          members: [{ memberId: MEMBER_ID, phoneNumber: '0812345678', username: 'sb0812345678', state: 'difference', ledgerGameWallet: 100, partnerGameWallet: 80, difference: -20, transfersInFlight: 0, openCaseId: 'gcs_1' }],
          withDifference: 1, unknown: 0, inFlight: 0, nextAfter: null,
        }),
      ),
      http.get(adminPath('/game/cases'), () =>
        answer(gameCasesResponse, [{
          id: 'gcs_1', memberId: MEMBER_ID, phoneNumber: '0812345678', status: 'open', difference: -20, suspense: 0, evidence: { entries: [{ round: 'r1' }] }, resolution: null, resolvedBy: null, resolutionReason: null,
          createdAt: '2026-11-28T04:00:00.000Z', updatedAt: '2026-11-28T04:00:00.000Z', resolvedAt: null,
        }]),
      ),
    );
    const view = renderScreen(<GameReconciliationPage canRun canResolve />, { language: 'en' });
    expect(await screen.findByText('sb0812345678')).toBeTruthy();
    expect(await screen.findByTestId('game-cases')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  const profile: MemberProfileWire = {
    memberId: MEMBER_ID, phoneNumber: '0812345678', name: 'Somchai Jaidee', bankCode: '004', bankAccountNumber: '1234567890', affiliateKey: 'AFF1', status: 'suspended', bonusPreference: true, referredBy: null,
    createdAt: '2026-11-01T04:00:00.000Z', gameUsername: 'sb0812345678', wallets: { main: 1500, game: 100, cashback: 20 }, turnover: { now: 100, needed: 500 },
    activeBonus: { promotionId: 'welcome', bonus: 100, turnoverNeeded: 500 },
    deposits: [{ id: 'dep_1', amount: 1500, status: 'credited', at: '2026-11-28T04:00:00.000Z' }],
    withdrawals: [{ id: 'wdr_1', amount: 600, status: 'rejected', reason: 'duplicate request', at: '2026-11-28T05:00:00.000Z' }],
    referrals: { level1: 1, level2: 0 }, openSessions: 1,
    staffActions: [{ seq: '12', actor: 'staff:fin1', action: 'member.suspend', reason: 'fraud check', at: '2026-11-28T05:00:00.000Z' }],
    liveGameWallet: { amount: 100, source: 'partner', readAt: '2026-11-28T05:00:00.000Z', ledgerAmount: 100 },
    bankAccountVerification: { verifiedAt: null, verifiedBy: null, nameMismatches: [] },
  };

  it('member page: profile, wallets, LINE, protection, relations and statement in English', async () => {
    server.use(
      http.get(adminPath(`/members/${MEMBER_ID}`), () => answer(memberProfileResponse, profile)),
      http.get(adminPath('/adjustments'), () => answer(pendingAdjustmentsResponse, [])),
      http.get(adminPath(`/members/${MEMBER_ID}/line`), () =>
        answer(staffLineViewResponse, {
          linked: true, linkedAt: '2026-11-02T04:00:00.000Z', following: false,
          preferences: { deposit_credited: true, deposit_held: true, withdrawal_requested: true, withdrawal_paid: true, withdrawal_rejected: true, bonus_granted: false, cashback_available: true, affiliate_income_available: true },
          messages: [{ id: 'lm_1', eventId: 'evt_1', kind: 'deposit_credited', status: 'failed', httpStatus: 500, attempts: 3, text: 'Deposit 1,500.00 credited', error: 'HTTP 500', createdAt: '2026-11-28T04:00:00.000Z', sentAt: null }],
        }),
      ),
      http.get(adminPath(`/members/${MEMBER_ID}/protection`), () =>
        answer(staffMemberProtectionResponse, { depositLimit: { day: null, week: null, month: null }, lossLimit: { day: null, week: null, month: null }, pending: [], exclusion: null, realityCheckMinutes: 60, dateOfBirth: '1990-01-01', exclusions: [], heldDeposits: [] }),
      ),
      http.get(adminPath(`/members/${MEMBER_ID}/relations`), () => answer(memberRelationsResponse, { referrals: [], sessions: [] })),
      http.get(adminPath(`/members/${MEMBER_ID}/statement`), () => answer(memberStatementResponse, { wallet: 'main', balance: 0, lines: [], nextBefore: null })),
    );
    const view = renderScreen(<MembersPage canManage canAdjust canApprove canViewLine canVerifyBank />, { language: 'en', path: `/?member=${MEMBER_ID}` });
    expect(await screen.findByText('Deposit credited')).toBeTruthy();
    expect(await screen.findByText(/Plays normally/)).toBeTruthy();
    expect(await screen.findByTestId('statement-table')).toBeTruthy();
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('withdrawal member panel in English', async () => {
    server.use(http.get(adminPath(`/members/${MEMBER_ID}`), () => answer(memberProfileResponse, profile)));
    const withdrawal: AdminWithdrawal = {
      id: 'wdr_waiting0000000000a', memberId: MEMBER_ID, phoneNumber: '0812345678', Amount: 6000, bankCode: '004', accountNumber: '1234567890',
      accountName: 'Somchai Jaidee', status: 'pending_approval', Status: 2, createdAt: '2026-11-28T05:00:00.000Z', reason: null,
    };
    const view = renderScreen(<WithdrawalMemberPanel withdrawal={withdrawal} onClose={() => undefined} onApprove={() => undefined} onReject={() => undefined} isDeciding={false} />, { language: 'en' });
    expect(await screen.findByTestId('withdrawal-member-turnover')).toBeTruthy();
    expect(thaiLeftIn(view.baseElement)).toEqual([]);
  });
});
