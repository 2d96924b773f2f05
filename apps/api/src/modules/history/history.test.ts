import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceResponse, historyResponse } from '@sabai/contracts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, staffCall } from '../../test/money-helpers.ts';
import { memberIdOf, openSlotSession, spinScripted } from '../../test/partner-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const balance = async (token: string) => balanceResponse.parse((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token })).body).data;

describe('GET /user-profile-composite/v1/profile/balance: the game wallet', () => {
  it("shows the partner's live balance with the time it was read, beside the ledger's lagging figure", async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    // Two 100-baht losses at the partner that our ledger has not booked yet (no bet-record pull).
    const session = await openSlotSession(t, memberId);
    await spinScripted(t, memberId, session, ['loss', 'loss'], 100);
    const before = Date.now();
    const shown = await balance(member.token);
    expect(shown).toMatchObject({ gameWallet: 300, ledgerGameWallet: 500, gameWalletSource: 'partner', mainWallet: 0 });
    expect(new Date(shown.gameWalletReadAt!).getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it("falls back to the ledger's figure when the partner cannot be read, and says so", async () => {
    const member = await fundedMember(t, '200.00');
    const original = t.context.partner;
    t.context.partner = { ...original, partnerName: original.partnerName, getBalance: () => Promise.reject(new PartnerUnavailableError('down')) };
    try {
      expect(await balance(member.token)).toMatchObject({ gameWallet: 200, ledgerGameWallet: 200, gameWalletSource: 'ledger', gameWalletReadAt: null });
    } finally {
      t.context.partner = original;
    }
  });

  it('says no game account is open for a member who never deposited', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    expect(await balance(token)).toMatchObject({ gameWallet: 0, ledgerGameWallet: 0, gameWalletSource: 'no_account', gameWalletReadAt: null, residualWallet: 0, spinWallet: 0 });
  });
});

describe('GET /user-profile-composite/v1/history/withdraw: why a withdrawal failed', () => {
  it('carries the reason staff gave for a rejection, and none for a paid withdrawal', async () => {
    const member = await fundedMember(t, '20000.00');
    const withdraw = (Amount: number) => t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount, Channel: 'BANK' } });
    const paid = await withdraw(1000);
    expect(paid.body.data.Status).toBe(1);
    const waiting = await withdraw(6000);
    expect(waiting.body.data.Status).toBe(2);
    const reason = 'บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร';
    expect((await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${waiting.body.data.withdrawalId}/reject`, { reason })).body.data).toEqual({ status: 'rejected' });
    const history = historyResponse.parse((await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw', token: member.token })).body).data.Transaction;
    expect(history.map((row) => [row.Amount, row.Status, row.rejectionReason])).toEqual([
      [6000, 3, reason],
      [1000, 1, null],
    ]);
  });
});
