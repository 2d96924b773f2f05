import type { Page } from 'playwright-core';
import { scriptSlotOutcomes, type PartnerSandboxTarget } from '@sabai/sandbox';
import { KASIKORN, STEP_TIMEOUT_MS, expectNoHorizontalOverflow, expectText, expectVisible, newMemberDetails, registerAndSignIn, screenshotter, type Member } from './helpers.ts';
import type { StaffClient } from './rewards.ts';

/**
 * Journey (issue 26 §1, docs/adr/0043): a bonus played out never holds a later deposit, and a cap
 * forfeits only the bonus, said before confirming.
 *
 * bonusEndings — a new member accepts bonuses and deposits 100.00: the welcome bonus makes 200.00.
 * They lose it all at the sandbox slot (two scripted 100-baht losses); the settlement ends the
 * bonus (the member card shows no bonus and no turnover owed). With bonuses declined they deposit
 * 6,000.00: the withdraw page offers 6,000.00 with no bonus block, and withdrawing 6,000.00 (above
 * the auto-withdraw maximum: staff approve it) is paid in full, leaving 0.00. Then marketing opens a promotion with a 300-baht cap; the member accepts bonuses,
 * deposits 1,000.00 (+100 bonus), loses one 100-baht round (its turnover): the withdraw page
 * offers 900.00 (their own money left) and warns that the 100.00 bonus above the cap is forfeited;
 * they acknowledge it and withdraw 900.00, and the history shows the forfeit with its reason.
 */
export interface BonusEndingsOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
  staff: StaffClient;
  /** A second staff member (finance): approves the promotion's budget (issue 25 §1). */
  approver: StaffClient;
  partnerTools: PartnerSandboxTarget;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const STAKE_BAHT = 100;
const GOLDEN_ELEPHANT = 'ช้างทองคำ';
/** Rounds reach the books by the bet-record pull, on its own schedule. */
const SETTLEMENT_TIMEOUT_MS = 60_000;

