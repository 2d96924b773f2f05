import { z } from 'zod';

/**
 * Bodies the bank feed accepts (`/bank-feed/v1/…`), one per source kind. Money is a decimal
 * string of baht ("500.00"), read with parseBahtToSatang.
 */
const isoTime = z.string().datetime({ offset: true });
const decimalBaht = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);

/** A bank SMS / notification forwarded from the operator's own house-account phone. */
export const smsFeedBody = z.object({
  text: z.string().min(1).max(1_000),
  sender: z.string().max(40).optional(),
  receivedAt: isoTime,
});

/** A statement line from a bank-API connector. */
export const statementFeedBody = z.object({
  providerRef: z.string().min(1).max(120),
  accountNumber: z.string().regex(/^\d{10,12}$/),
  direction: z.enum(['credit', 'debit']),
  amount: decimalBaht,
  occurredAt: isoTime,
  senderBankCode: z.string().regex(/^\d{3}$/).nullish(),
  senderAccountNumber: z.string().max(32).nullish(),
  senderName: z.string().max(120).nullish(),
  promptPayId: z.string().max(20).nullish(),
});

/** A TrueMoney wallet incoming-transfer event. */
export const trueMoneyFeedBody = z.object({
  transactionId: z.string().min(1).max(120),
  amount: decimalBaht,
  occurredAt: isoTime,
  senderPhone: z.string().max(20),
  senderName: z.string().max(120).nullish(),
});

export type FeedKind = 'sms' | 'statement' | 'truemoney';

/** Shape of a stored raw body (migration 0012): our own JSON above, or an SMS Gateway webhook (sms-gateway-payloads.ts). */
export type FeedBodyFormat = 'sabai_v1' | 'sms_gateway';
