import type { Locator, Page } from 'playwright-core';
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
  screenshotter,
  type Member,
} from './helpers.ts';

/**
 * Journey: play a slot, on a 390×844 phone viewport, against the running stack, its sandbox bank
 * and its sandbox game partner (apps/sandbox `/bank`, `/games`).
 *
 * playSlot — a new member deposits 500.00 from the sandbox bank (as depositAndWithdraw does) and
 * sees it arrive live; opens the game lobby and /user/slot, picks the Sabai slot provider and
 * launches ช้างทองคำ. The member site's wallet moves into the game and the partner's page opens in
 * the site's game frame over the lobby (issue 26 §2: the reality check stays during play); the
 * member chooses a 10-baht stake and spins 5 times (each spin's result is read from the game's own
 * answer), goes back through "กลับสู่เว็บไซต์" (the frame closes), refreshes the member card and
 * finds the game wallet equal to the game page's last balance and the turnover equal to the stakes
 * of the rounds that were won or lost (a draw returns the stake and does not count, spec §2).
 * Then withdraws everything available and finds the withdrawal paid in history.
 */
export interface PlaySlotOptions {
  page: Page;
  /** Origin of the member site, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Origin of the sandbox (bank and game partner), e.g. http://127.0.0.1:3100. */
  sandboxUrl: string;
  artifactsDir: string;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const DEPOSIT_BAHT = '500.00';
const STAKE_BAHT = 10;
const SPINS = 5;
const SLOT_PROVIDER = 'sabai';
const GOLDEN_ELEPHANT = 'ช้างทองคำ';
const LIVE_BALANCE_TIMEOUT_MS = 10_000;
/** Turnover comes from the partner's bet records, which the API pulls on its own schedule. */
const TURNOVER_TIMEOUT_MS = 45_000;

/** What the game answers to one spin (apps/sandbox/src/partner README "Games"). */
interface SpinResult {
  roundId: string;
  stake: string;
  payout: string;
  result: 'win' | 'loss' | 'draw';
  balance: string;
}

export async function playSlot({ page, baseUrl, sandboxUrl, artifactsDir }: PlaySlotOptions): Promise<void> {
  const origin = trimSlash(baseUrl);
  const sandbox = trimSlash(sandboxUrl);
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member with 0.00 in both wallets.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await expectText(byTestId('wallet-balance'), '0.00', 'a new member has 0.00');
  await expectAmount(byTestId('game-wallet'), 0, 'a new member has 0.00 in the game wallet');
  await screenshot('member-home');

  // 2. Deposit 500.00 to the house KBank account from the sandbox bank; it arrives live.
  await byTestId('member-deposit').click();
  await expectUrl(page, /\/user\/deposit$/, 'deposit page');
  const kbank = page.locator(`[data-testid="house-account"][data-bank-code="${KASIKORN}"]`).first();
  await expectVisible(kbank, 'KBank house account');
  const houseAccount = ((await kbank.getByTestId('house-account-number').textContent()) ?? '').trim();
  if (houseAccount !== HOUSE_KBANK_ACCOUNT) throw new Error(`KBank house account is "${houseAccount}", expected ${HOUSE_KBANK_ACCOUNT}`);
  await byTestId('page-back').click();
  await expectUrl(page, /\/user\/home$/, 'member home');
  await sandboxBankTransfer(page, sandbox, screenshot, { from: member, toBankCode: KASIKORN, toAccountNumber: houseAccount, amount: DEPOSIT_BAHT });
  await page.bringToFront();
  await expectText(byTestId('wallet-balance'), DEPOSIT_BAHT, 'member card balance after the deposit (live)', LIVE_BALANCE_TIMEOUT_MS);
  await screenshot('deposit-arrived');

  // 3. The game lobby (bottom bar) with its category banners, then the slot shortcut.
  await page.getByTestId('member-bottom-bar').getByRole('link', { name: 'เกม' }).click();
  await expectUrl(page, /\/user\/play$/, 'game lobby');
  await expectVisible(byTestId('category-banners'), 'category banners of the lobby');
  // Only what the sandbox partner can launch (docs/adr/0015): its live table and its slot.
  for (const tab of ['คาสิโน', 'สล็อต']) await expectText(byTestId('lobby-tabs'), tab, `lobby tab ${tab}`);
  const tabsText = (await byTestId('lobby-tabs').textContent()) ?? '';
  if (tabsText.includes('โป๊กเกอร์') || tabsText.includes('เทรด')) throw new Error(`the lobby offers a category the partner cannot launch: "${tabsText}"`);
  await waitForImages(page);
  await expectNoHorizontalOverflow(page, 'game lobby');
  await screenshot('catalogue-lobby');

  await page.goto(`${origin}/user/slot`);
  await expectVisible(byTestId('category-providers'), 'slot providers on /user/slot');
  const provider = page.locator(`[data-testid="provider-tile"][data-ch="${SLOT_PROVIDER}"][data-category="EGAMES"]`);
  await expectVisible(provider, 'the Sabai slot provider tile');
  await waitForImages(page);
  await expectNoHorizontalOverflow(page, 'slot providers');
  await screenshot('catalogue-slot-providers');

  // 4. The provider's games from the partner; launch ช้างทองคำ.
  await provider.click();
  await expectUrl(page, /\/user\/play\/egames\/egames\/sabai$/, 'the Sabai slot provider page');
  const launchedFrom = page.url();
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  await waitForImages(page);
  await expectNoHorizontalOverflow(page, 'provider games');
  await screenshot('catalogue-slot-games');
  await tile.click();

  // 5. The partner's game page, in the site's game frame over the lobby, with the whole 500.00 moved into the game.
  await expectVisible(page.getByTestId('game-frame'), 'the game frame over the lobby');
  const game = page.frameLocator('[data-testid="game-frame-iframe"]');
  await expectVisible(game.getByTestId('slot-game'), 'the slot game in the frame');
  const gameFrameUrl = page.frames().find((frame) => frame.url().startsWith(`${sandbox}/games/session/`));
  if (!gameFrameUrl) throw new Error(`no frame on ${sandbox}/games/session/: ${page.frames().map((frame) => frame.url()).join(', ')}`);
  if (page.url() !== launchedFrom) throw new Error(`the page left the lobby (${page.url()}) instead of framing the game`);
  await expectText(game.getByTestId('balance'), DEPOSIT_BAHT, 'game page balance: the main wallet moved into the game');
  await screenshot('game-opened');

  // 6. Stake 10, spin 5 times; each round's result is the game's own answer.
  await game.getByTestId(`stake-${STAKE_BAHT}`).click();
  if ((await game.getByTestId(`stake-${STAKE_BAHT}`).getAttribute('aria-pressed')) !== 'true') throw new Error('the 10-baht stake is not chosen');
  await expectText(game.getByTestId('spin-stake'), `฿${STAKE_BAHT}`, 'spin button shows the 10-baht stake');
  await screenshot('game-stake-10');
  const rounds: SpinResult[] = [];
  for (let spin = 1; spin <= SPINS; spin += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/games/api/slot/spin') && response.request().method() === 'POST');
    await game.getByTestId('spin').click();
    const response = await answer;
    const round = (await response.json()) as SpinResult;
    if (!response.ok()) throw new Error(`spin ${spin} refused: HTTP ${response.status()} ${JSON.stringify(round)}`);
    if (Number(round.stake) !== STAKE_BAHT) throw new Error(`spin ${spin} staked ${round.stake}, expected ${STAKE_BAHT}`);
    rounds.push(round);
    // The page shows the round id once the reels have stopped and the balance is updated.
    await expectText(game.getByTestId('last-round'), round.roundId, `round ${spin} finished on the page`);
    await expectText(game.getByTestId('balance'), formatBaht(Number(round.balance)), `game balance after spin ${spin}`);
  }
  const lastBalanceText = ((await game.getByTestId('balance').textContent()) ?? '').trim();
  const lastBalance = bahtOf(lastBalanceText);
  if (lastBalance !== Number(rounds.at(-1)?.balance)) throw new Error(`game page shows ${lastBalanceText}, the last spin said ${rounds.at(-1)?.balance}`);
  const counted = rounds.filter((round) => round.result !== 'draw');
  const expectedTurnover = counted.length * STAKE_BAHT;
  const expectedGameBalance = 500 - rounds.reduce((sum, round) => sum + Number(round.stake) - Number(round.payout), 0);
  if (Math.abs(expectedGameBalance - lastBalance) > 0.001) throw new Error(`balance ${lastBalance} does not follow from the rounds (${expectedGameBalance})`);
  console.log(`  play-slot: ${rounds.map((round) => `${round.result}(${round.payout})`).join(' ')} → balance ${lastBalance.toFixed(2)}, turnover ${expectedTurnover.toFixed(2)}`);
  await screenshot('game-after-5-spins');

  // 7. Back to the member site: the game's link closes the frame, on the page the game was launched from.
  await game.getByTestId('back-to-site').click();
  await page.getByTestId('game-frame').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  await expectUrl(page, new RegExp(`^${escapeRegExp(launchedFrom)}$`), 'the lobby page the game was launched from');
  await expectVisible(byTestId('provider-games'), 'the provider page again');
  await screenshot('back-on-site');

  // 8. The member card: game wallet = the game page's last balance; turnover = counted stakes.
  await byTestId('page-back').click();
  await expectUrl(page, /\/user\/home$/, 'member home');
  const gameWalletText = formatBaht(lastBalance);
  const turnoverPrefix = `${formatBaht(expectedTurnover)}/`;
  await refreshUntil(page, async () => {
    const gameWallet = (await byTestId('game-wallet').textContent()) ?? '';
    const turnover = (await byTestId('turnover').textContent()) ?? '';
    return gameWallet.trim() === gameWalletText && turnover.trim().startsWith(turnoverPrefix)
      ? null
      : `game wallet "${gameWallet}" (expected ${gameWalletText}), turnover "${turnover}" (expected ${turnoverPrefix}…)`;
  });
  await expectAmount(byTestId('main-wallet'), 0, 'the main wallet went into the game');
  await expectAmount(byTestId('wallet-balance'), lastBalance, 'balance = main + game');
  await screenshot('member-card-after-play');

  // 9. Withdraw everything available in the footer's withdraw dialog (spec §2; the menu tile
  //    opens it over the home page); history, from the footer's member-card dialog, shows it paid.
  await byTestId('menu-withdraw').click();
  const withdrawDialog = byTestId('footer-dialog-withdraw');
  await expectVisible(withdrawDialog, 'the withdraw dialog');
  await expectUrl(page, /\/user\/home$/, 'still the member home under the dialog');
  await expectVisible(withdrawDialog.getByTestId('withdraw-available'), 'amount available to withdraw');
  const available = bahtOf((await byTestId('withdraw-available').textContent()) ?? '');
  if (!(available > 0)) throw new Error(`nothing to withdraw (available ${available})`);
  if (Math.abs(available - lastBalance) > 0.001) throw new Error(`available to withdraw is ${available}, expected the game balance ${lastBalance}`);
  await byTestId('withdraw-amount').fill(available.toFixed(2));
  await expectNoHorizontalOverflow(page, 'withdraw dialog');
  await screenshot('withdraw-all');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'withdrawal success dialog');
  const detail = (await byTestId('dialog-detail').textContent()) ?? '';
  if (detail.includes('รอเจ้าหน้าที่')) throw new Error(`a ${available}-baht withdrawal waits for staff, expected automatic payment`);
  await screenshot('withdraw-success');
  await byTestId('success-dialog').getByRole('button').click();
  await expectAmount(byTestId('header-balance'), 0, 'nothing left after withdrawing everything');
  await withdrawDialog.getByTestId('modal-close').first().click();
  await withdrawDialog.waitFor({ state: 'hidden' });

