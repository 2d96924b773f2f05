/**
 * The operator's house accounts the sandbox bank knows. Must equal Sabai's demo seed (channel ids,
 * accounts, feed sources): a transfer to anything else is refused with "ไม่พบบัญชีปลายทาง".
 *
 * `ledgerKey` is where the money lands in the sandbox's own ledger (bank-ledger.ts): PromptPay to
 * the operator's tax id lands on its KBank account, so both channels share one running balance.
 */
export type { FeedKind } from '@sabai/contracts';
import type { FeedKind } from '@sabai/contracts';
export type SmsFormat = 'kbank' | 'scb';

interface HouseAccountBase {
  channelId: string;
  /** Holder name as the bank shows it. */
  name: string;
  /**
   * `sourceId`: the connector that reports money arriving here (Sabai's own signed JSON).
   * `gatewaySourceId`: the same house phone's SMS Gateway for Android source; SMS accounts switched
   * to the app's format (sms-delivery.ts) deliver there instead.
   */
  feed: { kind: FeedKind; sourceId: string; smsFormat?: SmsFormat; gatewaySourceId?: string };
  ledgerKey: string;
}

export interface HouseBankAccount extends HouseAccountBase {
  kind: 'bank';
  bankCode: string;
  accountNumber: string;
}

export interface HouseTrueMoneyWallet extends HouseAccountBase {
  kind: 'truemoney';
  walletPhone: string;
}

export interface HousePromptPay extends HouseAccountBase {
  kind: 'promptpay';
  /** 13-digit tax id, EMVCo tag 29 sub-tag 02. */
  promptPayId: string;
  /** The bank account PromptPay credits land on (the statement line names it). */
  creditBankCode: string;
  creditAccountNumber: string;
}

export type HouseAccount = HouseBankAccount | HouseTrueMoneyWallet | HousePromptPay;

/** The sandbox ledger key of a bank account. */
export const bankLedgerKey = (bankCode: string, accountNumber: string): string => `bank:${bankCode}:${accountNumber}`;
/** The sandbox ledger key of a TrueMoney wallet. */
export const walletLedgerKey = (phone: string): string => `truemoney:${phone}`;

const HOLDER_NAME = 'บจก. สบาย ดิจิทัล';

export const HOUSE_ACCOUNTS: readonly HouseAccount[] = [
  {
    channelId: 'chn_kbank_main',
    kind: 'bank',
    bankCode: '004',
    accountNumber: '0011535946',
    name: HOLDER_NAME,
    feed: { kind: 'sms', sourceId: 'src_sms_kbank', smsFormat: 'kbank', gatewaySourceId: 'src_gw_kbank' },
    ledgerKey: bankLedgerKey('004', '0011535946'),
  },
  {
    channelId: 'chn_scb_main',
    kind: 'bank',
    bankCode: '014',
    accountNumber: '4021354011',
    name: HOLDER_NAME,
    feed: { kind: 'sms', sourceId: 'src_sms_scb', smsFormat: 'scb', gatewaySourceId: 'src_gw_scb' },
    ledgerKey: bankLedgerKey('014', '4021354011'),
  },
  {
    channelId: 'chn_bbl_main',
    kind: 'bank',
    bankCode: '002',
    accountNumber: '1170012345',
    name: HOLDER_NAME,
    feed: { kind: 'statement', sourceId: 'src_statement_bbl' },
    ledgerKey: bankLedgerKey('002', '1170012345'),
  },
  {
    channelId: 'chn_truemoney',
    kind: 'truemoney',
    walletPhone: '0951234567',
    name: 'สบาย วอลเล็ท',
    feed: { kind: 'truemoney', sourceId: 'src_truemoney' },
    ledgerKey: walletLedgerKey('0951234567'),
  },
  {
    channelId: 'chn_promptpay',
    kind: 'promptpay',
    promptPayId: '0105566012345',
    creditBankCode: '004',
    creditAccountNumber: '0011535946',
    name: HOLDER_NAME,
    feed: { kind: 'statement', sourceId: 'src_statement_promptpay' },
    ledgerKey: bankLedgerKey('004', '0011535946'),
  },
];

/** The house account that pays withdrawals (payouts debit it). */
export const PAYOUT_SOURCE_LEDGER_KEY = bankLedgerKey('004', '0011535946');

/** Opening balance of every house ledger account: 1,000,000.00 baht, so payouts can run in the demo. */
export const HOUSE_OPENING_BALANCE_SATANG = 100_000_000n;

/**
 * House bank accounts an operator registered at run time with their phone (house-phones.ts): a
 * fresh production-like site creates its own house accounts in the back office, and its phone
 * (SMS Gateway for Android) is set up with the webhook URL and key the back office showed once.
 * A real bank knows every account; the sandbox learns them this way. Process-wide, at most 100.
 */
const registeredHouseAccounts: HouseBankAccount[] = [];
export const MAX_REGISTERED_HOUSE_ACCOUNTS = 100;

/**
 * Adds (or replaces, by bank code and account number) a registered house bank account.
 * @throws RangeError past MAX_REGISTERED_HOUSE_ACCOUNTS.
 */
export function registerHouseBankAccount(account: HouseBankAccount): void {
  const index = registeredHouseAccounts.findIndex((known) => known.bankCode === account.bankCode && known.accountNumber === account.accountNumber);
  if (index >= 0) registeredHouseAccounts[index] = account;
  else if (registeredHouseAccounts.length >= MAX_REGISTERED_HOUSE_ACCOUNTS) throw new RangeError('too many registered house accounts');
  else registeredHouseAccounts.push(account);
}

/** The demo's house accounts and the registered ones (a registered account shadows a demo one with the same number). */
export function allHouseAccounts(): readonly HouseAccount[] {
  const shadowed = (account: HouseAccount) =>
    account.kind === 'bank' && registeredHouseAccounts.some((known) => known.bankCode === account.bankCode && known.accountNumber === account.accountNumber);
  return [...registeredHouseAccounts, ...HOUSE_ACCOUNTS.filter((account) => !shadowed(account))];
}

export function findHouseBankAccount(bankCode: string, accountNumber: string): HouseBankAccount | undefined {
  return allHouseAccounts().find(
    (account): account is HouseBankAccount =>
      account.kind === 'bank' && account.bankCode === bankCode && account.accountNumber === accountNumber,
  );
}

export function findHouseWallet(phone: string): HouseTrueMoneyWallet | undefined {
  return allHouseAccounts().find((account): account is HouseTrueMoneyWallet => account.kind === 'truemoney' && account.walletPhone === phone);
}

export function findHousePromptPay(promptPayId: string): HousePromptPay | undefined {
  return allHouseAccounts().find((account): account is HousePromptPay => account.kind === 'promptpay' && account.promptPayId === promptPayId);
}

/** Every distinct ledger key a house account lands on (PromptPay shares KBank's). */
export const HOUSE_LEDGER_KEYS: readonly string[] = [...new Set(HOUSE_ACCOUNTS.map((account) => account.ledgerKey))];
