import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MoneyJourneyOptions } from './deposit-withdraw.ts';
import { expectNoHorizontalOverflow, expectText, expectUrl, expectVisible, newMemberDetails, registerAndSignIn, screenshotter } from './helpers.ts';

const HOUSE_KBANK_ACCOUNT = '0011535946';
const SLIP_BAHT = '432.10';

/**
 * Journey slip-deposit (issue 28 §2): a new member transfers 432.10 from their bound account while the
 * house phone is off (the sandbox bank sends no SMS: `houseNotification: false`), so nothing arrives;
 * the bank's slip (PNG with its mini QR, GET /bank/v1/transfers/{id}/slip) is picked on
 * /user/deposit → แนบสลิป, read in the browser, verified with the bank and credited once: the balance
 * follows. The same slip again (its QR text pasted) → refused "สลิปนี้ถูกใช้แล้ว"; the balance stays.
 */
export async function slipDeposit({ page, baseUrl, sandboxUrl, artifactsDir }: MoneyJourneyOptions): Promise<void> {
  const origin = baseUrl.replace(/\/$/, '');
  const sandbox = sandboxUrl.replace(/\/$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member; the transfer from their bound account with the house phone off.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  const response = await fetch(`${sandbox}/bank/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      destination: 'bank',
      fromBankCode: member.bankCode,
      fromAccountNumber: member.accountNumber,
      toBankCode: '004',
      toAccountNumber: HOUSE_KBANK_ACCOUNT,
      amount: SLIP_BAHT,
      houseNotification: false,
    }),
  });
  const transfer = (await response.json()) as { transferId?: string; slipQrPayload?: string | null; delivered?: { status: string } };
  if (!transfer.transferId || !transfer.slipQrPayload || transfer.delivered?.status !== 'phone_off') {
    throw new Error(`sandbox transfer with the phone off failed: ${JSON.stringify(transfer)}`);
  }

  // 2. The bank's slip, as the member's banking app saves it.
  const slipPng = Buffer.from(await (await fetch(`${sandbox}/bank/v1/transfers/${transfer.transferId}/slip`)).arrayBuffer());
  const slipPath = path.join(artifactsDir, 'slip.png');
  writeFileSync(slipPath, slipPng);

  await byTestId('member-deposit').click();
  await expectUrl(page, /\/user\/deposit$/, 'deposit page');
  await expectText(byTestId('header-balance'), '0', 'nothing arrived: the phone is off');
  await byTestId('deposit-tab-slip').click();
  await expectVisible(byTestId('slip-form'), 'slip form');
  await expectNoHorizontalOverflow(page, 'slip form');
  await screenshot('slip-form');

  // 3. Pick the slip photo: read in the browser, verified, credited once.
  await byTestId('slip-file').setInputFiles(slipPath);
  await expectVisible(byTestId('slip-result'), 'slip result');
  const status = await byTestId('slip-result').getAttribute('data-status');
  if (status !== 'credited') throw new Error(`slip was ${status}, expected credited`);
  await expectText(byTestId('slip-amount'), SLIP_BAHT, 'credited amount');
  await expectText(byTestId('header-balance'), SLIP_BAHT, 'balance after the slip (live)');
  await screenshot('slip-credited');

  // 4. The same slip again (pasted): refused, the balance unchanged.
  await byTestId('slip-again').click();
  await byTestId('slip-payload').fill(transfer.slipQrPayload);
  await byTestId('slip-submit').click();
  await expectText(byTestId('slip-error'), 'สลิปนี้ถูกใช้แล้ว', 'the same slip again is refused');
  await expectText(byTestId('header-balance'), SLIP_BAHT, 'balance unchanged after the refused slip');
  await screenshot('slip-again-refused');
}
