import type { Page } from 'playwright-core';
import type { StaffClient } from './rewards.ts';
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
 * Journeys: money in and out, on a 390×844 phone viewport, against the running stack and its
 * sandbox bank (apps/sandbox `/bank`).
 *
 * depositAndWithdraw — a new member reads the house KBank account on the deposit page, transfers
 * 500.00 to it from their bound account in the sandbox bank (another tab), and sees the member card
 * reach 500.00 by itself (the event stream; the member page is neither reloaded nor navigated);
 * withdraws 200 (under the auto-withdraw maximum: paid at once) and finds both rows in history.
 *
 * promptPayDeposit — a new member asks for a 300-baht PromptPay QR, the journey checks the payload's
 * CRC, pays the payload in the sandbox bank and sees the balance become the exact amountToPay live.
 *
 * depositAndWithdrawThroughSmsGateway — the same deposit journey with the house KBank phone
 * switched to SMS Gateway for Android (docs/operations/sms-gateway.md): the sandbox bank sends the
 * app's signed webhook (and its pings) to /bank-feed/v1/sms-gateway/src_gw_kbank; staff's feed
 * health then shows that phone's delivery and heartbeat, no alarm.
 */
export interface MoneyJourneyOptions {
  page: Page;
  /** Origin of the member site, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Origin of the sandbox, e.g. http://127.0.0.1:3100. */
  sandboxUrl: string;
  artifactsDir: string;
}

const HOUSE_KBANK_ACCOUNT = '0011535946';
const DEPOSIT_BAHT = '500.00';
const WITHDRAW_BAHT = '200';
/** The spec promises "within 1 minute"; the live path (feed → ledger → event stream) must do it in seconds. */
const LIVE_BALANCE_TIMEOUT_MS = 10_000;

export async function depositAndWithdraw(
  { page, baseUrl, sandboxUrl, artifactsDir }: MoneyJourneyOptions,
  expected: { deliveryFormat: 'sabai' | 'sms-gateway' } = { deliveryFormat: 'sabai' },
): Promise<void> {
  const origin = trimSlash(baseUrl);
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member, signed in, with 0.00.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await expectText(byTestId('wallet-balance'), '0.00', 'a new member has 0.00');
  await screenshot('member-home');

  // 2. The deposit page (spec dialog 7): own account, house accounts with copy buttons.
  await byTestId('member-deposit').click();
  await expectUrl(page, /\/user\/deposit$/, 'deposit page');
  await expectText(byTestId('own-account-number'), member.accountNumber, 'own bound account on the deposit page');
  await expectText(byTestId('own-account-note'), '1 นาที', 'note that money arrives within 1 minute');
  const kbank = page.locator(`[data-testid="house-account"][data-bank-code="${KASIKORN}"]`).first();
  await expectVisible(kbank, 'KBank house account');
  const houseAccount = ((await kbank.getByTestId('house-account-number').textContent()) ?? '').trim();
  if (houseAccount !== HOUSE_KBANK_ACCOUNT) throw new Error(`KBank house account is "${houseAccount}", expected ${HOUSE_KBANK_ACCOUNT}`);
  await expectVisible(kbank.getByTestId('copy-house-account'), 'copy button of the KBank account');
  await expectNoHorizontalOverflow(page, 'deposit page');
  await screenshot('deposit-accounts');

  // 3. Back to the member card (a client-side navigation), then pay from the sandbox bank in another tab.
  await byTestId('page-back').click();
  await expectUrl(page, /\/user\/home$/, 'member home');
  await expectText(byTestId('wallet-balance'), '0.00', 'balance before the transfer');
  await sandboxTransfer(page, sandboxUrl, screenshot, {
    kind: 'bank',
    from: member,
    toBankCode: KASIKORN,
    toAccountNumber: houseAccount,
    amount: DEPOSIT_BAHT,
    deliveryFormat: expected.deliveryFormat,
  });

  // 4. The member page, untouched since: the balance arrives by itself.
  await page.bringToFront();
  await expectText(byTestId('wallet-balance'), DEPOSIT_BAHT, 'member card balance after the deposit (live)', LIVE_BALANCE_TIMEOUT_MS);
  await expectText(byTestId('header-balance'), DEPOSIT_BAHT, 'header balance after the deposit');
  await screenshot('deposit-arrived-live');

  // 5. Withdraw 200 (≤ auto-withdraw maximum): paid at once.
  // The withdraw page (the menu tile opens the same form as a footer dialog: see play-slot.ts).
  await page.goto(`${origin}/user/withdraw`);
  await expectUrl(page, /\/user\/withdraw$/, 'withdraw page');
  await expectText(byTestId('withdraw-available'), DEPOSIT_BAHT, 'amount available to withdraw');
  await byTestId('withdraw-amount').fill(WITHDRAW_BAHT);
  await expectNoHorizontalOverflow(page, 'withdraw page');
  await screenshot('withdraw-form');
  await byTestId('withdraw-submit').click();
  await expectText(byTestId('success-dialog'), 'ถอนเงินสำเร็จ', 'withdrawal success dialog');
  const detail = (await byTestId('dialog-detail').textContent()) ?? '';
  if (detail.includes('รอเจ้าหน้าที่')) throw new Error(`a ${WITHDRAW_BAHT}-baht withdrawal waits for staff, expected automatic payment`);
  await screenshot('withdraw-success');
  await byTestId('success-dialog').getByRole('button').click();
  await expectText(byTestId('header-balance'), '300.00', 'balance after the withdrawal');

  // 6. History (spec dialog 3): the deposit and the withdrawal, both approved.
  await page.goto(`${origin}/user/history`);
  await expectUrl(page, /\/user\/history$/, 'history page');
  const depositRow = page.locator('[data-testid="history-panel-deposit"] [data-testid="history-row"][data-type="DEPOSIT"]').first();
  await expectText(depositRow.getByTestId('history-amount'), DEPOSIT_BAHT, 'deposit row amount');
  await expectText(depositRow.getByTestId('history-status'), 'สำเร็จ', 'deposit row status');
  await expectNoHorizontalOverflow(page, 'deposit history');
  await screenshot('history-deposit');
  await byTestId('history-tab-withdraw').click();
  await expectUrl(page, /\/user\/transactions-withdraw$/, 'withdraw history');
  const withdrawRow = page.locator('[data-testid="history-panel-withdraw"] [data-testid="history-row"]').first();
  await expectText(withdrawRow.getByTestId('history-amount'), '200.00', 'withdraw row amount');
  await expectText(withdrawRow.getByTestId('history-status'), 'สำเร็จ', 'withdraw row status (paid automatically)');
  await screenshot('history-withdraw');
}

