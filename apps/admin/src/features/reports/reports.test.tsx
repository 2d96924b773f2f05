// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dailyReportResponse, staffActionsReportResponse, type MoneyFiguresWire } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { ReportsPage } from './reports';

const figures = (overrides: Partial<MoneyFiguresWire> = {}): MoneyFiguresWire => ({
  deposits: { count: 3, amount: 10_000, byChannel: [{ channelId: 'chn_kbank_main', label: 'KBANK 0011535946 · บริษัท สบาย', count: 3, amount: 10_000 }] },
  withdrawals: { count: 1, amount: 6000, byChannel: [{ channelId: 'chn_kbank_main', label: 'KBANK 0011535946 · บริษัท สบาย', count: 1, amount: 6000 }] },
  refunds: { count: 0, amount: 0 },
  otherCash: 0,
  givenOut: { bonus: 100, itemCode: 2500, wheel: 0, cashback: 0, affiliate: 0, adjustment: 50_000, total: 52_600 },
  ggr: 1200.5,
  unexplained: 0,
  inTransit: 0,
  cashNet: 4000,
  result: -51_399.5,
  membersChange: 55_399.5,
  ...overrides,
});

describe('reports screen (issue 25 §3)', () => {
  it('shows every flow with adjustments and item codes given out, the nets, and the per-staff report; monthly on request', async () => {
    server.use(
      http.get(adminPath('/reports/daily'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period') === 'month' ? 'month' : 'day';
        const row = { period: period === 'day' ? '2026-11-28' : '2026-11', ...figures() };
        return answer(dailyReportResponse, { from: '2026-11-22', to: '2026-11-28', period, periods: [row], total: figures() });
      }),
      http.get(adminPath('/reports/staff-actions'), () =>
        answer(staffActionsReportResponse, { from: '2026-11-22', to: '2026-11-28', actions: [{ actor: 'staff:fin1', action: 'withdrawal.approve', count: 4 }], adjustments: [{ requestedBy: 'staff:sup1', approvedBy: 'staff:fin1', count: 2, credited: 50_000, debited: 0 }] }),
      ),
    );
    renderScreen(<ReportsPage />);
    expect((await screen.findByTestId('report-total-given-out')).textContent).toContain('52,600.00');
    expect(screen.getByTestId('report-total-cash-net').textContent).toContain('4,000.00');
    expect(screen.getByTestId('report-total-result').textContent).toContain('-51,399.50');
    const periods = screen.getByTestId('report-periods');
    await waitFor(() => expect(periods.textContent).toContain('2026-11-28'));
    expect(periods.textContent).toContain('50,000.00');
    expect(periods.textContent).toContain('2,500.00');
    await waitFor(() => expect(screen.getByTestId('report-staff-adjustments').textContent).toContain('staff:sup1 → staff:fin1 (2)'));
    expect(screen.getByTestId('report-staff-actions').textContent).toContain('withdrawal.approve');
    fireEvent.change(screen.getByLabelText('รายวัน/รายเดือน'), { target: { value: 'month' } });
    fireEvent.click(screen.getByText('แสดง'));
    await waitFor(() => expect(within(screen.getByTestId('report-periods')).getByText('2026-11')).toBeTruthy());
    expect(sent.some((request) => request.path.includes('/reports/daily?') && request.path.includes('period=month'))).toBe(true);
  });

  it('speaks English only in English mode (the channel labels are the house account names, data)', async () => {
    server.use(
      http.get(adminPath('/reports/daily'), () => answer(dailyReportResponse, { from: '2026-11-22', to: '2026-11-28', period: 'day', periods: [{ period: '2026-11-28', ...figures() }], total: figures() })),
      http.get(adminPath('/reports/staff-actions'), () =>
        answer(staffActionsReportResponse, { from: '2026-11-22', to: '2026-11-28', actions: [{ actor: 'staff:fin1', action: 'withdrawal.approve', count: 4 }], adjustments: [{ requestedBy: 'staff:sup1', approvedBy: 'staff:fin1', count: 2, credited: 50_000, debited: 0 }] }),
      ),
    );
    const view = renderScreen(<ReportsPage />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('report-periods').textContent).toContain('2026-11-28'));
    await waitFor(() => expect(screen.getByTestId('report-staff-actions').textContent).toContain('withdrawal.approve'));
    expect(thaiLeftIn(view.container, ['บริษัท สบาย'])).toEqual([]);
  });
});