export async function bonusEndings({ page, baseUrl, sandboxUrl, artifactsDir, staff, approver, partnerTools }: BonusEndingsOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const sandbox = sandboxUrl.replace(/\/+$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();

  // 1. A member who accepts bonuses deposits 100.00: the welcome bonus makes 200.00.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await memberCall(page, 'POST', '/user-profile-composite/v1/users/setting', { isBonus: true });
  await transfer(page, sandbox, member, '100.00');
  await expectText(byTestId('wallet-balance'), '200.00', 'deposit 100 + welcome bonus 100', STEP_TIMEOUT_MS);
  await screenshot('bonus-granted');

  // 2. Everything lost at the slot; the settlement ends the played-out bonus.
  await loseAtSlot(page, origin, sandbox, partnerTools, 2);
  await untilMember(page, (info) => info.BonusInfo.bonusId === null, 'the played-out bonus ended by the settlement');
  await page.goto(`${origin}/user/home`);
  await expectText(byTestId('wallet-balance'), '0.00', 'nothing left');
  await expectText(byTestId('turnover'), '/0.00', 'no turnover owed once the bonus ended (spec: now/needed)');
  await expectText(byTestId('member-active-bonus'), '-', 'no bonus shown as active');
  await screenshot('bonus-played-out-card');

  // 3. Bonuses declined, 6,000.00 deposited: all of it is withdrawable and paid.
  await memberCall(page, 'POST', '/user-profile-composite/v1/users/setting', { isBonus: false });
  await transfer(page, sandbox, member, '6000.00');
  await expectText(byTestId('wallet-balance'), '6,000.00', 'the 6,000 deposit');
  await page.goto(`${origin}/user/withdraw`);
  await expectText(byTestId('withdraw-available'), '6,000.00', 'the whole deposit is withdrawable');
  if ((await byTestId('withdraw-bonus').count()) > 0) throw new Error('the withdraw page shows a bonus after it ended');
  await screenshot('withdraw-6000-no-bonus');
  await byTestId('withdraw-amount').fill('6000');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ส่งคำขอ', 'the 6,000 withdrawal accepted', STEP_TIMEOUT_MS).catch(async () => {
    await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'the 6,000 withdrawal paid');
  });
  await screenshot('withdraw-6000-done');
  await byTestId('success-dialog').getByRole('button').click();
  // Above the auto-withdraw maximum (5,000) it waits for staff; they approve it and it is paid in full.
  const withdrawals = await memberCall<{ Transaction: Array<{ id: string; Amount: number; Status: number }> }>(page, 'GET', '/user-profile-composite/v1/history/withdraw');
  const sixThousand = withdrawals.Transaction[0];
  if (!sixThousand || sixThousand.Amount !== 6000) throw new Error(`the 6,000 withdrawal is not in the history: ${JSON.stringify(withdrawals)}`);
  if (sixThousand.Status === 2) await staff.call('POST', `/admin-api/v1/withdrawals/${sixThousand.id}/approve`, { reason: 'journey: a deposit made after a played-out bonus' });
  await untilPaid(page, sixThousand.id);
  await page.goto(`${origin}/user/transactions-withdraw`);
  await expectText(page.locator(`[data-testid="history-row"][data-transaction-id="${sixThousand.id}"]`).getByTestId('history-status'), 'สำเร็จ', 'the 6,000 withdrawal paid');
  await screenshot('withdraw-6000-paid');
  const afterWithdrawal = await memberCall<{ mainWallet: number; gameWallet: number }>(page, 'GET', '/user-profile-composite/v1/profile/balance');
  if (afterWithdrawal.mainWallet + afterWithdrawal.gameWallet !== 0) throw new Error(`after withdrawing 6,000 the member still holds ${JSON.stringify(afterWithdrawal)}`);

  // 4. A capped promotion: 100 on any deposit, turnover 100, max withdraw 300 (first in order).
  await staff.call('POST', '/admin-api/v1/promotions', {
    id: 'e2e-capped',
    reason: 'journey: a cap that bites',
    promotion: {
      title: 'โบนัส 100 ถอนสูงสุด 300', minimumDeposit: 100, bonus: { type: 0, value: 100 }, maxBonus: { type: 0, value: 0 },
      turnover: { type: 0, value: 100 }, maxWithdraw: { type: 0, value: 300 }, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: null,
      eligibility: 'any', oncePerMember: false, oncePerDay: false, maxGrantsTotal: null, sortOrder: 0,
    },
  });
  // Issue 25 §1: it grants nothing until a second person (finance) approved its bonus budget.
  const budget = await staff.call('POST', '/admin-api/v1/promotions/e2e-capped/budget', { budget: 10_000, reason: 'journey: the capped promotion budget' });
  const asked = (budget as { data?: { approvalId?: string; status?: string } }).data;
  if (asked?.status === 'pending') await approver.call('POST', `/admin-api/v1/approvals/${asked.approvalId}/approve`, {});
  await memberCall(page, 'POST', '/user-profile-composite/v1/users/setting', { isBonus: true });
  await transfer(page, sandbox, member, '1000.00');
  await untilMember(page, (info) => info.BonusInfo.bonusId === 'e2e-capped', 'the capped bonus granted');
  await loseAtSlot(page, origin, sandbox, partnerTools, 1);
  await untilCondition(page, (condition) => condition.canWithdraw && condition.bonusForfeitAmount === 100, 'turnover met, the cap forfeits the bonus');

  // 5. The page says what is paid and what the cap forfeits, before the member confirms.
  await page.goto(`${origin}/user/withdraw`);
  await expectText(byTestId('withdraw-available'), '900.00', 'own money left is paid');
  await expectText(byTestId('withdraw-forfeit-warning'), '฿100.00', 'the forfeit said before confirming');
  await expectNoHorizontalOverflow(page, 'withdraw page with the forfeit warning');
  await screenshot('withdraw-forfeit-warning');
  await byTestId('withdraw-amount').fill('900');
  if (!(await byTestId('withdraw-submit').isDisabled())) throw new Error('confirm is on before the forfeit is acknowledged');
  await byTestId('withdraw-forfeit-acknowledge').locator('input').check();
  await screenshot('withdraw-forfeit-acknowledged');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'the 900 withdrawal paid');
  await byTestId('success-dialog').getByRole('button').click();

  // 6. The history shows the forfeit with its reason.
  await page.goto(`${origin}/user/transactions-withdraw`);
  const forfeitRow = page.locator('[data-testid="history-row"][data-type="BONUS_FORFEIT"]').first();
  await expectVisible(forfeitRow, 'the forfeit in the withdraw history');
  await expectText(forfeitRow.getByTestId('history-forfeit-reason'), 'ริบโบนัส', 'the forfeit reason');
  await screenshot('history-forfeit');

  // 7. Marketing closes the capped promotion as an operator would after a campaign, so journeys that
  // run after this one on the same database see only their own and the demo's promotions.
  const closed = (await staff.call('POST', '/admin-api/v1/promotions/e2e-capped/close', { reason: 'journey: campaign over' })) as { success?: boolean };
  if (closed.success !== true) throw new Error(`marketing could not close the capped promotion: ${JSON.stringify(closed).slice(0, 300)}`);
}

interface MemberInfo {
  BonusInfo: { bonusId: string | null };
}
interface Condition {
  canWithdraw: boolean;
  bonusForfeitAmount: number;
}