export async function promptPayDeposit({ page, baseUrl, sandboxUrl, artifactsDir }: MoneyJourneyOptions): Promise<void> {
  const origin = trimSlash(baseUrl);
  const screenshot = screenshotter(page, artifactsDir);
  const byTestId = (id: string) => page.getByTestId(id);
  const member = newMemberDetails();
  await page.setViewportSize({ width: 390, height: 844 });

  // 1. A new member opens the PromptPay tab and asks for 300.
  await registerAndSignIn(page, origin, member, sandboxUrl);
  await byTestId('member-deposit').click();
  await expectUrl(page, /\/user\/deposit$/, 'deposit page');
  await byTestId('deposit-tab-promptpay').click();
  await byTestId('promptpay-amount').fill('300');
  await screenshot('promptpay-amount');
  await byTestId('promptpay-submit').click();

  // 2. The QR, the exact amount (300 plus satang), a countdown and the payload text.
  await expectVisible(byTestId('promptpay-qr'), 'PromptPay QR image');
  const amountToPay = ((await byTestId('promptpay-amount-to-pay').textContent()) ?? '').trim();
  if (!/^300\.\d{2}$/.test(amountToPay)) throw new Error(`amount to pay is "${amountToPay}", expected 300.xx`);
  await expectText(byTestId('promptpay-result'), 'โอนยอดนี้เท่านั้น', 'exact-amount notice');
  await expectText(byTestId('promptpay-countdown'), ':', 'expiry countdown');
  const payload = ((await byTestId('promptpay-payload').textContent()) ?? '').trim();
  assertPromptPayCrc(payload);
  if (!payload.includes(`54${String(amountToPay.length).padStart(2, '0')}${amountToPay}`)) {
    throw new Error(`payload does not carry the amount ${amountToPay}: ${payload}`);
  }
  await expectNoHorizontalOverflow(page, 'PromptPay QR');
  await screenshot('promptpay-qr');

  // 3. Pay the payload from the bound account in the sandbox bank; the balance follows live.
  await sandboxTransfer(page, sandboxUrl, screenshot, { kind: 'promptpay', from: member, payload, amount: amountToPay });
  await page.bringToFront();
  await expectText(byTestId('header-balance'), amountToPay, 'balance after paying the QR (live)', LIVE_BALANCE_TIMEOUT_MS);
  await expectText(byTestId('promptpay-paid'), amountToPay, 'the paid QR gives way to "received"');
  await screenshot('promptpay-arrived-live');
  await byTestId('page-back').click();
  await expectText(byTestId('wallet-balance'), amountToPay, 'member card balance is the exact amount paid');
  await screenshot('promptpay-member-home');
}

type SandboxTransfer =
  | { kind: 'bank'; from: Member; toBankCode: string; toAccountNumber: string; amount: string; deliveryFormat?: 'sabai' | 'sms-gateway' }
  | { kind: 'promptpay'; from: Member; payload: string; amount: string; deliveryFormat?: undefined };

/** The house KBank phone's feed source and its SMS Gateway source (demo seed). */
const KBANK_SMS_SOURCE = 'src_sms_kbank';
const KBANK_GATEWAY_SOURCE = 'src_gw_kbank';

export interface SmsGatewayJourneyOptions extends MoneyJourneyOptions {
  /** The sandbox's `x-sandbox-key` (its SMS delivery switch is not public). */
  sandboxKey: string;
  staff: StaffClient;
}

