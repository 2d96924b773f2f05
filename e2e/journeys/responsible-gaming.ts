import type { Db } from '@sabai/db';
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
 *
 * Issue 26: the deposit page says what is left of the limit, shows the deposit rules, and during the
 * time-out says so at the top and offers no PromptPay QR; the reality check appears over the game
 * while it is played (the session's start moved back in the database so it is due in seconds);
 * offline, a withdrawal fails at once with the Thai "no connection" message and is not sent when
 * the connection returns, only on the member's next tap.
 */
export interface ResponsibleGamingJourneyOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
  /** The stack's database: the play session's start is moved back so the reality check is due. */
  db: Db;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const GOLDEN_ELEPHANT = 'ช้างทองคำ';

export async function responsibleGamingJourney({ page, baseUrl, sandboxUrl, artifactsDir, db }: ResponsibleGamingJourneyOptions): Promise<void> {
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

  // 3b. The deposit page says what is left of the limit (issue 26 §2) and shows the rules (spec dialogs 8, 9).
  await page.goto(`${origin}/user/deposit?tab=promptpay`);
  await expectText(byTestId('deposit-protection'), 'ฝากได้อีก 200.00 บาทตามวงเงินที่คุณตั้งไว้', 'what is left of the deposit limit');
  await screenshot('deposit-limit-left');
  await page.goto(`${origin}/user/deposit?tab=auto`);
  const rules = byTestId('deposit-rules').getByRole('listitem');
  await expectText(rules.first(), 'ไม่มีขั้นต่ำในการฝาก', 'the first deposit rule');
  if ((await rules.count()) < 6) throw new Error(`the deposit rules list ${await rules.count()} rules, expected 6`);
  await byTestId('deposit-rules').scrollIntoViewIfNeeded();
  await screenshot('deposit-rules');

  // 3c. The reality check appears over the game while it is played (issue 26 §2).
  await page.goto(`${origin}/user/responsible-gaming`);
  await byTestId('rg-reality-15').click();
  await expectVisible(page.locator('[data-testid="rg-reality-15"][aria-checked="true"]'), 'a 15-minute reality check chosen');
  await page.goto(`${origin}/user/play/egames/egames/sabai`);
  const playTile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(playTile, `game tile ${GOLDEN_ELEPHANT}`);
  // A session that began 14 min 45 s ago: the check is due a few seconds after the game opens.
  await db.query(
    `UPDATE responsible_gaming_preferences SET play_session_started_at = now() - interval '14 minutes 45 seconds', play_session_seen_at = now()
     WHERE member_id = (SELECT id FROM members WHERE phone_number = $1)`,
    [member.phoneNumber],
  );
  await page.reload();
  await expectVisible(playTile, `game tile ${GOLDEN_ELEPHANT} again`);
  await playTile.click();
  await expectVisible(byTestId('game-frame'), 'the game in the site frame');
  await expectVisible(page.frameLocator('[data-testid="game-frame-iframe"]').getByTestId('slot-game'), 'the slot game in the frame');
  await expectText(byTestId('reality-check'), 'คุณเล่นมาแล้ว', 'the reality check during play', 30_000);
  await expectVisible(byTestId('game-frame'), 'the game still open under the reality check');
  await screenshot('reality-check-during-play');
  await byTestId('reality-check-continue').click();
  await byTestId('reality-check').waitFor({ state: 'detached' });
  await byTestId('game-frame-close').click();
  await byTestId('game-frame').waitFor({ state: 'detached' });

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

  // 4b. The deposit page says so at the top and offers no PromptPay QR (issue 26 §2).
  await page.goto(`${origin}/user/deposit?tab=promptpay`);
  await expectText(byTestId('deposit-protection'), 'คุณพักการเล่นชั่วคราวอยู่ ฝากเงินไม่ได้', 'the time-out at the top of the deposit page');
  await expectText(byTestId('promptpay-blocked'), 'ฝากผ่านพร้อมเพย์ไม่ได้ในช่วงนี้', 'no PromptPay QR during the time-out');
  if ((await byTestId('promptpay-form').count()) > 0) throw new Error('the PromptPay form is offered during the time-out');
  await expectNoHorizontalOverflow(page, 'deposit page during a time-out');
  await screenshot('deposit-during-timeout');

  // 5. A game launch is refused with the Thai message.
  await page.goto(`${origin}/user/play/egames/egames/sabai`);
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  await tile.click();
  await expectText(byTestId('error-dialog'), 'พักการเล่น', 'launch refused during the time-out');
  await screenshot('launch-refused');
  await byTestId('error-dialog').getByRole('button').first().click();

  // 6. Withdrawal still works. Offline it fails at once in Thai and is not sent when the connection returns (issue 26 §2).
  await page.goto(`${origin}/user/withdraw`);
  await expectText(byTestId('withdraw-available'), '800.00', 'amount available to withdraw');
  await byTestId('withdraw-amount').fill('300');
  const sentOffline: string[] = [];
  const countWithdrawals = (request: { url(): string; method(): string }) => {
    if (request.method() === 'POST' && request.url().endsWith('/fund-composite/v1/withdrawal')) sentOffline.push(request.url());
  };
  page.on('request', countWithdrawals);
  await page.context().setOffline(true);
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('error-dialog'), 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต', 'the Thai "no connection" message at once');
  await screenshot('withdraw-offline');
  await page.context().setOffline(false);
  await page.waitForTimeout(2_000);
  page.off('request', countWithdrawals);
  if (sentOffline.length > 0) throw new Error(`the withdrawal went out by itself when the connection returned (${sentOffline.length} request(s))`);
  await byTestId('error-dialog').getByRole('button').first().click();
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
