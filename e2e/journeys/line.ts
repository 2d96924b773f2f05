import type { Page } from 'playwright-core';
import { expectText, expectUrl, expectVisible, expectNoHorizontalOverflow, KASIKORN, newMemberDetails, registerAndSignIn, screenshotter } from './helpers.ts';

/**
 * LINE notifications (issue 12, docs/line.md): a new member links LINE through LINE's account-link
 * flow, played by the sandbox's LINE simulator (`/line`): the simulated LINE user adds the
 * account as a friend and gets a link; the member opens it signed in, confirms on the profile's LINE
 * card, confirms LINE's dialog; then deposits 500.00 through the sandbox bank and the LINE chat
 * shows the Thai deposit message (a Flex bubble).
 */
export interface LineJourneyOptions {
  page: Page;
  baseUrl: string;
  sandboxUrl: string;
  artifactsDir: string;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const DEPOSIT_BAHT = '500.00';
const trimSlash = (url: string) => url.replace(/\/$/, '');

export async function lineJourney({ page, baseUrl, sandboxUrl, artifactsDir }: LineJourneyOptions): Promise<void> {
  const origin = trimSlash(baseUrl);
  const sandbox = trimSlash(sandboxUrl);
  const screenshot = screenshotter(page, artifactsDir);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member, signed in; the profile's LINE card says "เชื่อมต่อ LINE".
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await page.goto(`${origin}/user/profile`);
  await expectText(page.getByTestId('line-connect'), 'เชื่อมต่อ LINE', 'LINE card on the profile');
  await page.getByTestId('line-connect').click();
  await expectText(page.getByTestId('line-how-to'), 'เพิ่มเพื่อน', 'how to link LINE');
  await page.getByTestId('line-card').scrollIntoViewIfNeeded();
  await screenshot('profile-line-card');

  // 2. The member's phone: the sandbox LINE. A LINE user adds the account and gets a link.
  const line = await page.context().newPage();
  await line.goto(`${sandbox}/line`);
  await line.getByTestId('line-new-user-name').fill('สมใจ');
  await line.getByTestId('line-new-user').click();
  await line.getByTestId('line-follow').click();
  const invite = line.getByTestId('line-link').last();
  await expectVisible(invite, 'the link-account link LINE sent after the follow');
  await expectText(line.getByTestId('line-webhook-status'), '200', 'follow delivered to the webhook');
  await screenshot('line-follow-invite', line);
  const linkUrl = (await invite.getAttribute('href')) ?? '';
  if (!linkUrl.includes('lineLinkToken=')) throw new Error(`the LINE link has no link token: ${linkUrl}`);

  // 3. The member opens the link (signed in), confirms, and confirms LINE's dialog.
  await page.bringToFront();
  await page.goto(linkUrl);
  await expectText(page.getByTestId('line-connect'), 'ยืนยันการเชื่อมต่อ LINE', 'confirm button of the account link');
  await page.getByTestId('line-card').scrollIntoViewIfNeeded();
  await screenshot('profile-confirm-link');
  await page.getByTestId('line-connect').click();
  await expectUrl(page, /\/line\/dialog\/bot\/accountLink\?/, "LINE's account-link dialog");
  await screenshot('line-account-link-dialog');
  await page.getByTestId('line-link-confirm').click();
  await expectUrl(page, /\/line\?user=U/, 'LINE chat after the account link');
  await expectText(page.getByTestId('line-chat'), 'เชื่อมต่อบัญชี Sabai กับ LINE สำเร็จ', 'link success message in LINE');
  await screenshot('line-linked');

  await page.goto(`${origin}/user/profile`);
  await expectText(page.getByTestId('line-status'), 'เชื่อมต่อแล้ว', 'LINE card: linked');
  await page.getByTestId('line-card').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page, 'profile with the LINE card');
  await screenshot('profile-line-linked');

  // 4. Deposit 500.00 from the bound account through the sandbox bank.
  const bank = await page.context().newPage();
  try {
    await bank.goto(`${sandbox}/bank`);
    await bank.getByTestId('fromBankCode').selectOption(member.bankCode);
    await bank.getByTestId('fromAccountNumber').fill(member.accountNumber);
    await bank.locator('label:has(#destination-bank)').click();
    await bank.getByTestId('toBankCode').selectOption(KASIKORN);
    await bank.getByTestId('toAccountNumber').fill(HOUSE_KBANK_ACCOUNT);
    await bank.getByTestId('amount').fill(DEPOSIT_BAHT);
    await bank.getByTestId('transfer-submit').click();
    await expectVisible(bank.getByTestId('transfer-result'), 'sandbox bank transfer result');
    const status = await bank.getByTestId('delivery-status').getAttribute('data-status');
    if (status !== 'delivered') throw new Error(`the sandbox bank did not deliver the deposit: ${status}`);
  } finally {
    await bank.close();
  }

  // 5. The LINE chat shows the Thai deposit message (the worker pushes it from the outbox).
  await line.bringToFront();
  const deadline = Date.now() + 20_000;
  const flex = line.getByTestId('line-flex-message');
  for (;;) {
    await line.reload();
    if ((await flex.count()) > 0) break;
    if (Date.now() > deadline) throw new Error('no LINE deposit message within 20 s');
    await line.waitForTimeout(1_000);
  }
  await expectText(flex.last(), 'ฝากเงินเข้าแล้ว', 'deposit message title');
  await expectText(flex.last(), '500.00 บาท', 'deposit message amount');
  await expectText(flex.last(), 'ยอดคงเหลือ', 'deposit message balance');
  await flex.last().scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(line, 'LINE chat');
  await screenshot('line-deposit-message', line);
  await line.close();
}
