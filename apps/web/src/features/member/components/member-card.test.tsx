// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { userFixture } from '../../../test/fixtures.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { MemberCard } from './member-card.tsx';

describe('member card after a bonus ends (issue 26 §3)', () => {
  it('shows no active bonus once it ended; turnover stays now/needed as the spec draws it (needed 0: nothing owed)', async () => {
    signIn();
    renderAt(<MemberCard user={userFixture()} turnover={{ now: 1350, needed: 0 }} onRefresh={() => undefined} isRefreshing={false} activeBonusTitle={null} />, { path: '/user/home' });
    expect((await screen.findByTestId('turnover')).textContent).toBe('1,350.00/0.00');
    expect(screen.getByTestId('member-active-bonus').textContent).toBe('-');
    expect(screen.getByTestId('max-withdraw').textContent).not.toBe('0.00 บาท');
  });

  it('shows now/needed while a bonus or requirement is in force', async () => {
    signIn();
    renderAt(<MemberCard user={userFixture()} turnover={{ now: 200, needed: 1000 }} onRefresh={() => undefined} isRefreshing={false} activeBonusTitle="สมาชิกใหม่" />, { path: '/user/home' });
    expect((await screen.findByTestId('turnover')).textContent).toBe('200.00/1,000.00');
    expect(screen.getByTestId('member-active-bonus').textContent).toBe('สมาชิกใหม่');
  });
});
