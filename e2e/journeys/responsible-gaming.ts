import type { Page } from 'playwright-core';
import {
  KASIKORN,
  expectNoHorizontalOverflow,
  expectText,
  expectUrl,
  expectVisible,
  newMemberDetails,
  registerAndSignIn,
  screenshotter,
  type Member,
} from './helpers.ts';

/**
 * Journey: player protection (issue 12), on a 390×844 phone against the running stack and its
 * sandbox bank. A new member opens /user/responsible-gaming from home, sets a 1,000-baht daily
 * deposit limit, deposits 800 then 500 from their bound account: the 800 is credited, the 500 is
 * held and paid back (the member reads why, in Thai, on the protection page). They take a 24-hour
 * time-out (warning + confirmation): a game launch is refused with the Thai message, and
 * withdrawing still works.
 */
export interface ResponsibleGamingJourneyOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const GOLDEN_ELEPHANT = 'ช้างทองคำ';

export async function responsibleGamingJourney({ page, baseUrl, sandboxUrl, artifactsDir }: ResponsibleGamingJourneyOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const sandbox = sandboxUrl.replace(/\/+$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. Signed in; one tap from home to the protection page.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await byTestId('home-responsible-gaming').click();
  await expectUrl(page, /\/user\/responsible-gaming$/, 'player-protection page');
  await expectVisible(byTestId('rg-limits'), 'limits form');
  await expectNoHorizontalOverflow(page, 'player-protection page');
  await screenshot('protection-page');

  // 2. A 1,000-baht daily deposit limit (a new limit applies at once).
  await byTestId('rg-deposit-day').fill('1000');
  await byTestId('rg-save-limits').click();
  await expectText(byTestId('success-dialog'), 'บันทึกวงเงินแล้ว', 'limit saved');
  await byTestId('success-dialog').getByRole('button').click();
  await expectVisible(byTestId('rg-deposit-day'), 'limit field');
  if ((await byTestId('rg-deposit-day').inputValue()) !== '1000') throw new Error('the daily deposit limit does not read 1000 after saving');
  await screenshot('limit-set');

  // 3. 800 in: credited. 500 more: past the limit, held and paid back.
  await page.goto(`${origin}/user/home`);
  await transfer(page, sandbox, member, '800.00');
  await expectText(byTestId('wallet-balance'), '800.00', 'balance after the 800 deposit', 20_000);
  await transfer(page, sandbox, member, '500.00');
  await page.goto(`${origin}/user/responsible-gaming`);
  const returned = byTestId('rg-returned-deposit').first();
  await expectText(returned, 'เกินวงเงินฝากที่คุณตั้งไว้', 'the Thai message for the held 500', 20_000);
  await expectText(returned, '500.00', 'the held amount');
  for (let attempt = 0; attempt < 10 && !((await returned.textContent()) ?? '').includes('โอนคืนแล้ว'); attempt += 1) {
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await expectText(returned, 'โอนคืนแล้ว', 'the 500 paid back');
  await expectText(byTestId('rg-activity-deposits-day'), '800.00', 'deposits in 24 hours: only the credited 800');
  await returned.scrollIntoViewIfNeeded();
  await screenshot('deposit-returned');
  await page.goto(`${origin}/user/home`);
  await expectText(byTestId('wallet-balance'), '800.00', 'balance still 800 after the refused 500');

  // 4. A 24-hour time-out, after a clear warning and a confirmation.
  await page.goto(`${origin}/user/responsible-gaming`);
  await byTestId('rg-exclude-24h').click();
  await expectText(byTestId('rg-exclusion-confirm'), 'ยกเลิกก่อนครบกำหนดไม่ได้', 'the warning before a time-out');
  await screenshot('timeout-confirm');
  await byTestId('rg-exclusion-yes').click();
  await expectText(byTestId('success-dialog'), 'เริ่มพักการเล่นแล้ว', 'time-out started');
  await byTestId('success-dialog').getByRole('button').click();
  await expectText(byTestId('rg-excluded'), 'คุณพักการเล่นถึง', 'the page shows the time-out and its end');
  await screenshot('timeout-active');

  // 5. A game launch is refused with the Thai message.
  await page.goto(`${origin}/user/play/egames/egames/sabai`);
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  await tile.click();
  await expectText(byTestId('error-dialog'), 'พักการเล่น', 'launch refused during the time-out');
  await screenshot('launch-refused');
  await byTestId('error-dialog').getByRole('button').first().click();

  // 6. Withdrawal still works.
  await page.goto(`${origin}/user/withdraw`);
  await expectText(byTestId('withdraw-available'), '800.00', 'amount available to withdraw');
  await byTestId('withdraw-amount').fill('300');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'withdrawal during the time-out');
  await screenshot('withdraw-during-timeout');
}

/** A transfer from the member's bound account to the house KBank account in the sandbox bank (JSON API). */
async function transfer(page: Page, sandbox: string, from: Member, amount: string): Promise<void> {
  const response = await page.request.post(`${sandbox}/bank/v1/transfers`, {
    data: { fromBankCode: from.bankCode, fromAccountNumber: from.accountNumber, destination: 'bank', toBankCode: KASIKORN, toAccountNumber: HOUSE_KBANK_ACCOUNT, amount },
  });
  const body = (await response.json().catch(() => null)) as { delivered?: { status?: string } } | null;
  if (!response.ok() || body?.delivered?.status !== 'delivered') throw new Error(`sandbox transfer of ${amount} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
}
