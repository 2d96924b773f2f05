import { randomBytes } from 'node:crypto';
import { isRegistrationBankCode } from '@sabai/contracts';
import { parseBahtToSatang, satangToDecimalString } from '@sabai/money';
import { lookUpHolder } from '../name-inquiry/holder-names.ts';
import { formatKbankDebitSms } from './bank-sms-texts.ts';
import { buildSmsReceivedWebhook } from './build-sms-gateway-webhook.ts';
import type { FeedDelivery, FeedNotification } from './feed-client.ts';
import { allHouseAccounts, bankLedgerKey, type HouseBankAccount } from './house-accounts.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import { smsFormatOf } from './sms-delivery.ts';
import { digitsOf } from './make-transfer.ts';

/** Why the house banking app refused a payment (the API answers 422 with the code). */
export const HOUSE_TRANSFER_ERRORS = {
  INVALID_REQUEST: 'ข้อมูลไม่ครบหรือไม่ถูกต้อง',
  UNKNOWN_HOUSE_ACCOUNT: 'ไม่พบบัญชีของเว็บนี้ (ต้องเป็นบัญชีธนาคาร)',
  NO_DEBIT_NOTIFICATION: 'บัญชีนี้ยังไม่มีรูปแบบ SMS แจ้งเงินออกในแซนด์บ็อกซ์ (ใช้ chn_kbank_main หรือ chn_bbl_main)',
  INVALID_TO_BANK: 'กรุณาเลือกธนาคารปลายทาง',
  INVALID_TO_ACCOUNT: 'เลขบัญชีปลายทางต้องเป็นตัวเลข 10 หรือ 12 หลัก',
  TO_ACCOUNT_NOT_FOUND: 'ไม่พบบัญชีปลายทาง',
  SAME_ACCOUNT: 'บัญชีต้นทางและปลายทางเป็นบัญชีเดียวกัน',
  INVALID_AMOUNT: 'จำนวนเงินไม่ถูกต้อง (มากกว่า 0 ทศนิยมไม่เกิน 2 ตำแหน่ง)',
  INSUFFICIENT_FUNDS: 'ยอดเงินในบัญชีไม่พอ',
} as const;
export type HouseTransferErrorCode = keyof typeof HOUSE_TRANSFER_ERRORS;

export interface HouseTransferRequest {
  /** The house channel paying, e.g. `chn_kbank_main`. */
  fromChannel?: unknown;
  toBankCode?: unknown;
  toAccount?: unknown;
  /** Baht, at most two decimals (string or number). */
  amount?: unknown;
}

export interface HouseTransfer {
  /** The bank's reference of the payment: what finance types into Sabai's back office. */
  bankReference: string;
  fromChannel: string;
  toBankCode: string;
  toAccount: string;
  amountSatang: bigint;
  occurredAt: Date;
  houseBalanceAfterSatang: bigint;
  delivery: FeedDelivery;
}

/**
 * The operator's own banking app (PAYOUT_PROVIDER=manual, docs/adr/0039): finance pays a member's
 * withdrawal from a house bank account. The money moves in the sandbox bank, then the house
 * account's DEBIT notification goes to Sabai's bank feed, signed, exactly like a credit's:
 * KBank's `หักบช…` SMS (in Sabai's JSON or as SMS Gateway for Android's webhook, as the house
 * phone is switched, sms-delivery.ts) or, for the BBL statement account, a statement line with
 * direction `debit` and the recipient's account. The money stays moved when the feed cannot be
 * reached (as at a real bank); `delivery.status` says so.
 */
export async function payFromHouse(bank: SandboxBank, request: HouseTransferRequest): Promise<{ ok: true; transfer: HouseTransfer } | { ok: false; error: HouseTransferErrorCode }> {
  if (typeof request.fromChannel !== 'string' || typeof request.toBankCode !== 'string' || typeof request.toAccount !== 'string') return { ok: false, error: 'INVALID_REQUEST' };
  const house = allHouseAccounts().find((account): account is HouseBankAccount => account.kind === 'bank' && account.channelId === request.fromChannel);
  if (!house) return { ok: false, error: 'UNKNOWN_HOUSE_ACCOUNT' };
  if (!(house.feed.kind === 'statement' || house.feed.smsFormat === 'kbank')) return { ok: false, error: 'NO_DEBIT_NOTIFICATION' };
  if (!isRegistrationBankCode(request.toBankCode)) return { ok: false, error: 'INVALID_TO_BANK' };
  const toAccount = digitsOf(request.toAccount);
  if (!/^(\d{10}|\d{12})$/.test(toAccount)) return { ok: false, error: 'INVALID_TO_ACCOUNT' };
  if (!lookUpHolder(request.toBankCode, toAccount).found) return { ok: false, error: 'TO_ACCOUNT_NOT_FOUND' };
  const amount = parseBahtToSatang(typeof request.amount === 'number' || typeof request.amount === 'string' ? request.amount : undefined);
  if (!amount.ok) return { ok: false, error: 'INVALID_AMOUNT' };
  const toKey = bankLedgerKey(request.toBankCode, toAccount);
  if (toKey === house.ledgerKey) return { ok: false, error: 'SAME_ACCOUNT' };
  const moved = bank.ledger.move(house.ledgerKey, toKey, amount.amountSatang);
  if (!moved.ok) return { ok: false, error: 'INSUFFICIENT_FUNDS' };

  const bankReference = `${house.bankCode}${randomBytes(6).toString('hex').toUpperCase()}`;
  const occurredAt = bank.now();
  const notification = buildHouseDebitNotification(bank, house, { bankReference, toAccount, amountSatang: amount.amountSatang, occurredAt, balanceAfterSatang: moved.fromBalanceAfterSatang });
  const delivery = await bank.feed.deliver(notification);
  return {
    ok: true,
    transfer: { bankReference, fromChannel: house.channelId, toBankCode: request.toBankCode, toAccount, amountSatang: amount.amountSatang, occurredAt, houseBalanceAfterSatang: moved.fromBalanceAfterSatang, delivery },
  };
}

function buildHouseDebitNotification(
  bank: SandboxBank,
  house: HouseBankAccount,
  debit: { bankReference: string; toAccount: string; amountSatang: bigint; occurredAt: Date; balanceAfterSatang: bigint },
): FeedNotification {
  if (house.feed.kind === 'statement') {
    return {
      kind: 'statement',
      sourceId: house.feed.sourceId,
      body: {
        providerRef: `stm-${debit.bankReference}`,
        accountNumber: house.accountNumber,
        direction: 'debit',
        amount: satangToDecimalString(debit.amountSatang),
        occurredAt: debit.occurredAt.toISOString(),
        recipientAccountNumber: debit.toAccount,
      },
    };
  }
  const text = formatKbankDebitSms({
    occurredAt: debit.occurredAt,
    houseAccountNumber: house.accountNumber,
    recipientAccountNumber: debit.toAccount,
    amountSatang: debit.amountSatang,
    balanceAfterSatang: debit.balanceAfterSatang,
  });
  const gatewaySourceId = house.feed.gatewaySourceId;
  if (smsFormatOf(bank, house.feed.sourceId) === 'sms-gateway' && gatewaySourceId) {
    return { kind: 'sms', format: 'sms-gateway', sourceId: gatewaySourceId, body: buildSmsReceivedWebhook({ sourceId: gatewaySourceId, text, sender: 'KBank', receivedAt: debit.occurredAt }) };
  }
  return { kind: 'sms', sourceId: house.feed.sourceId, body: { text, sender: 'KBank', receivedAt: debit.occurredAt.toISOString() } };
}
