import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Page } from 'playwright-core';
import type { Db } from '@sabai/db';
import { createStaffAccount, currentTotp, verifyAuditChain } from '@sabai/api';
import { REPO_ROOT } from '../../scripts/stack.ts';
import { REGISTRATION_ID_HEADER } from '@sabai/contracts';
import { expectText, expectVisible, newMemberDetails, screenshotter, startVerifiedRegistration, type Member } from './helpers.ts';

/**
 * Journey (issue 11): the back office at 1440×900. The first owner (as `npm run staff:create`
 * makes it) signs in with the one-time password, enrols TOTP from the QR code's secret and sets
 * a password; creates a finance account; finance signs in the same way, approves one withdrawal
 * above the auto-withdraw limit and rejects another with a reason, which the member then reads in
 * their withdrawal history; the audit trail shows it all and its chain verifies. Marketing (made by
 * the owner too) creates a first-deposit-only promotion through the promotions form, and members see it.
 * Then (supportBonusAndFourEyes) support suspends a member whose next login shows the Thai message,
 * a member deposits twice and gets the bonus once, an adjustment above the threshold waits for a
 * second approver, and `npm run audit:verify` passes on the journey's database.
 */
export interface BackOfficeJourneyOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
  db: Db;
  /** The stack's PostgreSQL database; undefined on PGlite (in this process's memory). */
  databaseUrl: string | undefined;
  /** The sandbox's `x-sandbox-key`: its payout fault switch makes the bank refuse a payout (issue 25 §2). */
  sandboxKey?: string;
}

const HOUSE_KBANK = { bankCode: '004', accountNumber: '0011535946' };
const REJECT_REASON = 'ชื่อบัญชีปลายทางไม่ตรงกับผู้สมัคร กรุณาติดต่อเจ้าหน้าที่';

