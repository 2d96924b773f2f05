import { randomBytes } from 'node:crypto';
import { isRegistrationBankCode } from '@sabai/contracts';
import { parseBahtToSatang } from '@sabai/money';
import { lookUpHolder, pickHolderName } from '../name-inquiry/holder-names.ts';
import { buildFeedNotification, type TransferSource } from './build-feed-notification.ts';
import {
  bankLedgerKey,
  findHouseBankAccount,
  findHousePromptPay,
  findHouseWallet,
  walletLedgerKey,
  type HouseAccount,
} from './house-accounts.ts';
import { readPromptPayPayload } from './promptpay-payload.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import type { FeedDelivery } from './feed-client.ts';
import { smsFormatOf } from './sms-delivery.ts';
import type { Transfer } from './transfer-book.ts';
import type { TransferErrorCode } from './transfer-errors.ts';
import type { DepositChannelKind } from '@sabai/contracts';

export type TransferDestinationKind = DepositChannelKind;

/** What the page form and POST /bank/v1/transfers send; every field already trimmed, '' = absent. */
export interface TransferRequest {
  destination: TransferDestinationKind;
  fromBankCode?: string | undefined;
  fromAccountNumber?: string | undefined;
  senderName?: string | undefined;
  toBankCode?: string | undefined;
  toAccountNumber?: string | undefined;
  toWalletPhone?: string | undefined;
  senderPhone?: string | undefined;
  promptPayPayload?: string | undefined;
  /** Baht with at most two decimals; ignored when the PromptPay QR carries an amount. */
  amount?: string | number | undefined;
  /** false: the house phone is off, no SMS / notification reaches Sabai (issue 28 §2: the slip journey). Default true. */
  houseNotification?: boolean | undefined;
}

export type MakeTransferResult =
  | { ok: true; transfer: Transfer }
  /** `availableSatang`: the source's balance, with INSUFFICIENT_FUNDS. */
  | { ok: false; error: TransferErrorCode; availableSatang?: bigint };

type Step<T> = { ok: true; value: T } | { ok: false; error: TransferErrorCode };

/** Letters (Thai or Latin, with marks), spaces, dots, hyphens, apostrophes: what SCB SMS parsers read. */
const SENDER_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]{0,99}$/u;

/**
 * A demo member pays the operator from the sandbox bank: checks the source and the destination
 * (one of the house accounts, house-accounts.ts), moves the money in the sandbox ledger, then
 * sends Sabai's bank feed the notification the operator's connector would send, and remembers
 * both. The money stays moved even when the feed cannot be reached (as at a real bank); the
 * delivery's status says so.
 *
 * Sender name when none is typed: the sandbox's name directory (name-inquiry/holder-names.ts),
 * the same name Sabai's name inquiry saw at registration.
 */
export async function makeTransfer(bank: SandboxBank, request: TransferRequest): Promise<MakeTransferResult> {
  const source = readSource(request);
  if (!source.ok) return source;
  const destination = readDestination(request);
  if (!destination.ok) return destination;
  const amountSatang = destination.value.amountSatang ?? readAmount(request.amount);
  if (amountSatang === null) return { ok: false, error: 'INVALID_AMOUNT' };
  const senderName = readSenderName(request.senderName, source.value);
  if (!senderName.ok) return senderName;

  const house = destination.value.house;
  const sourceKey = source.value.kind === 'bank' ? bankLedgerKey(source.value.bankCode, source.value.accountNumber) : walletLedgerKey(source.value.phone);
  if (sourceKey === house.ledgerKey) return { ok: false, error: 'SAME_ACCOUNT' };
  const moved = bank.ledger.move(sourceKey, house.ledgerKey, amountSatang);
  if (!moved.ok) return { ok: false, error: moved.error, availableSatang: bank.ledger.balanceOf(sourceKey) };

  const transferId = `trf_${randomBytes(8).toString('hex')}`;
  const occurredAt = bank.now();
  const credit = { transferId, occurredAt, destination: house, source: source.value, senderName: senderName.value, amountSatang };
  const notification = buildFeedNotification({ ...credit, houseBalanceAfterSatang: moved.toBalanceAfterSatang }, { smsFormat: smsFormatOf(bank, house.feed.sourceId) });
  const delivery: FeedDelivery =
    request.houseNotification === false
      ? { ...notification, url: null, rawBody: '', status: 'phone_off', httpStatus: null, response: null, sabaiStatus: null, attempts: [] }
      : await bank.feed.deliver(notification);
  const transfer: Transfer = {
    ...credit,
    sourceBalanceAfterSatang: moved.fromBalanceAfterSatang,
    houseBalanceAfterSatang: moved.toBalanceAfterSatang,
    delivery,
  };
  bank.transfers.add(transfer);
  return { ok: true, transfer };
}

