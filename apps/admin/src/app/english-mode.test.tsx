// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  affiliateWithdrawalsResponse, protectedMembersResponse, rewardRunsResponse, staffMemberProtectionResponse, staffSiteSettingsResponse,
} from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, server, thaiLeftIn } from '../test/harness';
import { NEW_SITE_SETTINGS, SettingsPage } from '../features/settings/settings';
import { ProtectionPage } from '../features/members/protection';
import { MemberProtection } from '../features/members/member-protection';
import { MemberBankVerification } from '../features/members/member-bank-verification';
import { AffiliateWithdrawalsPage, RewardJobsPage } from '../features/reward-jobs/reward-jobs';

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
});