export async function backOfficeJourney({ page, baseUrl, sandboxUrl, artifactsDir, db, databaseUrl, sandboxKey }: BackOfficeJourneyOptions): Promise<void> {
  const origin = baseUrl.replace(/\/+$/, '');
  const screenshot = screenshotter(page, artifactsDir);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Two members, each with a withdrawal of 6,000.00: above the auto-withdraw maximum, so they wait for staff.
  const [first, second] = [await fundedMemberWithWithdrawal(origin, sandboxUrl), await fundedMemberWithWithdrawal(origin, sandboxUrl)];
  // A third whose payout the bank will refuse (issue 25 §2).
  const third = await fundedMemberWithWithdrawal(origin, sandboxUrl);

  // 1. The first owner: one-time password, TOTP enrolment from the QR's secret, own password.
  const owner = await db.transaction((tx) => createStaffAccount(tx, { username: 'owner.journey', role: 'owner', actor: 'cli', actorRole: null }));
  await signInThroughScreens(page, origin, owner.username, owner.oneTimePassword, 'an-owner-password-2026', screenshot, 'owner');

  // 2. The owner adds a finance account; its one-time password is shown once.
  await page.getByRole('link', { name: 'เจ้าหน้าที่' }).click();
  await page.getByLabel('ชื่อผู้ใช้').fill('finance.journey');
  await page.getByLabel('บทบาท').selectOption('finance');
  await page.getByRole('button', { name: 'เพิ่มเจ้าหน้าที่' }).click();
  const oneTimePassword = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
  if (oneTimePassword.length < 20) throw new Error('no one-time password shown for the new finance account');
  await screenshot('owner-created-finance');
  // 2b. The owner adds a marketing account; marketing creates a first-deposit-only promotion through the form.
  await page.getByLabel('ชื่อผู้ใช้').fill('marketing.journey');
  await page.getByLabel('บทบาท').selectOption('marketing');
  await page.getByRole('button', { name: 'เพิ่มเจ้าหน้าที่' }).click();
  // The finance account's password is still on screen until the new answer replaces it.
  let marketingPassword = oneTimePassword;
  for (let waited = 0; marketingPassword === oneTimePassword && waited < 50; waited += 1) {
    await page.waitForTimeout(200);
    marketingPassword = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
  }
  if (marketingPassword.length < 20) throw new Error('no one-time password shown for the new marketing account');
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await signInThroughScreens(page, origin, 'marketing.journey', marketingPassword, 'a-marketing-password-2026', screenshot, 'marketing');
  await createFirstDepositPromotion(page, origin, screenshot);
  // Issue 25 §1: a promotion grants nothing until a second person approves its bonus budget. The
  // request → approve path is walked by the bonus-endings journey; here the budget is set approved
  // directly so this journey stays on the screens it checks.
  await db.query('UPDATE promotions SET budget_approved_satang = 100000000 WHERE id = $1', [JOURNEY_PROMOTION.id]);
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();

  // 3. Finance signs in and decides the two withdrawals.
  await signInThroughScreens(page, origin, 'finance.journey', oneTimePassword, 'a-finance-password-2026', screenshot, 'finance');
  await expectText(page.getByTestId('who'), 'finance', 'finance signed in');
  // The dashboard first: two withdrawals wait.
  await expectVisible(page.getByTestId('dashboard-waiting'), 'the dashboard');
  const waiting = Number(/(\d+) \//.exec((await page.getByTestId('dashboard-waiting').textContent()) ?? '')?.[1] ?? 0);
  if (waiting < 2) throw new Error(`the dashboard shows ${waiting} withdrawals waiting, expected at least the journey's 2`);
  await screenshot('finance-dashboard');
  await page.getByRole('link', { name: 'คำขอถอนเงิน' }).click();
  await expectVisible(page.getByTestId(`approve-${first.withdrawalId}`), 'the first withdrawal in the queue');
  if ((await page.getByRole('link', { name: 'เจ้าหน้าที่' }).count()) > 0) throw new Error('finance sees the staff screen');
  await screenshot('finance-withdrawal-queue');
  // The member's context beside the queue: 13,000.00 deposited, 6,000.00 reserved, so 7,000.00 left
  // in the main and game wallets (other wallets, such as prizes, are not that money).
  await page.getByTestId(`view-member-${first.withdrawalId}`).click();
  const panel = page.getByTestId('withdrawal-member-panel');
  await expectText(panel.getByTestId('withdrawal-member-deposits'), '13,000.00', 'the member\'s deposit in the panel');
  const walletTexts = [await panel.getByTestId('withdrawal-member-wallet-main').textContent(), await panel.getByTestId('withdrawal-member-wallet-game').textContent()].map((text) => text ?? '');
  const available = walletTexts.reduce((sum, text) => sum + Number(/([\d,]+\.\d{2})/.exec(text)?.[1]?.replaceAll(',', '') ?? 0), 0);
  if (Math.round(available * 100) !== 700_000) throw new Error(`the panel shows ${available} available (${walletTexts.join(' | ')}), expected 7,000.00`);
  await expectVisible(panel.getByTestId('withdrawal-member-turnover'), 'the member\'s turnover in the panel');
  await screenshot('finance-withdrawal-member-panel');
  await page.getByTestId('withdrawal-member-panel-close').click();
  await panel.waitFor({ state: 'detached' });
  await page.getByTestId(`approve-${first.withdrawalId}`).click();
  await page.getByTestId(`reject-${second.withdrawalId}`).click();
  await page.getByLabel('เหตุผล (สมาชิกจะเห็นข้อความนี้)').fill(REJECT_REASON);
  await screenshot('finance-reject-reason');
  await page.getByRole('dialog').getByRole('button', { name: 'ปฏิเสธ' }).click();
  await page.getByTestId(`approve-${second.withdrawalId}`).waitFor({ state: 'detached' });
  await page.getByTestId(`approve-${first.withdrawalId}`).waitFor({ state: 'detached' });

  // 4. The members see the outcomes: paid, and rejected with the staff's reason.
  const firstRow = await latestWithdrawal(origin, first.token);
  const secondRow = await latestWithdrawal(origin, second.token);
  if (firstRow?.Status !== 1) throw new Error(`approved withdrawal not paid in history: ${JSON.stringify(firstRow)}`);
  if (secondRow?.Status !== 3 || secondRow.rejectionReason !== REJECT_REASON) throw new Error(`rejected withdrawal without its reason: ${JSON.stringify(secondRow)}`);
  console.log(`  back-office: approved ${first.withdrawalId} (6,000.00 paid), rejected ${second.withdrawalId} with the reason the member reads`);

  // 4a. Issue 25 §2 and §3: a payout the bank refuses is said at once, waits in its own queue with
  // the reason (the member reads it too), finance asks to retry it; the reports show every flow.
  await failedPayoutAndReports(page, { origin, sandboxUrl, sandboxKey, failing: third, screenshot });

  // 4b. Finance compares the game wallets with the partner (the stack is shared with the other
  // journeys, so which members show and whether one differs is theirs): the page lists game
  // accounts, a look now answers with its summary, and the cases list shows.
  await page.getByRole('link', { name: 'กระทบยอดเกม' }).click();
  // The page asks the partner for each listed member's live balance (up to 50): slow on a loaded machine.
  await expectVisible(page.getByTestId('game-reconciliation').getByText(/^0\d{9}$/).first(), 'game accounts (a member phone number) in the reconciliation', 60_000);
  await page.getByTestId('game-reconcile-run').click();
  await expectText(page.getByTestId('game-reconcile-summary'), 'ส่วนต่าง', 'the summary of a look now', 60_000);
  await expectVisible(page.getByTestId('game-cases'), 'the difference cases');
  await screenshot('finance-game-reconciliation');

  // 5. Finance may not see the audit trail; the owner does, and its chain verifies.
  if ((await page.getByRole('link', { name: 'บันทึกการใช้งาน' }).count()) > 0) throw new Error('finance sees the audit trail');
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await page.getByLabel('ชื่อผู้ใช้').fill(owner.username);
  await page.getByLabel('รหัสผ่าน').fill('an-owner-password-2026');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  const ownerSecret = await totpSecretOf(db, owner.username);
  await enterFreshCode(page, ownerSecret);
  await page.getByRole('link', { name: 'บันทึกการใช้งาน' }).click();
  await expectVisible(page.getByText('withdrawal.reject').first(), 'the rejection in the audit trail');
  await page.getByTestId('audit-verify').click();
  await expectVisible(page.getByTestId('audit-sound'), 'the audit chain verifies');
  await page.getByRole('button', { name: 'English' }).click();
  await expectVisible(page.getByRole('link', { name: 'Audit trail' }), 'the English switch');
  await screenshot('owner-audit-trail');
  const chain = await verifyAuditChain(db);
  if (chain.firstBreak) throw new Error(`audit chain broken at ${chain.firstBreak.seq}`);
  console.log(`  back-office: audit chain sound over ${chain.rows} rows`);

  // 6–11. Support suspends a member; bonus once; four-eyes adjustment; npm run audit:verify.
  await supportBonusAndFourEyes(page, { origin, sandboxUrl, db, databaseUrl, screenshot });
}

/**
 * Finance approves a withdrawal while the sandbox bank refuses payouts (its fault switch): the
 * approval says so at once with the bank's reason; the member's history shows the same reason; the
 * menu badge counts it; the failed-payouts screen lists it with the reason, the member and the
 * account; a retry by finance (no daily limit of its own) waits for a second person. Then the
 * reports screen, by day: every flow with the nets.
 */
async function failedPayoutAndReports(
  page: Page,
  input: { origin: string; sandboxUrl: string; sandboxKey: string | undefined; failing: { token: string; withdrawalId: string }; screenshot: (name: string) => Promise<void> },
): Promise<void> {
  const { failing, screenshot } = input;
  const setPayoutFault = async (payout: 'ok' | 'fail') => {
    const response = await fetch(`${input.sandboxUrl.replace(/\/+$/, '')}/sandbox/v1/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': input.sandboxKey ?? '' },
      body: JSON.stringify({ payout }),
    });
    if (!response.ok) throw new Error(`sandbox fault switch: HTTP ${response.status}`);
  };
  await setPayoutFault('fail');
  try {
    await page.getByTestId(`approve-${failing.withdrawalId}`).click();
    await expectText(page.getByRole('alert'), 'ธนาคารโอนไม่สำเร็จ: บัญชีปลายทางถูกระงับ', 'the approver told at once that the bank refused');
    await screenshot('finance-approved-payout-refused');
  } finally {
    await setPayoutFault('ok');
  }
  const row = await latestWithdrawal(input.origin, failing.token);
  if (row?.Status !== 3 || row.failureReason !== 'บัญชีปลายทางถูกระงับ') throw new Error(`the member does not read the bank's reason: ${JSON.stringify(row)}`);
  await expectVisible(page.getByTestId('nav-failed-payouts-badge'), 'the failed-payouts badge in the menu', 45_000);
  await page.getByRole('link', { name: /^โอนไม่สำเร็จ\s*\d*$/ }).click();
  const table = page.getByTestId('failed-payouts-table');
  await expectText(table, 'บัญชีปลายทางถูกระงับ', 'the failed payout with the bank reason');
  await expectVisible(page.getByTestId(`retry-${failing.withdrawalId}`), 'the retry action');
  await screenshot('finance-failed-payouts');
  await page.getByTestId(`retry-${failing.withdrawalId}`).click();
  await expectText(page.getByTestId('failed-notice'), 'รอเจ้าหน้าที่อีกคนอนุมัติ', 'the retry waiting for a second person');
  await screenshot('finance-failed-payout-retry-requested');
  console.log(`  back-office: ${failing.withdrawalId} refused by the bank, told at once, queued with the reason, retry asked`);
  await page.getByRole('link', { name: 'รายงาน' }).click();
  await expectVisible(page.getByTestId('report-total-given-out'), 'the report\'s money given to members');
  await expectVisible(page.getByTestId('report-total-withdrawals'), 'the paid withdrawals in the report');
  await screenshot('finance-reports');
}

const JOURNEY_PROMOTION = { id: 'journey-first-50', title: 'ฝากแรกรับโบนัส 50% (journey)' };

/** Marketing fills the promotions form: 50 % of the first deposit, at most 500 baht, 3× turnover, once per member. */
async function createFirstDepositPromotion(page: Page, origin: string, screenshot: (name: string) => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: 'โปรโมชั่น', exact: true }).click();
  await page.getByTestId('new-promotion').click();
  const form = page.getByTestId('promotion-form');
  await form.getByLabel('รหัส (a-z 0-9 -)').fill(JOURNEY_PROMOTION.id);
  await form.getByLabel('ชื่อโปรโมชั่น').fill(JOURNEY_PROMOTION.title);
  await form.getByLabel('ฝากขั้นต่ำ (บาท)').fill('100');
  await form.getByRole('textbox', { name: 'โบนัส', exact: true }).fill('0.5');
  await form.getByRole('combobox', { name: 'โบนัส หน่วย' }).selectOption('1');
  await form.getByRole('textbox', { name: 'โบนัสสูงสุด (0 = ไม่จำกัด)', exact: true }).fill('500');
  await form.getByRole('textbox', { name: 'เทิร์นโอเวอร์ (เท่าของฝาก+โบนัส)', exact: true }).fill('3');
  await form.getByTestId('eligibility').selectOption('first_deposit');
  await form.getByLabel('ครั้งเดียวต่อสมาชิก').check();
  await form.getByLabel('เหตุผล (บันทึกในประวัติการทำงาน)').fill('แคมเปญสมาชิกใหม่ (journey)');
  await screenshot('marketing-promotion-form');
  await form.getByRole('button', { name: 'บันทึก' }).click();
  await expectVisible(page.getByTestId(`edit-${JOURNEY_PROMOTION.id}`), 'the new promotion in the list');
  await expectVisible(page.getByText('ฝากแรกเท่านั้น · ครั้งเดียวต่อคน').first(), 'its eligibility rules');
  await screenshot('marketing-promotions');
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const offered = (await (await fetch(`${origin}/user-profile-composite/v1/info/promotion`, { headers: { 'x-api-key': prefix.data.appId } })).json()) as unknown;
  if (!JSON.stringify(offered).includes(JOURNEY_PROMOTION.id)) throw new Error(`members do not see the new promotion: ${JSON.stringify(offered).slice(0, 300)}`);
  console.log(`  back-office: marketing created ${JOURNEY_PROMOTION.id} (first deposit only) and members see it`);
}

export async function signInThroughScreens(page: Page, origin: string, username: string, oneTimePassword: string, newPassword: string, screenshot: (name: string) => Promise<void>, label: string): Promise<void> {
  await page.goto(`${origin}/admin/`);
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน').fill(oneTimePassword);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent({ timeout: 15_000 })) ?? '').trim();
  await expectVisible(page.getByAltText('TOTP QR'), 'the enrolment QR code');
  await screenshot(`${label}-totp-enrolment`);
  await enterFreshCode(page, secret);
  await page.getByLabel('รหัสผ่านปัจจุบัน (รหัสผ่านใช้ครั้งเดียว)').fill(oneTimePassword);
  await page.getByLabel('รหัสผ่านใหม่ (อย่างน้อย 12 ตัว)').fill(newPassword);
  await page.getByRole('button', { name: 'บันทึกรหัสผ่าน' }).click();
  await expectVisible(page.getByTestId('who'), `${label} signed in`);
}

/** A code is accepted once: wait for the next 30-second step when this one was used already. */
async function enterFreshCode(page: Page, secret: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByLabel('รหัสจากแอปยืนยันตัวตน (6 หลัก)').fill(currentTotp(secret, new Date()));
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    const refused = page.getByRole('alert');
    const outcome = await Promise.race([
      page.getByTestId('who').waitFor({ timeout: 8_000 }).then(() => 'in' as const),
      page.getByText('ตั้งรหัสผ่านของคุณ').waitFor({ timeout: 8_000 }).then(() => 'in' as const),
      refused.waitFor({ timeout: 8_000 }).then(() => 'refused' as const),
    ]).catch(() => 'refused' as const);
    if (outcome === 'in') return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('TOTP code refused twice');
}

async function totpSecretOf(db: Db, username: string): Promise<string> {
  const { rows } = await db.query<{ totp_secret: string }>('SELECT totp_secret FROM staff_accounts WHERE username = $1', [username]);
  if (!rows[0]) throw new Error(`no staff ${username}`);
  return rows[0].totp_secret;
}

interface HistoryRow {
  Status: number;
  rejectionReason?: string | null;
  failureReason?: string | null;
}

async function latestWithdrawal(origin: string, token: string): Promise<HistoryRow | undefined> {
  const history = await memberCall(origin, token, '/user-profile-composite/v1/history/withdraw');
  return (history.data as { Transaction?: HistoryRow[] }).Transaction?.[0];
}

async function memberCall(origin: string, token: string, path: string, body?: unknown): Promise<{ success: unknown; data: unknown; message: string }> {
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': prefix.data.appId, authorization: `Bearer ${token}`, 'accept-language': 'th', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { success: unknown; data: unknown; message: string };
}

/** A member signed up over the API, funded with 13,000.00 from their bound account through the sandbox bank, with a 6,000.00 withdrawal waiting. */
async function fundedMemberWithWithdrawal(origin: string, sandboxUrl: string): Promise<{ member: Member; token: string; withdrawalId: string }> {
  const { member, token } = await signedUpMember(origin, sandboxUrl, { isBonus: false });
  await depositFromBoundAccount(sandboxUrl, member, '13000.00');
  const withdrawal = await memberCall(origin, token, '/fund-composite/v1/withdrawal', { Amount: 6000, Channel: 'BANK' });
  const data = withdrawal.data as { Status?: number; withdrawalId?: string } | null;
  if (data?.Status !== 2) throw new Error(`expected a withdrawal waiting for staff: ${JSON.stringify(withdrawal)}`);
  return { member, token, withdrawalId: String(data.withdrawalId) };
}

/** A member signed up over the API (phone, bank check, sign-up with the bonus preference given) and logged in: their bearer token. */
async function signedUpMember(origin: string, sandboxUrl: string, options: { isBonus: boolean }): Promise<{ member: Member; token: string }> {
  const member = newMemberDetails();
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': prefix.data.appId, 'accept-language': 'th', ...headers }, body: JSON.stringify(body) });
    const json = (await response.json()) as { success: unknown; data: { firstName?: string; lastName?: string; token?: string }; message: string; authToken?: string };
    if (!response.ok) throw new Error(`${path}: ${json.message}`);
    return json;
  };
  const registrationId = await startVerifiedRegistration({ origin, appId: prefix.data.appId, sandboxUrl, phoneNumber: member.phoneNumber });
  const registration = { [REGISTRATION_ID_HEADER]: registrationId };
  const bank = await call('/auth-service/v1/checkBank', { BankCode: member.bankCode, BankAccount: member.accountNumber }, registration);
  await call(
    '/auth-service/v1/signup',
    { phoneNumber: member.phoneNumber, Password: member.password, Confirm_Password: member.password, BankAccount: member.accountNumber, BankCode: member.bankCode, firstName: bank.data.firstName, lastName: bank.data.lastName, affiliateKey: '', isBonus: options.isBonus, dateOfBirth: '1990-01-15' },
    { ...registration, tokenbank: String(bank.data.token) },
  );
  const login = await call('/auth-service/v1/login', { phoneNumber: member.phoneNumber, Password: member.password });
  return { member, token: String(login.authToken) };
}

