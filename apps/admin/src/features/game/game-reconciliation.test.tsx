// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { gameCasesResponse, gameReconciliationResponse, resolvedGameCaseResponse, type GameCase, type GameReconciliationLine } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server } from '../../test/harness';
import { GameReconciliationPage } from './game-reconciliation';

const line: GameReconciliationLine = { memberId: 'mem_1', phoneNumber: '0812345678', username: 'sb_0001', state: 'difference', ledgerGameWallet: 100, partnerGameWallet: 80, difference: -20, transfersInFlight: 0, openCaseId: 'gc_1' };
const openCase: GameCase = {
  id: 'gc_1', memberId: 'mem_1', phoneNumber: '0812345678', status: 'open', difference: -20, suspense: 20, evidence: { entries: [{ round: 'r1' }] },
  resolution: null, resolvedBy: null, resolutionReason: null, createdAt: '2026-11-28T05:00:00.000Z', updatedAt: '2026-11-28T05:00:00.000Z', resolvedAt: null,
};
const report = (withDifference: number) => ({ members: [line], withDifference, unknown: 0, inFlight: 0, nextAfter: null });

function serve() {
  server.use(
    http.get(adminPath('/game/reconciliation'), () => answer(gameReconciliationResponse, report(1))),
    http.post(adminPath('/game/reconciliation/run'), () => answer(gameReconciliationResponse, report(7))),
    http.get(adminPath('/game/cases'), () => answer(gameCasesResponse, [openCase])),
    http.post(adminPath('/game/cases/:caseId/resolve'), () => answer(resolvedGameCaseResponse, { caseId: 'gc_1', status: 'resolved', partnerMoved: 0, writtenOff: 20 })),
  );
}
const posts = () => sent.filter((request) => request.method === 'POST');

describe('game reconciliation (issue 15)', () => {
  it('looks at the page now and shows the fresh summary', async () => {
    serve();
    renderScreen(<GameReconciliationPage canRun canResolve />);
    await waitFor(() => expect(screen.getByTestId('game-reconcile-summary').textContent).toContain('ส่วนต่าง 1'));
    fireEvent.click(screen.getByTestId('game-reconcile-run'));
    await waitFor(() => expect(screen.getByTestId('game-reconcile-summary').textContent).toContain('ส่วนต่าง 7'));
    expect(posts()[0]!.path).toBe('/admin-api/v1/game/reconciliation/run?limit=50');
  });

  it('resolves a case with a reason, keeping a reason typed before a cancel', async () => {
    serve();
    renderScreen(<GameReconciliationPage canRun canResolve />);
    fireEvent.click(await screen.findByTestId('resolve-gc_1'));
    fireEvent.change(screen.getByLabelText('เหตุผล'), { target: { value: 'settled with the partner' } });
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByLabelText('เหตุผล')).toBeNull();
    fireEvent.click(screen.getByTestId('resolve-gc_1'));
    expect((screen.getByLabelText('เหตุผล') as HTMLTextAreaElement).value).toBe('settled with the partner');
    fireEvent.change(screen.getByLabelText('วิธีปิด'), { target: { value: 'write_off' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'ปิดเคส' }).find((button) => button.getAttribute('type') === 'submit')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(posts()[0]!.body).toEqual({ resolution: 'write_off', reason: 'settled with the partner' }));
    expect(posts()[0]!.path).toBe('/admin-api/v1/game/cases/gc_1/resolve');
    await waitFor(() => expect(screen.queryByLabelText('เหตุผล')).toBeNull());
  });

  it('shows an open case as waiting for finance to a role that may not resolve', async () => {
    serve();
    renderScreen(<GameReconciliationPage canRun={false} canResolve={false} />);
    await screen.findByText('รอฝ่ายการเงิน');
    expect(screen.queryByTestId('resolve-gc_1')).toBeNull();
    expect(screen.queryByTestId('game-reconcile-run')).toBeNull();
  });
});
