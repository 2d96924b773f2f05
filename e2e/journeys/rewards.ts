import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { scriptSlotOutcomes, type PartnerSandboxTarget } from '@sabai/sandbox';
import {
  KASIKORN,
  STEP_TIMEOUT_MS,
  escapeRegExp,
  expectNoHorizontalOverflow,
  expectText,
  expectUrl,
  expectVisible,
  newMemberDetails,
  registerAndSignIn,
  registerPhoneStep,
  screenshotter,
  type Member,
} from './helpers.ts';

/**
 * Journey: rewards, on a 390×844 phone viewport, against the running stack (1-minute cashback
 * periods), its sandbox bank and game partner, and the back office (staff jobs and item codes).
 *
 * 1. The referrer registers and reads their referral link on /user/affiliate.
 * 2. In a new browser context the referred member opens the link, registers with the code
 *    prefilled, accepts the bonus in step 3 and logs in.
 * 3. The referred deposits 5,000.00 from the sandbox bank: the welcome promotion (100 %, at most
 *    1,000) makes the card 6,000.00 with a turnover of 0.00/30,000.00 (5× of 6,000).
 * 4. The referred plays the slot: 20 spins at 100 baht, every one a loss scripted at the sandbox
 *    partner (its staging "force outcome" tool), so the net loss is 2,000.00 on every run; the
 *    member card then shows turnover 2,000.00/30,000.00 and the game wallet of the ledger.
 * 5. Staff pull the bet records and, once the (1-minute) period has ended, run the cashback and
 *    affiliate jobs (the API's own schedule may run them first: either way each is credited once).
 * 6. Cashback = 5 % of the net loss = 100.00; claimed into play money.
 * 7. The referrer's income = 5 % of the same net loss = 100.00 (the 100-baht minimum, under the
 *    1,000-baht auto-withdraw maximum): withdrawn into play money at once, with its turnover
 *    requirement (1× of the income, docs/adr/0011) on the referrer's card.
 * 8. The referred spins the prize wheel once (50 prize credit from the deposit) and sees a prize.
 * 9. Staff create a one-use item code of 50; the referred redeems it (+50.00) and a second
 *    redemption is refused with the Thai "already redeemed" message.
 * Every number read on screen is compared with the ledger's own answer, fetched in the page with
 * the member's session (GET /user-profile-composite/v1/profile/balance, /users/affiliate).
 */

/** Calls the back office (`/admin-api/v1/...`) as a signed-in staff member: `Authorization: Bearer <session>`. */
export interface StaffClient {
  token: string;
  /** Resolves to the response body (an envelope); may throw on an HTTP error. */
  call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => Promise<unknown>;
}