export async function depositAndWithdrawThroughSmsGateway(options: SmsGatewayJourneyOptions): Promise<void> {
  const switchTo = async (format: 'sabai' | 'sms-gateway') => {
    const response = await fetch(`${trimSlash(options.sandboxUrl)}/sandbox/v1/sms-delivery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': options.sandboxKey },
      body: JSON.stringify({ sourceId: KBANK_SMS_SOURCE, format }),
    });
    const body = (await response.json()) as { format?: string; ping?: { status?: string; sabaiStatus?: string } | null };
    if (!response.ok || body.format !== format) throw new Error(`sandbox SMS delivery switch to ${format} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const switched = await switchTo('sms-gateway');
  try {
    if (switched.ping?.sabaiStatus !== 'heartbeat') throw new Error(`the house phone's first ping was not taken as a heartbeat: ${JSON.stringify(switched.ping)}`);
    await depositAndWithdraw(options, { deliveryFormat: 'sms-gateway' });
    const health = (await options.staff.call('GET', '/admin-api/v1/feed-sources/health')) as { data?: Array<Record<string, unknown>> };
    const phone = health.data?.find((source) => source.sourceId === KBANK_GATEWAY_SOURCE);
    if (!phone || phone.lastEventAt === null || phone.lastHeartbeatAt === null || phone.isAlarm !== false) {
      throw new Error(`feed health of ${KBANK_GATEWAY_SOURCE} does not show the delivery and the heartbeat without alarm: ${JSON.stringify(phone)}`);
    }
  } finally {
    await switchTo('sabai');
  }
}

/**
 * Pays in the sandbox bank's page, in a new tab of the same browser context, and waits for its
 * result. Falls back to the bank's JSON endpoint when the page is not there.
 */
export async function sandboxTransfer(
  memberPage: Page,
  sandboxUrl: string,
  screenshot: (name: string, target?: Page) => Promise<void>,
  transfer: SandboxTransfer,
): Promise<void> {
  const origin = trimSlash(sandboxUrl);
  const bankPage = await memberPage.context().newPage();
  try {
    const response = await bankPage.goto(`${origin}/bank`);
    if (!response?.ok()) {
      await transferThroughJson(memberPage, origin, transfer);
      return;
    }
    await bankPage.getByTestId('fromBankCode').selectOption(transfer.from.bankCode);
    await bankPage.getByTestId('fromAccountNumber').fill(transfer.from.accountNumber);
    await bankPage.locator(`label:has(#destination-${transfer.kind})`).click();
    if (transfer.kind === 'bank') {
      await bankPage.getByTestId('toBankCode').selectOption(transfer.toBankCode);
      await bankPage.getByTestId('toAccountNumber').fill(transfer.toAccountNumber);
    } else {
      await bankPage.getByTestId('promptPayPayload').fill(transfer.payload);
    }
    await bankPage.getByTestId('amount').fill(transfer.amount);
    await screenshot(`sandbox-${transfer.kind}-form`, bankPage);
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
    if (transfer.deliveryFormat) {
      const format = await bankPage.getByTestId('delivery-format').getAttribute('data-format');
      if (format !== transfer.deliveryFormat) throw new Error(`sandbox bank delivered in the ${format} format, expected ${transfer.deliveryFormat}`);
    }
    await screenshot(`sandbox-${transfer.kind}-done`, bankPage);
  } finally {
    await bankPage.close();
  }
}

/** The sandbox bank's JSON endpoint takes the form's flat fields (apps/sandbox read-transfer-request.ts). */
async function transferThroughJson(page: Page, origin: string, transfer: SandboxTransfer): Promise<void> {
  const destination =
    transfer.kind === 'bank'
      ? { destination: 'bank', toBankCode: transfer.toBankCode, toAccountNumber: transfer.toAccountNumber }
      : { destination: 'promptpay', promptPayPayload: transfer.payload };
  const response = await page.request.post(`${origin}/bank/v1/transfers`, {
    data: { fromBankCode: transfer.from.bankCode, fromAccountNumber: transfer.from.accountNumber, ...destination, amount: transfer.amount },
  });
  const body = (await response.json().catch(() => null)) as { ok?: boolean; delivered?: { status?: string } } | null;
  if (!response.ok() || body?.delivered?.status !== 'delivered') {
    throw new Error(`sandbox transfer failed or was not delivered to Sabai: HTTP ${response.status()} ${JSON.stringify(body)}`);
  }
}

/**
 * EMVCo CRC: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything up to and including
 * the CRC tag "6304", compared with the payload's last four hex digits.
 */
function assertPromptPayCrc(payload: string): void {
  const crcAt = payload.length - 4;
  if (payload.slice(crcAt - 4, crcAt) !== '6304') throw new Error(`payload does not end with a CRC field: ${payload}`);
  const expected = crc16CcittFalse(payload.slice(0, crcAt)).toString(16).toUpperCase().padStart(4, '0');
  const actual = payload.slice(crcAt).toUpperCase();
  if (actual !== expected) throw new Error(`payload CRC is ${actual}, computed ${expected}`);
}

function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