  await page.getByTestId('member-bottom-bar').getByRole('button', { name: 'กระเป๋า' }).click();
  const cardDialog = byTestId('footer-dialog-member-card');
  await expectVisible(cardDialog, 'the member-card dialog from the footer');
  await expectAmount(cardDialog.getByTestId('wallet-balance'), 0, 'member card in the dialog after the withdrawal');
  await screenshot('member-card-dialog');
  await byTestId('footer-dialog-open-history').click();
  const historyDialog = byTestId('footer-dialog-history');
  await expectVisible(historyDialog, 'the history dialog');
  await historyDialog.getByTestId('history-tab-withdraw').click();
  const withdrawRow = historyDialog.locator('[data-testid="history-panel-withdraw"] [data-testid="history-row"]').first();
  await expectText(withdrawRow.getByTestId('history-amount'), formatBaht(available), 'withdraw row amount');
  await expectText(withdrawRow.getByTestId('history-status'), 'สำเร็จ', 'withdraw row status (paid)');
  await screenshot('history-withdraw-paid');
}

/** Presses the member card's game-wallet refresh until `check` returns null, or fails with its last answer. */
async function refreshUntil(page: Page, check: () => Promise<string | null>): Promise<void> {
  const deadline = Date.now() + TURNOVER_TIMEOUT_MS;
  let problem: string | null = 'not checked';
  while (Date.now() < deadline) {
    const button = page.getByTestId('refresh-game-wallet');
    await button.waitFor({ state: 'visible' });
    await button.click();
    // The button is off while the member card refreshes.
    const refreshDeadline = Date.now() + STEP_TIMEOUT_MS;
    while (!(await button.isEnabled()) && Date.now() < refreshDeadline) await page.waitForTimeout(100);
    problem = await check();
    if (problem === null) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`member card after refreshing: ${problem}`);
}