export interface RewardsJourneyOptions {
  page: Page;
  /** Origin of the member site, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Origin of the sandbox (bank and game partner). */
  sandboxUrl: string;
  artifactsDir: string;
  staff: StaffClient;
  /** A second staff member (finance): approves the owner's money actions (issue 25 §1). */
  approver: StaffClient;
  /** The sandbox partner's signed test tools (scripted slot outcomes). */
  partnerTools: PartnerSandboxTarget;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const DEPOSIT = 5_000;
/** Welcome promotion: 100 % of the deposit, at most 1,000 baht; turnover 5× of deposit + bonus. */
const BONUS = Math.min(DEPOSIT, 1_000);
const TURNOVER_NEEDED = (DEPOSIT + BONUS) * 5;
const STAKE_BAHT = 100;
/** 20 scripted losses of 100: net loss 2,000, so 5 % cashback and 5 % level-1 income are 100.00 each. */
const SPINS = 20;
const SLOT_PROVIDER = 'sabai';
const GOLDEN_ELEPHANT = 'ช้างทองคำ';
const CASHBACK_BASIS_POINTS = 500; // settings cashBack.Payout 5 %
const AFFILIATE_LEVEL1_BASIS_POINTS = 500; // settings Affiliate.level1.percent 5 %
const AFFILIATE_MIN_WITHDRAW = 100;
const ITEM_CODE_AMOUNT = 50;
const AFFILIATE_TURNOVER_MULTIPLE = 1; // settings Affiliate.turnover
const LIVE_BALANCE_TIMEOUT_MS = 15_000;
const JOB_POLL_MS = 5_000;
const JOB_TIMEOUT_MS = 75_000;
const PERIOD_MS = 60_000;
const NO_CASHBACK_MESSAGE = 'คุณไม่มียอดเสีย ไม่สามารถกดรับได้';
const ALREADY_REDEEMED_MESSAGE = 'คุณใช้โค้ดนี้ไปแล้ว';

interface SpinResult {
  roundId: string;
  stake: string;
  payout: string;
  result: 'win' | 'loss' | 'draw';
  balance: string;
}

interface LedgerBalance {
  mainWallet: number;
  gameWallet: number;
  affiliateWallet: number;
  cashbackWallet: number;
  prizeWallet: number;
}

export async function rewardsJourney({ page, baseUrl, sandboxUrl, artifactsDir, staff, approver, partnerTools }: RewardsJourneyOptions): Promise<void> {
  const origin = trimSlash(baseUrl);
  const sandbox = trimSlash(sandboxUrl);
  const screenshot = screenshotter(page, artifactsDir);
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. The referrer registers and reads their referral link on /user/affiliate.
  const referrer = newMemberDetails();
  await registerAndSignIn(page, origin, referrer, sandboxUrl);
  await page.goto(`${origin}/user/affiliate`);
  await expectText(page.getByTestId('affiliate-link'), '/user/register/', 'referral link on the affiliate page');
  const referralLink = ((await page.getByTestId('affiliate-link').textContent()) ?? '').trim();
  const referralKey = decodeURIComponent(referralLink.split('/user/register/')[1] ?? '');
  if (!referralKey) throw new Error(`no referral key in "${referralLink}"`);
  await screenshot('referrer-affiliate-link');

  // 2. The referred member, in a new browser context (own storage), registers through the link.
  const browser = page.context().browser();
  if (!browser) throw new Error('the journey needs a browser to open a second context');
  const referredContext = await newPhoneContext(browser);
  try {
    const referredPage = await referredContext.newPage();
    referredPage.setDefaultTimeout(STEP_TIMEOUT_MS);
    const pageErrors: string[] = [];
    referredPage.on('pageerror', (error) => pageErrors.push(error.message));
    const referred = newMemberDetails();
    await registerThroughLink(referredPage, `${origin}/user/register/${encodeURIComponent(referralKey)}`, sandbox, referralKey, referred, screenshot);
    await screenshot('referred-home', referredPage);

    // 3. Deposit 5,000.00: welcome bonus 1,000 → 6,000.00, turnover 0.00/30,000.00 on the card.
    await sandboxBankTransfer(referredPage, sandbox, screenshot, { from: referred, toBankCode: KASIKORN, toAccountNumber: HOUSE_KBANK_ACCOUNT, amount: DEPOSIT.toFixed(2) });
    await referredPage.bringToFront();
    const funded = DEPOSIT + BONUS;
    await expectAmount(referredPage.getByTestId('wallet-balance'), funded, 'member card after the deposit and the welcome bonus', LIVE_BALANCE_TIMEOUT_MS);
    await referredPage.getByTestId('refresh-balance').click();
    await expectText(referredPage.getByTestId('turnover'), `0.00/${formatBaht(TURNOVER_NEEDED)}`, 'turnover now/needed of the bonus grant');
    await expectText(referredPage.getByTestId('member-active-bonus'), 'สมาชิกใหม่', 'active bonus on the member card');
    const afterDeposit = await ledgerBalance(referredPage);
    if (!near(afterDeposit.mainWallet + afterDeposit.gameWallet, funded)) throw new Error(`ledger holds ${afterDeposit.mainWallet}+${afterDeposit.gameWallet}, expected ${funded}`);
    await expectAmount(referredPage.getByTestId('main-wallet'), afterDeposit.mainWallet, 'main wallet = ledger main wallet');
    await expectAmount(referredPage.getByTestId('prize-points'), afterDeposit.prizeWallet, 'prize points = ledger prize wallet');
    console.log(`  rewards: deposit ${formatBaht(DEPOSIT)} + bonus ${formatBaht(BONUS)} = ${formatBaht(funded)}; turnover needed ${formatBaht(TURNOVER_NEEDED)}; prize credit ${afterDeposit.prizeWallet}`);
    await screenshot('referred-deposit-with-bonus', referredPage);

    // 4. The slot: 20 scripted losses at 100 baht.
    const { rounds, netLoss } = await playScriptedLosses(referredPage, origin, sandbox, funded, partnerTools, screenshot);
    if (!near(netLoss, SPINS * STAKE_BAHT)) throw new Error(`the scripted spins lost ${netLoss}, expected ${SPINS * STAKE_BAHT}`);
    const netLossSatang = Math.round(netLoss * 100);
    const expectedCashback = Math.floor((netLossSatang * CASHBACK_BASIS_POINTS) / 10_000) / 100;
    const expectedIncome = Math.floor((netLossSatang * AFFILIATE_LEVEL1_BASIS_POINTS) / 10_000) / 100;
    const lastSettledAt = Date.now();
    console.log(`  rewards: ${rounds.length} spins, net loss ${formatBaht(netLoss)} → cashback ${formatBaht(expectedCashback)}, level-1 income ${formatBaht(expectedIncome)}`);
    // Back on the site: the card shows the partner's live game wallet and the turnover of the pulled
    // bet records. The ledger books each round as it is pulled (docs/adr/0012): until the pull its
    // game wallet is still the deposit, after it the deposit − the net loss.
    await referredPage.getByTestId('refresh-balance').click();
    const afterPlay = await memberGet<{ gameWallet: number; ledgerGameWallet: number; mainWallet: number }>(referredPage, '/game-composite/v1/wallet');
    if (!near(afterPlay.mainWallet + afterPlay.gameWallet, funded - netLoss)) throw new Error(`live wallets hold ${afterPlay.mainWallet}+${afterPlay.gameWallet} after play, expected ${funded - netLoss}`);
    // The worker's periodic pull may be booking the rounds right now: anything from none to all of them.
    const roundsBooked = (funded - afterPlay.ledgerGameWallet) / STAKE_BAHT;
    if (afterPlay.ledgerGameWallet > funded + 0.001 || afterPlay.ledgerGameWallet < funded - netLoss - 0.001 || !near(roundsBooked, Math.round(roundsBooked))) {
      throw new Error(`the ledger's game wallet is ${afterPlay.ledgerGameWallet} after play, expected ${funded} less 0 to ${SPINS} lost stakes of ${STAKE_BAHT}`);
    }
    await expectAmount(referredPage.getByTestId('wallet-balance'), funded - netLoss, 'member card balance after play = deposit + bonus − net loss', 45_000);
    await expectText(referredPage.getByTestId('turnover'), `${formatBaht(netLoss)}/${formatBaht(TURNOVER_NEEDED)}`, 'turnover after 20 lost spins (bet records pulled)', 45_000);
    await screenshot('referred-home-after-play', referredPage);

    // 5. Staff: pull the bet records; after the period ends, run cashback and affiliate.
    await untilNot404(staff, 'POST', '/admin-api/v1/jobs/pull-bet-records');
    const afterPull = await memberGet<{ ledgerGameWallet: number }>(referredPage, '/game-composite/v1/wallet');
    if (!near(afterPull.ledgerGameWallet, funded - netLoss)) throw new Error(`the ledger's game wallet is ${afterPull.ledgerGameWallet} after the pull, expected ${funded - netLoss} (every round booked)`);
    const periodEnd = (Math.floor(lastSettledAt / PERIOD_MS) + 1) * PERIOD_MS;
    await referredPage.waitForTimeout(Math.max(0, periodEnd - Date.now()) + 1_000);
    const credited = await untilCredited(staff, approver, async () => {
      const [referredLedger, referrerIncome] = [await ledgerBalance(referredPage), await memberGet<{ balance: number }>(page, '/user-profile-composite/v1/users/affiliate')];
      return near(referredLedger.cashbackWallet, expectedCashback) && near(referrerIncome.balance, expectedIncome);
    });
    console.log(`  rewards: cashback and affiliate credited after ${credited} job round(s)`);

    // 6. Cashback: the balance is 5 % of the net loss; claim it into play money.
    await referredPage.goto(`${origin}/user/cash_back`);
    await expectAmount(referredPage.getByTestId('cashback-balance'), expectedCashback, 'cashback balance = 5 % of the net loss');
    const beforeClaim = await ledgerBalance(referredPage);
    if (!near(beforeClaim.cashbackWallet, expectedCashback)) throw new Error(`ledger cashback is ${beforeClaim.cashbackWallet}, expected ${expectedCashback}`);
    await expectNoHorizontalOverflow(referredPage, 'cashback page');
    await screenshot('cashback-balance', referredPage);
    await referredPage.getByTestId('cashback-claim').click();
    await expectText(referredPage.getByTestId('success-dialog'), formatBaht(expectedCashback), 'cashback claimed message with the amount');
    await screenshot('cashback-claimed', referredPage);
    await referredPage.getByTestId('success-dialog').getByRole('button').click();
    await expectAmount(referredPage.getByTestId('cashback-balance'), 0, 'cashback balance after the claim');
    const afterClaim = await ledgerBalance(referredPage);
    if (!near(afterClaim.cashbackWallet, 0)) throw new Error(`ledger cashback after the claim is ${afterClaim.cashbackWallet}`);
    const moved = afterClaim.mainWallet + afterClaim.gameWallet - (beforeClaim.mainWallet + beforeClaim.gameWallet);
    if (!near(moved, expectedCashback)) throw new Error(`the claim moved ${moved} into play money, expected ${expectedCashback}`);
    // A second claim, now at 0.00: refused locally with the spec's message.
    await referredPage.getByTestId('cashback-claim').click();
    await expectText(referredPage.getByTestId('error-dialog'), NO_CASHBACK_MESSAGE, 'second claim at 0.00 refused');
    await referredPage.getByTestId('error-dialog').getByRole('button').click();

    // 7. The referrer's income: 5 % of the same net loss, withdrawn into play money at once.
    await page.bringToFront();
    await page.goto(`${origin}/user/affiliate`);
    await expectText(page.getByTestId('affiliate-count'), '1', 'one referred member');
    await expectAmount(page.getByTestId('affiliate-income'), expectedIncome, 'affiliate income = 5 % of the net loss (level 1)');
    const summary = await memberGet<{ balance: number }>(page, '/user-profile-composite/v1/users/affiliate');
    if (!near(summary.balance, expectedIncome)) throw new Error(`ledger affiliate income is ${summary.balance}, expected ${expectedIncome}`);
    await expectNoHorizontalOverflow(page, 'affiliate page');
    await screenshot('referrer-affiliate-income');
    if (expectedIncome < AFFILIATE_MIN_WITHDRAW) throw new Error(`income ${expectedIncome} is under the ${AFFILIATE_MIN_WITHDRAW} minimum: the journey's numbers are wrong`);
    await page.getByTestId('affiliate-withdraw').click();
    await expectText(page.getByTestId('success-dialog'), formatBaht(expectedIncome), 'affiliate income withdrawn');
    await screenshot('referrer-income-withdrawn');
    await page.getByTestId('success-dialog').getByRole('button').click();
    await expectAmount(page.getByTestId('affiliate-income'), 0, 'affiliate income after the withdrawal');
    const referrerLedger = await ledgerBalance(page);
    if (!near(referrerLedger.mainWallet + referrerLedger.gameWallet, expectedIncome) || !near(referrerLedger.affiliateWallet, 0)) {
      throw new Error(`referrer ledger after the withdrawal: ${JSON.stringify(referrerLedger)}`);
    }
    const referrerRolling = await memberGet<{ nowTurnover: number; needTurnover: number }>(page, '/rolling-composite/v1/get-rolling');
    if (!near(referrerRolling.needTurnover, expectedIncome * AFFILIATE_TURNOVER_MULTIPLE)) throw new Error(`referrer turnover needed ${referrerRolling.needTurnover}, expected ${expectedIncome * AFFILIATE_TURNOVER_MULTIPLE}`);
    await page.goto(`${origin}/user/home`);
    await expectAmount(page.getByTestId('wallet-balance'), expectedIncome, 'referrer card = the withdrawn income', LIVE_BALANCE_TIMEOUT_MS);
    await expectText(page.getByTestId('turnover'), `0.00/${formatBaht(expectedIncome * AFFILIATE_TURNOVER_MULTIPLE)}`, 'referrer turnover requirement on the income');
    await screenshot('referrer-home-after-income');

    // 8. The prize wheel: one spin from the deposit's 50 prize credit.
    await referredPage.bringToFront();
    await referredPage.goto(`${origin}/user/spinner`);
    const beforeSpin = await ledgerBalance(referredPage);
    await expectAmount(referredPage.getByTestId('wheel-credit'), beforeSpin.prizeWallet, 'wheel credit = ledger prize wallet');
    if (beforeSpin.prizeWallet < 50) throw new Error(`prize credit is ${beforeSpin.prizeWallet}, a 5,000 deposit should have earned 50`);
    await screenshot('wheel-before-spin', referredPage);
    await referredPage.getByTestId('wheel-spin').click();
    const prizeShown = referredPage.locator('[data-testid="success-dialog"], [data-testid="toast"]');
    await expectVisible(prizeShown, 'the prize of the spin', 20_000);
    await screenshot('wheel-prize', referredPage);
    if (await referredPage.getByTestId('success-dialog').isVisible()) await referredPage.getByTestId('success-dialog').getByRole('button').click();
    await expectVisible(referredPage.getByTestId('wheel-last-prize'), 'last prize under the wheel');
    const afterSpin = await ledgerBalance(referredPage);
    await expectAmount(referredPage.getByTestId('wheel-credit'), afterSpin.prizeWallet, 'wheel credit after the spin = ledger prize wallet');
    console.log(`  rewards: wheel ${(await referredPage.getByTestId('wheel-last-prize').textContent())?.trim()}; prize credit ${beforeSpin.prizeWallet} → ${afterSpin.prizeWallet}`);

    // 9. An item code of 50: redeemed once (+50.00), refused the second time.
    const code = `E2E${randomCode(10)}`;
    const created = await staff.call('POST', '/admin-api/v1/item-codes', {
      code,
      amount: ITEM_CODE_AMOUNT,
      totalUses: 1,
      expiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    });
    if (!isSuccess(created)) throw new Error(`staff could not create the item code: ${JSON.stringify(created)}`);
    // Issue 25 §1: the code pays only once a second person (finance) approved its liability.
    const approvalId = (created as { data?: { approvalId?: string } }).data?.approvalId;
    const approved = await approver.call('POST', `/admin-api/v1/approvals/${approvalId}/approve`, {});
    if (!isSuccess(approved)) throw new Error(`finance could not approve the item code: ${JSON.stringify(approved)}`);
    await referredPage.goto(`${origin}/user/free_credit`);
    const beforeRedeem = await ledgerBalance(referredPage);
    await referredPage.getByTestId('free-credit-code').fill(code.toLowerCase());
    await referredPage.getByTestId('free-credit-submit').click();
    await expectText(referredPage.getByTestId('success-dialog'), formatBaht(ITEM_CODE_AMOUNT), 'item code credited 50.00');
    await screenshot('free-credit-redeemed', referredPage);
    await referredPage.getByTestId('success-dialog').getByRole('button').click();
    const afterRedeem = await ledgerBalance(referredPage);
    if (!near(afterRedeem.mainWallet - beforeRedeem.mainWallet, ITEM_CODE_AMOUNT)) {
      throw new Error(`the item code moved the main wallet by ${afterRedeem.mainWallet - beforeRedeem.mainWallet}, expected ${ITEM_CODE_AMOUNT}`);
    }
    await referredPage.getByTestId('free-credit-code').fill(code);
    await referredPage.getByTestId('free-credit-submit').click();
    await expectText(referredPage.getByTestId('error-dialog'), ALREADY_REDEEMED_MESSAGE, 'second redemption refused');
    await screenshot('free-credit-already-redeemed', referredPage);
    await referredPage.getByTestId('error-dialog').getByRole('button').click();

    // 10. The member card against the ledger, last.
    await referredPage.goto(`${origin}/user/home`);
    const final = await ledgerBalance(referredPage);
    await expectAmount(referredPage.getByTestId('main-wallet'), final.mainWallet, 'member card main wallet = ledger');
    await expectAmount(referredPage.getByTestId('prize-points'), final.prizeWallet, 'member card prize points = ledger');
    await expectNoHorizontalOverflow(referredPage, 'member home');
    await screenshot('referred-home-final', referredPage);
    console.log(`  rewards: ledger at the end main ${formatBaht(final.mainWallet)}, game ${formatBaht(final.gameWallet)}, cashback ${formatBaht(final.cashbackWallet)}, prize ${final.prizeWallet}`);
    if (pageErrors.length > 0) throw new Error(`uncaught errors in the referred member's page: ${pageErrors.join(' | ')}`);
  } finally {
    await referredContext.close();
  }
}

function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
}

