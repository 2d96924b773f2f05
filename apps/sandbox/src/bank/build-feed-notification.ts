import { satangToDecimalString } from '@sabai/money';
import { formatKbankCreditSms, formatScbCreditSms, type CreditSmsInput } from './bank-sms-texts.ts';
import type { FeedFormat, FeedNotification } from './feed-client.ts';
import { buildSmsReceivedWebhook } from './build-sms-gateway-webhook.ts';
import type { HouseAccount } from './house-accounts.ts';

/** Who paid: a bank account, or a TrueMoney wallet. */
export type TransferSource =
  | { kind: 'bank'; bankCode: string; accountNumber: string }
  | { kind: 'truemoney'; phone: string };

export interface CreditToHouse {
  transferId: string;
  occurredAt: Date;
  destination: HouseAccount;
  source: TransferSource;
  /** Known for every sandbox account (typed, or from the sandbox's name directory). */
  senderName: string;
  amountSatang: bigint;
  /** The house ledger account's running balance after this credit (SMS texts print it). */
  houseBalanceAfterSatang: bigint;
}

/**
 * The notification the operator's connector would send Sabai for this credit: the bank's SMS
 * (KBank, SCB), a statement line (BBL, PromptPay) or a TrueMoney webhook. With `smsFormat`
 * `sms-gateway` the SMS goes as SMS Gateway for Android's `sms:received` webhook to the house
 * account's gateway source (sms-delivery.ts).
 * @throws Error when the source does not fit the destination (a programmer error: make-transfer.ts
 *   pairs bank sources with bank / PromptPay destinations and wallets with the wallet).
 */
export function buildFeedNotification(credit: CreditToHouse, options: { smsFormat?: FeedFormat } = {}): FeedNotification {
  const { destination, source } = credit;
  const sourceId = destination.feed.sourceId;
  const amount = satangToDecimalString(credit.amountSatang);
  const occurredAt = credit.occurredAt.toISOString();

  if (destination.kind === 'truemoney') {
    if (source.kind !== 'truemoney') throw new Error('a TrueMoney credit comes from a wallet');
    return {
      kind: 'truemoney',
      sourceId,
      body: { transactionId: `tmn-${credit.transferId}`, amount, occurredAt, senderPhone: source.phone, senderName: credit.senderName },
    };
  }
  if (source.kind !== 'bank') throw new Error('a bank or PromptPay credit comes from a bank account');

  if (destination.kind === 'bank' && destination.feed.kind === 'sms') {
    const input: CreditSmsInput = {
      occurredAt: credit.occurredAt,
      houseAccountNumber: destination.accountNumber,
      amountSatang: credit.amountSatang,
      balanceAfterSatang: credit.houseBalanceAfterSatang,
      senderBankCode: source.bankCode,
      senderAccountNumber: source.accountNumber,
      senderName: credit.senderName,
    };
    const isKbank = destination.feed.smsFormat === 'kbank';
    const text = isKbank ? formatKbankCreditSms(input) : formatScbCreditSms(input);
    const sender = isKbank ? 'KBank' : 'SCB';
    const gatewaySourceId = destination.feed.gatewaySourceId;
    if (options.smsFormat === 'sms-gateway' && gatewaySourceId) {
      const body = buildSmsReceivedWebhook({ sourceId: gatewaySourceId, text, sender, receivedAt: credit.occurredAt });
      return { kind: 'sms', format: 'sms-gateway', sourceId: gatewaySourceId, body };
    }
    return { kind: 'sms', sourceId, body: { text, sender, receivedAt: occurredAt } };
  }

  const statementLine = {
    providerRef: `stm-${credit.transferId}`,
    accountNumber: destination.kind === 'promptpay' ? destination.creditAccountNumber : destination.accountNumber,
    direction: 'credit',
    amount,
    occurredAt,
    senderBankCode: source.bankCode,
    senderAccountNumber: source.accountNumber,
    senderName: credit.senderName,
  };
  const body = destination.kind === 'promptpay' ? { ...statementLine, promptPayId: destination.promptPayId } : statementLine;
  return { kind: 'statement', sourceId, body };
}
