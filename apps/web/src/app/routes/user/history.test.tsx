// @vitest-environment happy-dom
import { historyResponse } from '@sabai/contracts';
import type { TransactionRow } from '../../../lib/wallet-types.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { withdrawRow } from '../../../test/fixtures.ts';
import { answer, okBody, onPath, sent, useMemberApi } from '../../../test/msw.ts';
import { renderAt, signIn } from '../../../test/render.tsx';
import { Component as HistoryPage } from './history.tsx';

const deposit = (index: number): TransactionRow => ({
  id: `dep_${String(index).padStart(20, '0')}`,
  Amount: 100 + index,
  createdAt: '2026-11-22T07:30:55.000Z',
  Status: 1,
  TransType: 'DEPOSIT',
  reference: null,
});

/** The history endpoint over `rows`, paged by the request's own page and pageSize. */
const historyOf = (path: string, rows: TransactionRow[]) =>
  http.get(onPath(path), ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return answer(historyResponse, okBody({ Transaction: rows.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: rows.length }));
  });

const historyCalls = () => sent.filter((request) => request.path.startsWith('/user-profile-composite/v1/history/'));

describe('/user/history against the member API (msw)', () => {
  it('pages through the deposits 20 at a time, asking the server for each page', async () => {
    signIn();
    useMemberApi(historyOf('/user-profile-composite/v1/history/deposit', Array.from({ length: 25 }, (_, index) => deposit(index))));
    renderAt(<HistoryPage />, { path: '/user/history', pattern: '/user/:feature' });
    expect(await screen.findAllByTestId('history-row')).toHaveLength(20);
    expect(screen.getByTestId('history-page-number').textContent).toContain('1');
    fireEvent.click(screen.getByTestId('history-next'));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(5));
    expect(within(screen.getAllByTestId('history-row')[0]!).getByTestId('history-amount').textContent).toBe('120.00');
    const pages = historyCalls().map((request) => new URL(`http://x${request.path}`).pathname);
    expect(pages.every((path) => path === '/user-profile-composite/v1/history/deposit')).toBe(true);
    expect(historyCalls()).toHaveLength(2);
  });

  it('the withdraw tab shows a rejected withdrawal with the reason staff gave and that the money came back', async () => {
    signIn();
    useMemberApi(
      historyOf('/user-profile-composite/v1/history/deposit', []),
      historyOf('/user-profile-composite/v1/history/withdraw', [withdrawRow({ rejectionReason: 'บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร' })]),
    );
    renderAt(<HistoryPage />, { path: '/user/history', pattern: '/user/:feature' });
    expect((await screen.findByTestId('history-empty')).textContent).toBe('ไม่มีข้อมูล');
    fireEvent.click(screen.getByTestId('history-tab-withdraw'));
    const row = await screen.findByTestId('history-row');
    expect(within(row).getByTestId('history-status').textContent).toBe('ไม่สำเร็จ');
    expect(within(row).getByTestId('history-rejection-reason').textContent).toBe('เจ้าหน้าที่ไม่อนุมัติ: บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร');
    expect(within(row).getByTestId('history-reason').textContent).toContain('คืนเงินเข้ากระเป๋าแล้ว');
    expect(historyCalls().at(-1)?.headers.authorization).toBe('Bearer test-token');
  });
});