/** Registration from a referral link: the code is prefilled and read-only; the bonus is accepted in step 3. */
async function registerThroughLink(
  page: Page,
  link: string,
  sandboxUrl: string,
  referralKey: string,
  member: Member,
  screenshot: (name: string, target?: Page) => Promise<void>,
): Promise<void> {
  const byTestId = (id: string) => page.getByTestId(id);
  await page.goto(link);
  await expectVisible(byTestId('register-step-1'), 'register step 1 from the referral link');
  await registerPhoneStep(page, sandboxUrl, member);
  await byTestId(`bank-option-${member.bankCode}`).click();
  await byTestId('register-account-number').fill(member.accountNumber);
  await byTestId('register-next').click();
  await expectVisible(byTestId('register-step-3'), 'register step 3');
  const code = await byTestId('register-referral-code').inputValue();
  if (code !== referralKey) throw new Error(`referral code in step 3 is "${code}", expected ${referralKey}`);
  if (!(await byTestId('register-referral-code').evaluate((input) => (input as { readOnly: boolean }).readOnly))) throw new Error('the referral code can be edited');
  await byTestId('register-bonus-accept').check();
  await byTestId('register-date-of-birth').fill('1990-01-15');
  await screenshot('referred-register-step-3', page);
  await byTestId('register-next').click();
  await expectText(byTestId('success-dialog'), 'สมัครสมาชิกสำเร็จ', 'registration success message');
  await byTestId('success-dialog').getByRole('button').click();
  await expectUrl(page, /\/user\/login$/, 'login page after registration');
  await byTestId('login-phone').fill(member.phoneNumber);
  await byTestId('login-password').fill(member.password);
  await byTestId('login-submit').click();
  await expectUrl(page, /\/user\/home$/, 'member home after login');
  await expectText(byTestId('member-id'), member.phoneNumber, 'member card of the referred member');
}