/** The member transfers `amount` (baht, "100.00") from their bound account to the house's Kasikorn account in the sandbox bank; the statement feed credits it. */
async function depositFromBoundAccount(sandboxUrl: string, member: Member, amount: string): Promise<void> {
  const transfer = await fetch(`${sandboxUrl.replace(/\/+$/, '')}/bank/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fromBankCode: member.bankCode, fromAccountNumber: member.accountNumber, destination: 'bank', toBankCode: HOUSE_KBANK.bankCode, toAccountNumber: HOUSE_KBANK.accountNumber, amount }),
  });
  if (!transfer.ok) throw new Error(`sandbox transfer failed: HTTP ${transfer.status}`);
}

const SUSPENDED_MESSAGE = 'บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่';
const SUPPORT_PASSWORD = 'a-support-password-2026';
const OWNER_PASSWORD = 'an-owner-password-2026';

/**
 * The rest of issue 11's journey, after the owner's audit trail: the owner adds a support account;
 * support suspends a member, whose next login (member site and API) shows the Thai message; a
 * member with the bonus preference deposits twice and gets the first-deposit promotion once; support
 * asks for an adjustment (support's daily limit is 0 out of the box, issue 25 §1), which changes
 * nothing and shows in support's own requests on the อนุมัติ screen until the owner approves it
 * there; then `npm run audit:verify` passes on the journey's database.
 */
async function supportBonusAndFourEyes(
  page: Page,
  { origin, sandboxUrl, db, databaseUrl, screenshot }: { origin: string; sandboxUrl: string; db: Db; databaseUrl: string | undefined; screenshot: (name: string, target?: Page) => Promise<void> },
): Promise<void> {
  // 6. The owner (left on the English audit trail) switches back to Thai and adds a support account.
  await page.getByRole('button', { name: 'ภาษาไทย' }).click();
  await page.getByRole('link', { name: 'เจ้าหน้าที่' }).click();
  await page.getByLabel('ชื่อผู้ใช้').fill('support.journey');
  await page.getByLabel('บทบาท').selectOption('support');
  await page.getByRole('button', { name: 'เพิ่มเจ้าหน้าที่' }).click();
  await expectText(page.getByTestId('staff-created'), 'support.journey', 'the new support account');
  const supportPassword = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
  if (supportPassword.length < 20) throw new Error('no one-time password shown for the new support account');
  await screenshot('owner-created-support');
  await page.getByRole('button', { name: 'ออกจากระบบ', exact: true }).click();

  // The members of these steps: one to suspend; one with the bonus preference, whose first deposit
  // of 100.00 gets the journey's first-deposit promotion (display order 0, before the demo's): 50.00.
  const toSuspend = await signedUpMember(origin, sandboxUrl, { isBonus: false });
  const bonusMember = await signedUpMember(origin, sandboxUrl, { isBonus: true });
  await depositFromBoundAccount(sandboxUrl, bonusMember.member, '100.00');
  await waitForMoney(origin, bonusMember.token, 150, 'the first deposit of 100.00 with its 50.00 bonus');

  // 7. Support signs in (one-time password, TOTP, own password) and suspends the first member with a reason.
  await signInThroughScreens(page, origin, 'support.journey', supportPassword, SUPPORT_PASSWORD, screenshot, 'support');
  await expectText(page.getByTestId('who'), 'support', 'support signed in');
  await openMember(page, toSuspend.member.phoneNumber);
  await page.getByPlaceholder('เหตุผล (บันทึกในประวัติการทำงาน)').fill('สมาชิกแจ้งว่าโทรศัพท์หาย ขอระงับบัญชีไว้ก่อน (journey)');
  await page.getByRole('button', { name: 'ระงับบัญชี' }).click();
  await expectText(page.getByTestId('member-status'), 'ถูกระงับ', 'the member suspended (its status in Thai words, issue 25 §4)');
  await screenshot('support-suspended-member');

  // 8. The suspended member's next login: refused with the Thai message, on the member site and by the API.
  const memberTab = await page.context().newPage();
  try {
    await memberTab.goto(`${origin}/user/login`);
    await expectVisible(memberTab.getByTestId('login-form'), 'the member login form');
    await memberTab.getByTestId('login-phone').fill(toSuspend.member.phoneNumber);
    await memberTab.getByTestId('login-password').fill(toSuspend.member.password);
    await memberTab.getByTestId('login-submit').click();
    await expectText(memberTab.getByTestId('error-dialog'), SUSPENDED_MESSAGE, 'the suspended message on the member site');
    await screenshot('member-login-suspended', memberTab);
  } finally {
    await memberTab.close();
  }
  const refused = await memberLogin(origin, toSuspend.member);
  if (refused.status !== 403 || refused.message !== SUSPENDED_MESSAGE) throw new Error(`suspended member's login: HTTP ${refused.status} ${refused.message}`);
  console.log(`  back-office: support suspended ${toSuspend.member.phoneNumber}; their login answers ${refused.status} "${refused.message}"`);

  // 9. Bonus once: the second deposit, 200.00, meets the journey promotion's minimum, but the
  // promotion is for the first deposit only (and the first grant is still being played: one at a
  // time); the demo's daily bonus wants 300.00. Exactly one grant, of the journey's promotion.
  await openMember(page, bonusMember.member.phoneNumber);
  await expectText(page.getByTestId('member-page'), `โบนัส: ${JOURNEY_PROMOTION.id}`, 'the active bonus on the member page');
  await depositFromBoundAccount(sandboxUrl, bonusMember.member, '200.00');
  await waitForMoney(origin, bonusMember.token, 350, 'the second deposit of 200.00 without a bonus');
  await waitForBonusDecisions(db, bonusMember.member.phoneNumber, 2);
  const { rows: grants } = await db.query<{ promotion_id: string; bonus_satang: string }>(
    `SELECT g.promotion_id, g.bonus_satang::text FROM bonus_grants g JOIN members m ON m.id = g.member_id WHERE m.phone_number = $1`,
    [bonusMember.member.phoneNumber],
  );
  if (grants.length !== 1 || grants[0]?.promotion_id !== JOURNEY_PROMOTION.id || grants[0].bonus_satang !== '5000') throw new Error(`expected one 50.00 grant of ${JOURNEY_PROMOTION.id}: ${JSON.stringify(grants)}`);
  await openMember(page, bonusMember.member.phoneNumber);
  await expectVisible(page.getByTestId('member-page').getByText(/ฝาก 200\.00/), 'the second deposit on the member page');
  await expectVisible(page.getByTestId('member-page').getByText(/ฝาก 100\.00/), 'the first deposit on the member page');
  await screenshot('support-member-two-deposits-one-bonus');
  console.log(`  back-office: two deposits (100.00, 200.00), one grant: ${JOURNEY_PROMOTION.id} 50.00`);

  // 10. Four eyes (issue 25 §1): support asks for 1,500.00; support's daily limit is 0, so nothing moves until a second person approves.
  await requestAdjustmentOnScreen(page, 'credit', '1500', 'ชดเชยยอดฝากตกหล่น (journey)');
  await expectText(page.getByTestId('adjustment-outcome'), 'ส่งขออนุมัติแล้ว', 'the adjustment sent for approval, not done');
  await screenshot('support-adjustment-waiting');
  await waitForMoney(origin, bonusMember.token, 350, 'the balance unchanged while the adjustment waits');
  if ((await page.getByTestId('pending-adjustments').count()) > 0) throw new Error('support sees the approvals');
  const memberId = await memberIdOf(db, bonusMember.member.phoneNumber);
  // Support sees their own request waiting on the อนุมัติ screen, and no queue to decide.
  await page.getByRole('navigation').getByRole('link', { name: /^อนุมัติ\s*\d*$/ }).click();
  const ownRequest = page.getByTestId('approvals-mine').getByTestId('approval-row').filter({ hasText: memberId });
  await expectText(ownRequest, 'รออนุมัติ', "support's own request, waiting");
  if ((await page.getByTestId('approvals-queue').count()) > 0) throw new Error('support sees the approvals queue');
  await screenshot('support-own-requests');
  await page.getByRole('button', { name: 'ออกจากระบบ', exact: true }).click();

  await signInAgain(page, db, 'owner.journey', OWNER_PASSWORD);
  await page.getByRole('navigation').getByRole('link', { name: /^อนุมัติ\s*\d*$/ }).click();
  const waitingRow = page.getByTestId('approvals-queue').getByTestId('approval-row').filter({ hasText: memberId });
  await expectText(waitingRow, 'support.journey', 'the waiting adjustment with who asked');
  await expectText(waitingRow, '1,500.00', 'the waiting adjustment with its amount');
  await screenshot('owner-approvals-queue');
  await waitingRow.getByTestId('approve').click();
  await expectText(page.getByRole('status'), 'อนุมัติแล้ว', 'the approval done');
  await waitForMoney(origin, bonusMember.token, 1850, 'the adjustment applied after the approval');
  await screenshot('owner-approved-adjustment');
  console.log('  back-office: support asked for 1,500.00, the balance moved only when the owner approved it on the อนุมัติ screen');

  // 11. `npm run audit:verify` on the journey's database exits 0. On PGlite the stack's database
  // is in this process's memory (no URL another process could open): the in-process check stands in.
  if (databaseUrl) {
    const verified = await runAuditVerify(databaseUrl);
    if (verified.code !== 0) throw new Error(`npm run audit:verify exited ${verified.code}: ${verified.output}`);
    console.log(`  back-office: npm run audit:verify → ${verified.output.trim().split('\n').at(-1)}`);
  } else {
    const chain = await verifyAuditChain(db);
    if (chain.firstBreak) throw new Error(`audit chain broken at ${chain.firstBreak.seq}`);
    console.log(`  back-office: audit chain sound over ${chain.rows} rows (PGlite: in-process, no npm run audit:verify)`);
  }
}

/** Members screen: search by phone number and open the member page (after a reload, as staff would: the page caches answers for 5 s). */
async function openMember(page: Page, phoneNumber: string): Promise<void> {
  await page.reload();
  await page.getByRole('link', { name: 'สมาชิก', exact: true }).click();
  await page.getByPlaceholder('เบอร์โทร ชื่อ เลขบัญชี หรือยูสเกม (อย่างน้อย 3 ตัว)').fill(phoneNumber);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await page.getByRole('row', { name: new RegExp(phoneNumber) }).getByRole('button', { name: 'เปิด' }).click();
  await expectText(page.getByTestId('member-page'), phoneNumber, `the member page of ${phoneNumber}`);
}

/** The adjustment form of the open member page: direction, amount in baht, reason. */
async function requestAdjustmentOnScreen(page: Page, direction: 'credit' | 'debit', baht: string, reason: string): Promise<void> {
  await page.getByLabel('ทิศทาง').selectOption(direction);
  await page.getByLabel('จำนวนเงิน').fill(baht);
  await page.getByLabel('เหตุผลการปรับยอด').fill(reason);
  await page.getByRole('button', { name: 'ปรับยอด', exact: true }).click();
}

/** A staff member who has a password and TOTP already signs in: password, then a fresh code. */
async function signInAgain(page: Page, db: Db, username: string, password: string): Promise<void> {
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await enterFreshCode(page, await totpSecretOf(db, username));
  await expectVisible(page.getByTestId('who'), `${username} signed in`);
}

/**
 * Waits (up to 15 s) until the member's money, main + game wallet in baht (member API; a credited
 * deposit moves on into the game), reads `baht`.
 */
async function waitForMoney(origin: string, token: string, baht: number, what: string): Promise<void> {
  let wallets: { mainWallet?: number; gameWallet?: number } | null = null;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    wallets = (await memberCall(origin, token, '/user-profile-composite/v1/profile/balance')).data as { mainWallet?: number; gameWallet?: number } | null;
    if ((wallets?.mainWallet ?? 0) + (wallets?.gameWallet ?? 0) === baht) return;
  }
  throw new Error(`${what}: main ${String(wallets?.mainWallet)} + game ${String(wallets?.gameWallet)}, expected ${baht} in all`);
}

