// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { houseDebitsResponse, payoutActionResponse, payoutsToPayResponse, unconfirmedPayoutsResponse, type PayoutToPay } from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server } from '../../test/harness';
import { PayoutsPage } from './payouts';

const toPay: PayoutToPay = {
  withdrawalId: 'wdr_topay000000000000a', memberId: 'mem_1', phoneNumber: '0812345678', bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'สมชาย ใจดี', Amount: 6000, createdAt: '2026-11-28T05:00:00.000Z',
};
const houseAccounts = [{ channelId: 'chn_kbank_main', bankCode: 'KBANK', accountNumber: '0011535946', accountName: 'บริษัท สบาย' }];

function serve(recordAnswer = () => answer(payoutActionResponse, { status: 'paid_unconfirmed' })) {
  server.use(
    http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, { payouts: [toPay], houseAccounts })),
    http.get(adminPath('/payouts/unconfirmed'), () => answer(unconfirmedPayoutsResponse, { payouts: [], overdueCount: 0, confirmWithinMs: 1_800_000 })),
    http.get(adminPath('/payouts/house-debits'), () => answer(houseDebitsResponse, [])),
    http.post(adminPath('/payouts/:id/record'), recordAnswer),
  );
}

describe('payouts to pay by hand (docs/adr/0039; issue 25 §4 money screens)', () => {
  it('records a payment only with a bank reference, and sends the house account, the reference and the time', async () => {
    serve();
    renderScreen(<PayoutsPage canRecord canResolve />);
    fireEvent.click(await screen.findByTestId('record-wdr_topay000000000000a'));
    const submit = (await screen.findByTestId('record-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('record-reference'), { target: { value: 'ab' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('record-reference'), { target: { value: ' 20261128KB0001 ' } });
    fireEvent.change(screen.getByTestId('record-paid-at'), { target: { value: '2026-11-28T12:30' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    const posted = sent.find((request) => request.method === 'POST')!;
    expect(posted.path).toBe('/admin-api/v1/payouts/wdr_topay000000000000a/record');
    expect(posted.body).toEqual({ channelId: 'chn_kbank_main', bankReference: '20261128KB0001', paidAt: new Date('2026-11-28T12:30').toISOString() });
    await waitFor(() => expect(screen.queryByTestId('record-submit')).toBeNull());
  });

  it('keeps the dialog and shows the refusal when the server refuses', async () => {
    serve(() => refusal('STATE_CONFLICT', 'รายการนี้เปลี่ยนสถานะไปแล้ว'));
    renderScreen(<PayoutsPage canRecord canResolve />);
    fireEvent.click(await screen.findByTestId('record-wdr_topay000000000000a'));
    fireEvent.change(await screen.findByTestId('record-reference'), { target: { value: 'REF12345' } });
    fireEvent.click(screen.getByTestId('record-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('รายการนี้เปลี่ยนสถานะไปแล้ว'));
  });

  it('offers no record button to a role that may not record', async () => {
    serve();
    renderScreen(<PayoutsPage canRecord={false} canResolve={false} />);
    await screen.findByText('1234567890');
    expect(screen.queryByTestId('record-wdr_topay000000000000a')).toBeNull();
  });
});
