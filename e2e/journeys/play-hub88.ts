import type { Page } from 'playwright-core';
import { KASIKORN, escapeRegExp, expectNoHorizontalOverflow, expectText, expectUrl, expectVisible, holdPressThroughHandOver, newMemberDetails, STEP_TIMEOUT_MS, registerAndSignIn, screenshotter } from './helpers.ts';
import { bahtOf, expectAmount, formatBaht, sandboxBankTransfer, waitForImages } from './play-slot.ts';

/**
 * Journey: play a Hub88 game on a seamless-wallet site (GAME_PARTNER_PROVIDER=hub88, docs/adr/0046,
 * 0047), 390×844, against its own stack whose sandbox plays Hub88.
 *
 * playHub88 — a new member deposits 500.00 from the sandbox bank; opens the slot lobby and launches
 * ช้างทองคำ, now served by the sandbox Hub88 (/games/hub88/…). Nothing moves into a game wallet:
 * the game page shows the main wallet. Five 10-baht spins, each a bet and a win that Hub88 sends
 * to Sabai's /seamless/hub88/ wallet: after each spin the page's balance = the one before − stake
 * + payout. Hub88's transaction list (the sandbox's) holds the 5 bets and 5 wins, all TS_SUCCESS.
 * Back on the site the member card shows that balance in the main wallet; the member withdraws
 * everything and finds the withdrawal paid.
 */