/** Digits only: people paste `001-1-53594-6` or `095 123 4567`. */
export const digitsOf = (text: string | undefined): string => (text ?? '').replace(/[\s-]/g, '');

function readSource(request: TransferRequest): Step<TransferSource> {
  if (request.destination === 'truemoney') {
    const phone = digitsOf(request.senderPhone);
    if (!/^0\d{9}$/.test(phone)) return { ok: false, error: 'INVALID_SENDER_PHONE' };
    return { ok: true, value: { kind: 'truemoney', phone } };
  }
  if (!isRegistrationBankCode(request.fromBankCode)) return { ok: false, error: 'INVALID_FROM_BANK' };
  const accountNumber = digitsOf(request.fromAccountNumber);
  if (!/^(\d{10}|\d{12})$/.test(accountNumber)) return { ok: false, error: 'INVALID_FROM_ACCOUNT' };
  if (!lookUpHolder(request.fromBankCode, accountNumber).found) return { ok: false, error: 'FROM_ACCOUNT_NOT_FOUND' };
  return { ok: true, value: { kind: 'bank', bankCode: request.fromBankCode, accountNumber } };
}

function readDestination(request: TransferRequest): Step<{ house: HouseAccount; amountSatang: bigint | null }> {
  const unknown = { ok: false, error: 'UNKNOWN_DESTINATION' } as const;
  if (request.destination === 'bank') {
    const house = findHouseBankAccount(request.toBankCode ?? '', digitsOf(request.toAccountNumber));
    return house ? { ok: true, value: { house, amountSatang: null } } : unknown;
  }
  if (request.destination === 'truemoney') {
    const house = findHouseWallet(digitsOf(request.toWalletPhone));
    return house ? { ok: true, value: { house, amountSatang: null } } : unknown;
  }
  const qr = readPromptPayPayload(request.promptPayPayload ?? '');
  if (!qr.ok) return { ok: false, error: qr.error === 'BAD_CRC' ? 'QR_BAD_CRC' : 'INVALID_QR' };
  const house = qr.targetKind === 'national-id' ? findHousePromptPay(qr.target) : undefined;
  return house ? { ok: true, value: { house, amountSatang: qr.amountSatang } } : unknown;
}

function readAmount(amount: string | number | undefined): bigint | null {
  const parsed = parseBahtToSatang(amount);
  return parsed.ok ? parsed.amountSatang : null;
}

function readSenderName(typed: string | undefined, source: TransferSource): Step<string> {
  const name = (typed ?? '').trim().replace(/\s+/g, ' ');
  if (name !== '') return SENDER_NAME.test(name) ? { ok: true, value: name } : { ok: false, error: 'INVALID_SENDER_NAME' };
  if (source.kind === 'truemoney') {
    const holder = pickHolderName(`truemoney:${source.phone}`);
    return { ok: true, value: `${holder.firstName} ${holder.lastName}` };
  }
  const holder = lookUpHolder(source.bankCode, source.accountNumber);
  // readSource refused accounts the directory does not know.
  if (!holder.found) throw new Error(`no holder for ${source.bankCode}:${source.accountNumber}`);
  return { ok: true, value: `${holder.firstName} ${holder.lastName}` };
}