/**
 * Launches ช้างทองคำ, scripts SPINS losses for the member's game account at the sandbox partner,
 * spins SPINS × 100, goes back; returns the rounds (the game's own answers) and their net loss.
 */
async function playScriptedLosses(
  page: Page,
  origin: string,
  sandbox: string,
  funded: number,
  partnerTools: PartnerSandboxTarget,
  screenshot: (name: string, target?: Page) => Promise<void>,
): Promise<{ rounds: SpinResult[]; netLoss: number }> {
  await page.goto(`${origin}/user/slot`);
  const provider = page.locator(`[data-testid="provider-tile"][data-ch="${SLOT_PROVIDER}"][data-category="EGAMES"]`);
  await expectVisible(provider, 'the Sabai slot provider tile');
  await provider.click();
  await expectUrl(page, /\/user\/play\/egames\/egames\/sabai$/, 'the Sabai slot provider page');
  const launchedFrom = page.url();
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  await tile.click();
  // The partner's game plays in the site's game frame over the lobby (issue 26 §2).
  const game = page.frameLocator('[data-testid="game-frame-iframe"]');
  await expectVisible(game.getByTestId('slot-game'), 'the slot game in the game frame');
  if (!page.frames().some((frame) => frame.url().startsWith(`${sandbox}/games/session/`))) throw new Error('the game frame is not on the sandbox game page');
  await expectAmount(game.getByTestId('balance'), funded, 'game balance: deposit + bonus moved into the game');

  // The member's game account (GameInfo, spec §3) is what the partner knows them by.
  const userInfo = await memberGetAt<{ GameInfo: { username: string } | null }>(page, origin, '/auth-service/v1/refresh');
  if (!userInfo.GameInfo?.username) throw new Error('the member has no game account after the launch');
  const scripted = await scriptSlotOutcomes({ ...partnerTools, username: userInfo.GameInfo.username, outcomes: Array.from({ length: SPINS }, () => 'loss' as const) });
  if (scripted.outcomes.length !== SPINS) throw new Error(`the sandbox queued ${scripted.outcomes.length} outcomes, expected ${SPINS}`);

  await game.getByTestId(`stake-${STAKE_BAHT}`).click();
  if ((await game.getByTestId(`stake-${STAKE_BAHT}`).getAttribute('aria-pressed')) !== 'true') throw new Error('the 100-baht stake is not chosen');
  const rounds: SpinResult[] = [];
  for (let spin = 1; spin <= SPINS; spin += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/games/api/slot/spin') && response.request().method() === 'POST');
    await game.getByTestId('spin').click();
    const response = await answer;
    const round = (await response.json()) as SpinResult;
    if (!response.ok()) throw new Error(`spin ${spin} refused: HTTP ${response.status()} ${JSON.stringify(round)}`);
    if (Number(round.stake) !== STAKE_BAHT) throw new Error(`spin ${spin} staked ${round.stake}, expected ${STAKE_BAHT}`);
    if (round.result !== 'loss' || Number(round.payout) !== 0) throw new Error(`spin ${spin} was scripted to lose but answered ${round.result} ${round.payout}`);
    rounds.push(round);
    await expectText(game.getByTestId('last-round'), round.roundId, `round ${spin} finished on the page`);
    if (spin === 1) await screenshot('slot-first-scripted-loss', page);
  }
  const netLoss = rounds.reduce((sum, round) => sum + Number(round.stake) - Number(round.payout), 0);
  await expectAmount(game.getByTestId('balance'), funded - netLoss, 'game balance follows from the rounds');
  await screenshot('slot-after-spins', page);
  await game.getByTestId('back-to-site').click();
  await page.getByTestId('game-frame').waitFor({ state: 'detached' });
  await expectUrl(page, new RegExp(`^${escapeRegExp(launchedFrom)}$`), 'the page the game was launched from');
  await page.goto(`${origin}/user/home`);
  return { rounds, netLoss };
}

