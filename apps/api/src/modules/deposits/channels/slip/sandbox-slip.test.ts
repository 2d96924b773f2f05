import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { expectLedgerSound, mainBalance } from '../../../../test/money-helpers.ts';
import { parseSlipQr } from './parse-slip-qr.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** A transfer on the sandbox bank to the KBank house account; `houseNotification: false` = the house phone is off. */
async function sandboxTransfer(fromBankCode: string, fromAccountNumber: string, amount: string, houseNotification: boolean) {
  const response = await fetch(`${t.sandboxUrl}/bank/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: 'bank', fromBankCode, fromAccountNumber, toBankCode: '004', toAccountNumber: '0011535946', amount, houseNotification }),
  });
  return (await response.json()) as { transferId: string; slipQrPayload: string | null; delivered: { status: string; sabaiStatus: string | null } };
}

describe('slip deposits through the sandbox bank (SLIP_VERIFY_PROVIDER=sandbox over HTTP)', () => {
  it('phone off: the transfer reaches nobody; the slip the bank issued credits it once; again → refused', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const transfer = await sandboxTransfer('004', member.accountNumber, '321.50', false);
    expect(transfer.delivered.status).toBe('phone_off');
    expect(parseSlipQr(transfer.slipQrPayload ?? '')).toMatchObject({ ok: true, slip: { sendingBankCode: '004' } });
    expect(await mainBalance(t, token)).toBe(0);

    const slip = await t.call({ method: 'POST', url: '/fund-composite/v1/deposit/slip', token, body: { qrPayload: transfer.slipQrPayload } });
    expect(slip).toMatchObject({ status: 200, body: { data: { status: 'credited', Amount: 321.5 } } });
    expect(await mainBalance(t, token)).toBe(321.5);
    const again = await t.call({ method: 'POST', url: '/fund-composite/v1/deposit/slip', token, body: { qrPayload: transfer.slipQrPayload } });
    expect(again).toMatchObject({ status: 409, body: { code: 'SLIP_ALREADY_USED' } });
  });

  it('draws the slip as a PNG whose QR the server reads back', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const transfer = await sandboxTransfer('004', member.accountNumber, '99.00', true);
    expect(transfer.delivered.sabaiStatus).toBe('credited');
    const png = Buffer.from(await (await fetch(`${t.sandboxUrl}/bank/v1/transfers/${transfer.transferId}/slip`)).arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="slip"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/fund-composite/v1/deposit/slip',
      payload,
      headers: { 'x-api-key': t.appId, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    // The SMS credited this transfer already: the slip says so, and the money counts once.
    expect(response.json()).toMatchObject({ code: 'SLIP_ALREADY_CREDITED' });
    expect(await mainBalance(t, token)).toBe(99);
  });
});