/** Waits (up to 30 s) until the worker's deposit follow-up has decided the bonus of `count` credited deposits of the member (its stage committed, docs/adr/0075). */
async function waitForBonusDecisions(db: Db, phoneNumber: string, count: number): Promise<void> {
  let done = 0;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const { rows } = await db.query<{ done: string }>(
      `SELECT count(*)::text AS done FROM outbox_events e JOIN outbox_deliveries d ON d.event_id = e.id AND d.handler = 'deposit-follow-up' AND d.staged_at IS NOT NULL
       JOIN members m ON m.id = e.member_id WHERE m.phone_number = $1 AND e.kind = 'deposit.credited'`,
      [phoneNumber],
    );
    done = Number(rows[0]?.done ?? 0);
    if (done >= count) return;
  }
  throw new Error(`the worker decided the bonus of ${done} deposits, expected ${count}`);
}

async function memberIdOf(db: Db, phoneNumber: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber]);
  if (!rows[0]) throw new Error(`no member ${phoneNumber}`);
  return rows[0].id;
}

/** The member API's login: HTTP status and message. */
async function memberLogin(origin: string, member: Member): Promise<{ status: number; message: string }> {
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const response = await fetch(`${origin}/auth-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': prefix.data.appId, 'accept-language': 'th' },
    body: JSON.stringify({ phoneNumber: member.phoneNumber, Password: member.password }),
  });
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

/** `npm run audit:verify` as its own process on the given database: exit code and output. */
async function runAuditVerify(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'audit:verify'], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}