/** Waits until the first match shows exactly `amount` baht ("฿ 1,234.50" reads as 1234.5). */
export async function expectAmount(locator: Locator, amount: number, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await expectVisible(locator, what, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    seen = ((await locator.first().textContent()) ?? '').trim();
    if (/\d/.test(seen) && Math.abs(bahtOf(seen) - amount) < 0.001) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: expected ${formatBaht(amount)}, saw "${seen}"`);
}

/** Waits until every <img> on the page has loaded (or failed), so screenshots show the tiles. */
export async function waitForImages(page: Page): Promise<void> {
  // A function, not a string: the member site's CSP forbids eval.
  await page.waitForFunction(
    () => Array.from((globalThis as unknown as { document: { images: ArrayLike<{ complete: boolean }> } }).document.images).every((image) => image.complete),
    undefined,
    { timeout: 10_000 },
  );
}

export interface BankTransfer {
  from: Member;
  toBankCode: string;
  toAccountNumber: string;
  amount: string;
}

/**
 * Pays from the member's bound account in the sandbox bank's page, in a new tab, the way
 * deposit-withdraw.ts does, and checks that the bank delivered the notification to Sabai.
 */
export async function sandboxBankTransfer(
  memberPage: Page,
  sandbox: string,
  screenshot: (name: string, target?: Page) => Promise<void>,
  transfer: BankTransfer,
): Promise<void> {
  const bankPage = await memberPage.context().newPage();
  try {
    const response = await bankPage.goto(`${sandbox}/bank`);
    if (!response?.ok()) throw new Error(`sandbox bank page: HTTP ${response?.status()}`);
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
    const status = await delivery.getAttribute('data-status');
    if (status !== 'delivered') throw new Error(`sandbox bank did not deliver the notification to Sabai: ${await delivery.textContent()}`);
    await screenshot('sandbox-bank-done', bankPage);
  } finally {
    await bankPage.close();
  }
}

/** "฿1,234.50" → 1234.5 */
export const bahtOf = (text: string): number => Number(text.replace(/[^0-9.-]/g, ''));
/** 1234.5 → "1,234.50", as both the member site and the game page show baht. */
export const formatBaht = (amount: number): string =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const trimSlash = (url: string) => url.replace(/\/+$/, '');