/** memberGet from a page that is not on the member site (the partner's game page): opens the site first. */
async function memberGetAt<T>(page: Page, origin: string, path: string): Promise<T> {
  const sitePage = await page.context().newPage();
  try {
    await sitePage.goto(`${origin}/user/home`);
    return await memberGet<T>(sitePage, path);
  } finally {
    await sitePage.close();
  }
}

/** A member-API GET from inside the page, with the stored session token and the app key: the ledger's view. */
async function memberGet<T>(page: Page, path: string): Promise<T> {
  const body = await page.evaluate(async (url) => {
    const storage = (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage;
    const token = storage.getItem('sabai.token');
    const prefix = (await (await fetch('/v2/prefix')).json()) as { data: { appId: string } };
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token ?? ''}`, 'X-Api-Key': prefix.data.appId, 'Accept-Language': 'th' } });
    return (await response.json()) as unknown;
  }, path);
  if (!isSuccess(body)) throw new Error(`${path} answered ${JSON.stringify(body)}`);
  return (body as { data: T }).data;
}

/** profile/balance's gameWallet is the partner's live figure; the ledger's own is ledgerGameWallet. */
const ledgerBalance = async (page: Page): Promise<LedgerBalance> => {
  const balance = await memberGet<LedgerBalance & { ledgerGameWallet: number }>(page, '/user-profile-composite/v1/profile/balance');
  return { ...balance, gameWallet: balance.ledgerGameWallet };
};

/** Staff jobs are new: a 404 (thrown or answered) means "not there yet" and is retried for up to 75 s. */
async function untilNot404(staff: StaffClient, method: 'POST', path: string, body?: unknown): Promise<unknown> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    let answer: unknown;
    let missing = false;
    try {
      answer = await staff.call(method, path, body);
      missing = isNotFound(answer);
    } catch (error) {
      if (!/\b404\b|NOT_FOUND/.test(String(error))) throw error;
      missing = true;
    }
    if (!missing) {
      if (!isSuccess(answer)) throw new Error(`${path} answered ${JSON.stringify(answer)}`);
      return answer;
    }
    if (Date.now() > deadline) throw new Error(`${path} still answers 404`);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

/**
 * Runs the cashback and affiliate jobs as staff every 5 s until `isCredited()` (read from the
 * ledger) holds, for up to 75 s. The API's own schedule may credit first; the jobs are idempotent.
 * @returns how many rounds of job calls it took.
 */
async function untilCredited(staff: StaffClient, approver: StaffClient, isCredited: () => Promise<boolean>): Promise<number> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (let round = 1; ; round += 1) {
    await untilNot404(staff, 'POST', '/admin-api/v1/jobs/pull-bet-records');
    for (const job of ['cashback', 'affiliate']) {
      // Issue 25 §1: a paying run by one staff member waits for a second person (finance).
      const run = (await untilNot404(staff, 'POST', `/admin-api/v1/jobs/${job}`, {})) as { data?: { status?: string; approvalId?: string | null } };
      if (run.data?.status === 'pending' && run.data.approvalId) await approver.call('POST', `/admin-api/v1/approvals/${run.data.approvalId}/approve`, {});
    }
    if (await isCredited()) return round;
    if (Date.now() > deadline) throw new Error(`cashback / affiliate income not credited in ${JOB_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

/** `true`, or the number spec §7 gives as the call's success value (refresh 0, income withdrawal 1; docs/adr/0004). */
const isSuccess = (body: unknown): boolean => {
  const success = typeof body === 'object' && body !== null ? (body as { success?: unknown }).success : undefined;
  return success === true || success === 0 || success === 1;
};
const isNotFound = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { success?: unknown }).success !== true && (body as { code?: unknown }).code === 'NOT_FOUND';

interface BankTransfer {
  from: Member;
  toBankCode: string;
  toAccountNumber: string;
  amount: string;
}

/** Pays from the member's bound account in the sandbox bank's page, in a new tab, as deposit-withdraw.ts does. */
async function sandboxBankTransfer(memberPage: Page, sandbox: string, screenshot: (name: string, target?: Page) => Promise<void>, transfer: BankTransfer): Promise<void> {
  const bankPage = await memberPage.context().newPage();
  try {
    await bankPage.goto(`${sandbox}/bank`);
    await bankPage.getByTestId('fromBankCode').selectOption(transfer.from.bankCode);
    await bankPage.getByTestId('fromAccountNumber').fill(transfer.from.accountNumber);
    await bankPage.locator('label:has(#destination-bank)').click();
    await bankPage.getByTestId('toBankCode').selectOption(transfer.toBankCode);
    await bankPage.getByTestId('toAccountNumber').fill(transfer.toAccountNumber);
    await bankPage.getByTestId('amount').fill(transfer.amount);
    await screenshot('sandbox-bank-form', bankPage);
    await bankPage.getByTestId('transfer-submit').click();
    const refused = bankPage.getByTestId('transfer-error');
    await Promise.race([
      bankPage.getByTestId('transfer-result').waitFor({ state: 'visible' }),
      refused.waitFor({ state: 'visible' }).then(async () => {
        throw new Error(`sandbox bank refused the transfer: ${await refused.textContent()}`);
      }),
    ]);
    const delivery = bankPage.getByTestId('delivery-status');
    if ((await delivery.getAttribute('data-status')) !== 'delivered') throw new Error(`sandbox bank did not deliver the notification: ${await delivery.textContent()}`);
  } finally {
    await bankPage.close();
  }
}

/** Waits until the first match shows exactly `amount` baht ("฿ 1,234.50" reads as 1234.5). */
async function expectAmount(locator: Locator, amount: number, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await expectVisible(locator, what, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    seen = ((await locator.first().textContent()) ?? '').trim();
    if (/\d/.test(seen) && near(bahtOf(seen), amount)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: expected ${formatBaht(amount)}, saw "${seen}"`);
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
const bahtOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));
const formatBaht = (amount: number): string => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const trimSlash = (url: string) => url.replace(/\/+$/, '');

function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let index = 0; index < length; index += 1) code += alphabet[Math.floor(Math.random() * alphabet.length)];
  return code;
}