/** A member-API call from inside the page with the stored session token and the app key. */
async function memberCall<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ url, verb, payload }) => {
      const storage = (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage;
      const prefix = (await (await fetch('/v2/prefix')).json()) as { data: { appId: string } };
      const headers: Record<string, string> = { Authorization: `Bearer ${storage.getItem('sabai.token') ?? ''}`, 'X-Api-Key': prefix.data.appId, 'Accept-Language': 'th' };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method: verb, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
      return (await response.json()) as { success: boolean | number; data: unknown };
    },
    { url: path, verb: method, payload: body },
  );
  // The refresh call answers success 0 (the spec's envelope); a refusal is success false.
  if (answer.success === false) throw new Error(`${method} ${path} answered ${JSON.stringify(answer)}`);
  return answer.data as T;
}

async function untilMember(page: Page, check: (info: MemberInfo) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (check(await memberCall<MemberInfo>(page, 'GET', '/auth-service/v1/refresh'))) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`timed out waiting for: ${what}`);
}

async function untilPaid(page: Page, withdrawalId: string): Promise<void> {
  const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const history = await memberCall<{ Transaction: Array<{ id: string; Status: number }> }>(page, 'GET', '/user-profile-composite/v1/history/withdraw');
    if (history.Transaction.find((row) => row.id === withdrawalId)?.Status === 1) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`withdrawal ${withdrawalId} was not paid`);
}

async function untilCondition(page: Page, check: (condition: Condition) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS;
  let last: Condition | null = null;
  while (Date.now() < deadline) {
    last = await memberCall<Condition>(page, 'GET', '/fund-composite/v1/withdrawal/condition');
    if (check(last)) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`timed out waiting for: ${what} (last ${JSON.stringify(last)})`);
}

/** A transfer from the member's bound account to the house KBank account in the sandbox bank (JSON API). */
async function transfer(page: Page, sandbox: string, from: Member, amount: string): Promise<void> {
  const response = await page.request.post(`${sandbox}/bank/v1/transfers`, {
    data: { fromBankCode: from.bankCode, fromAccountNumber: from.accountNumber, destination: 'bank', toBankCode: KASIKORN, toAccountNumber: HOUSE_KBANK_ACCOUNT, amount },
  });
  const body = (await response.json().catch(() => null)) as { delivered?: { status?: string } } | null;
  if (!response.ok() || body?.delivered?.status !== 'delivered') throw new Error(`sandbox transfer of ${amount} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
}

/** Launches ช้างทองคำ (the wallet moves in), plays `losses` scripted 100-baht losses, comes back. */
async function loseAtSlot(page: Page, origin: string, sandbox: string, partnerTools: PartnerSandboxTarget, losses: number): Promise<void> {
  await page.goto(`${origin}/user/slot`);
  const provider = page.locator('[data-testid="provider-tile"][data-ch="sabai"][data-category="EGAMES"]');
  await expectVisible(provider, 'the Sabai slot provider tile');
  await provider.click();
  const tile = page.getByTestId('game-tile').filter({ hasText: GOLDEN_ELEPHANT });
  await expectVisible(tile, `game tile ${GOLDEN_ELEPHANT}`);
  await tile.click();
  // The game opens in the site's game frame over the lobby (issue 26 §2, docs/adr/0044).
  await expectVisible(page.getByTestId('game-frame'), 'the game frame over the lobby');
  const game = page.frameLocator('[data-testid="game-frame-iframe"]');
  await expectVisible(game.getByTestId('slot-game'), 'the slot game in the frame');
  if (!page.frames().some((frame) => frame.url().startsWith(`${sandbox}/games/session/`))) throw new Error('no sandbox game page in the frame');
  const info = await memberCallAt<{ GameInfo: { username: string } }>(page, origin, '/auth-service/v1/refresh');
  await scriptSlotOutcomes({ ...partnerTools, username: info.GameInfo.username, outcomes: Array.from({ length: losses }, () => 'loss' as const) });
  await game.getByTestId(`stake-${STAKE_BAHT}`).click();
  for (let spin = 1; spin <= losses; spin += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/games/api/slot/spin') && response.request().method() === 'POST');
    await game.getByTestId('spin').click();
    const round = (await (await answer).json()) as { roundId: string; result: string };
    if (round.result !== 'loss') throw new Error(`spin ${spin} was scripted to lose but answered ${round.result}`);
    await expectText(game.getByTestId('last-round'), round.roundId, `round ${spin} finished on the page`);
  }
  await game.getByTestId('back-to-site').click();
  await page.getByTestId('game-frame').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  await page.goto(`${origin}/user/home`);
}

/** memberCall from a fresh tab of the site (the game page's tab may be busy with the game). */
async function memberCallAt<T>(page: Page, origin: string, path: string): Promise<T> {
  const sitePage = await page.context().newPage();
  try {
    await sitePage.goto(`${origin}/user/home`);
    return await memberCall<T>(sitePage, 'GET', path);
  } finally {
    await sitePage.close();
  }
}
