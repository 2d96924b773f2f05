import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxBank } from './sandbox-bank.ts';
import { payFromHouse } from './pay-from-house.ts';
import { bankLedgerKey } from './house-accounts.ts';
import { startFakeFeedReceiver, type FakeFeedReceiver } from './test/fake-feed-receiver.ts';

let receiver: FakeFeedReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('the house banking app (payouts by staff)', () => {
  it('moves the money out of the KBank house account and sends its signed debit SMS', async () => {
    receiver = await startFakeFeedReceiver('feed-secret-0123456789');
    const bank = createSandboxBank({ feed: { feedSecret: 'feed-secret-0123456789', apiBaseUrl: receiver.url }, now: () => new Date('2026-03-05T10:04:00+07:00') });
    const result = await payFromHouse(bank, { fromChannel: 'chn_kbank_main', toBankCode: '014', toAccount: '401-2-34567-0', amount: '250.50' });
    if (!result.ok) throw new Error(result.error);
    expect(result.transfer.delivery).toMatchObject({ kind: 'sms', sourceId: 'src_sms_kbank', status: 'delivered' });
    expect(result.transfer.delivery.body).toMatchObject({ text: '05/03/69 10:04 หักบชX153594X เข้าX234567X 250.50 คงเหลือ999749.50บ', sender: 'KBank' });
    expect(bank.ledger.balanceOf(bankLedgerKey('014', '4012345670'))).toBe(5_000_000n + 25_050n);
    expect(receiver.received.map((request) => request.isSignatureValid)).toEqual([true]);
  });

  it('refuses a house account with no debit text and an amount with three decimals, moving nothing', async () => {
    const bank = createSandboxBank({ feed: { feedSecret: 'feed-secret-0123456789' } });
    expect(await payFromHouse(bank, { fromChannel: 'chn_scb_main', toBankCode: '004', toAccount: '0401234567', amount: '10' })).toEqual({ ok: false, error: 'NO_DEBIT_NOTIFICATION' });
    expect(await payFromHouse(bank, { fromChannel: 'chn_kbank_main', toBankCode: '004', toAccount: '0401234567', amount: '10.001' })).toEqual({ ok: false, error: 'INVALID_AMOUNT' });
    expect(bank.ledger.balanceOf(bankLedgerKey('004', '0401234567'))).toBe(5_000_000n);
  });
});