export interface PlayHub88Options {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
  sandboxKey: string;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const DEPOSIT_BAHT = '500.00';
const STAKE_BAHT = 10;
const SPINS = 5;
const GOLDEN_ELEPHANT = 'ช้างทองคำ';

interface SpinResult {
  roundId: string;
  stake: string;
  payout: string;
  result: 'win' | 'loss' | 'draw';
  balance: string;
}

export async function playHub88({ page, baseUrl, sandboxUrl, artifactsDir, sandboxKey }: PlayHub88Options): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const sandbox = sandboxUrl.replace(/\/+$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member, then 500.00 from the sandbox bank, arriving live.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await expectText(byTestId('wallet-balance'), '0.00', 'a new member has 0.00');
  await sandboxBankTransfer(page, sandbox, screenshot, { from: member, toBankCode: KASIKORN, toAccountNumber: HOUSE_KBANK_ACCOUNT, amount: DEPOSIT_BAHT });
  await page.bringToFront();
  await expectText(byTestId('wallet-balance'), DEPOSIT_BAHT, 'member card balance after the deposit (live)', 10_000);
  await screenshot('deposit-arrived');

  // 2. The slot lobby lists Hub88's games; launch ช้างทองคำ.
  await page.goto(`${origin}/user/slot`);
  const provider = page.locator('[data-testid="provider-tile"][data-category="EGAMES"]').first();
  // Hub88's categories are its own words ("Video Slots", "Live Baccarat"): Sabai maps them to the lobby's (EGAMES, LIVECASINO).
  await expectVisible(provider, 'a slot provider tile from Hub88\'s game list (Hub88 category "Video Slots" mapped to EGAMES)');
  await waitForImages(page);
  await expectNoHorizontalOverflow(page, 'slot providers');
  await screenshot('lobby-slot-providers');
  await provider.click();
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  const launchedFrom = page.url(); // the provider's games page, once it shows (the click's navigation is client-side)
  await waitForImages(page);
  await screenshot('lobby-hub88-games');
  await tile.click();

  // 3. The sandbox Hub88's game page: the balance is Sabai's main wallet (seamless: nothing moved).
  // The game opens in the site's game frame over the lobby (issue 26 §2: the reality check stays during play).
  await expectVisible(page.getByTestId('game-frame'), 'the game frame over the lobby');
  const game = page.frameLocator('[data-testid="game-frame-iframe"]');
  await expectVisible(game.getByTestId('slot-game'), 'the slot game in the frame');
  const gameFrame = page.frames().find((frame) => frame.url().startsWith(`${sandbox}/games/hub88/session/`));
  if (!gameFrame) throw new Error(`no frame on ${sandbox}/games/hub88/session/: ${page.frames().map((frame) => frame.url()).join(', ')}`);
  if (page.url() !== launchedFrom) throw new Error(`the page left the lobby (${page.url()}) instead of framing the game`);
  await expectText(game.getByTestId('balance'), DEPOSIT_BAHT, 'game page balance = the main wallet');
  await screenshot('game-opened');

  // 4. Five 10-baht spins: each moves the balance by its own bet and win.
  await game.getByTestId(`stake-${STAKE_BAHT}`).click();
  const rounds: SpinResult[] = [];
  let balance = bahtOf(DEPOSIT_BAHT);
  for (let spin = 1; spin <= SPINS; spin += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/games/hub88/api/slot/spin') && response.request().method() === 'POST');
    await game.getByTestId('spin').click();
    const response = await answer;
    const round = (await response.json()) as SpinResult;
    if (!response.ok()) throw new Error(`spin ${spin} refused: HTTP ${response.status()} ${JSON.stringify(round)}`);
    const expected = balance - Number(round.stake) + Number(round.payout);
    if (Math.abs(Number(round.balance) - expected) > 0.001) throw new Error(`spin ${spin}: balance ${round.balance}, expected ${expected.toFixed(2)} (before ${balance.toFixed(2)} − ${round.stake} + ${round.payout})`);
    balance = Number(round.balance);
    rounds.push(round);
    await expectText(game.getByTestId('last-round'), round.roundId, `round ${spin} finished on the page`);
    await expectText(game.getByTestId('balance'), formatBaht(balance), `game balance after spin ${spin}`);
    if (spin === 1) await screenshot('game-after-first-spin');
  }
  console.log(`  play-hub88: ${rounds.map((round) => `${round.result}(${round.payout})`).join(' ')} → balance ${balance.toFixed(2)}`);
  await screenshot('game-after-5-spins');

  // 5. Hub88's side: 5 bets and 5 wins, all answered RS_OK by Sabai.
  const listed = (await (await fetch(`${sandbox}/hub88/sandbox/transactions`, { headers: { 'x-sandbox-key': sandboxKey } })).json()) as { transactions: Array<{ kind: string; status: string; round: string }> };
  const ours = listed.transactions.filter((transaction) => rounds.some((round) => round.roundId === transaction.round));
  const summary = ours.map((transaction) => `${transaction.kind}:${transaction.status}`).sort().join(',');
  const wanted = [...Array(SPINS).fill('bet:TS_SUCCESS'), ...Array(SPINS).fill('win:TS_SUCCESS')].sort().join(',');
  if (summary !== wanted) throw new Error(`Hub88's transactions for the rounds: ${summary}, expected ${wanted}`);

  // 6. Back on the site: the main wallet holds the game's last balance.
  await game.getByTestId('back-to-site').click();
  await page.getByTestId('game-frame').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  await expectUrl(page, new RegExp(`^${escapeRegExp(launchedFrom)}$`), 'the lobby page the game was launched from');
  await page.goto(`${origin}/user/home`);
  await expectAmount(byTestId('wallet-balance'), balance, 'member card balance = the game page\'s last balance');
  await screenshot('member-card-after-play');

  // The home's first load hands over to the member app on the first press (docs/adr/0045): a press
  // is never lost in the hand-over (docs/adr/0050), also one held while the app takes the shell's place.
  await holdPressThroughHandOver(page, byTestId('bottom-wallet'));
  await expectVisible(byTestId('footer-dialog-member-card'), 'the member card dialog after one held press on the first load');
  await page.goto(`${origin}/user/home`);
  await expectAmount(byTestId('wallet-balance'), balance, 'member card balance on the next first load');

  // 7. Withdraw everything (one tap on the first load opens the dialog); history shows it paid.
  await byTestId('menu-withdraw').click();
  const withdrawDialog = byTestId('footer-dialog-withdraw');
  await expectVisible(withdrawDialog, 'the withdraw dialog after one tap on the first load of the home', 5_000);
  await expectVisible(withdrawDialog.getByTestId('withdraw-available'), 'amount available to withdraw');
  const available = bahtOf((await byTestId('withdraw-available').textContent()) ?? '');
  if (Math.abs(available - balance) > 0.001) throw new Error(`available to withdraw is ${available}, expected ${balance}`);
  await byTestId('withdraw-amount').fill(available.toFixed(2));
  await screenshot('withdraw-all');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'withdrawal success dialog');
  await screenshot('withdraw-success');
  await byTestId('success-dialog').getByRole('button').click();
  await expectAmount(byTestId('header-balance'), 0, 'nothing left after withdrawing everything');
}
