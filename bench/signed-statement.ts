import { createHmac, randomUUID } from 'node:crypto';
import { FEED_SECRET } from '../scale/product.ts';

/** The demo site's statement feed source for the BBL house account (seeded by scale/product.ts). */
export const STATEMENT_SOURCE_ID = 'src_statement_bbl';
/** The BBL house account's number, as the demo site seeds it. */
const HOUSE_ACCOUNT_NUMBER = '1170012345';

/**
 * One bank-feed statement line (`POST /bank-feed/v1/statement`): a credit of `amountBaht` (text,
 * two decimals) on the BBL house account from the member's bound account, signed as a feed source
 * signs it (HMAC-SHA256 hex of `<timestamp>.<body>`, ADR 0003). `providerRef` is new each call
 * unless given, so each call is a new bank transfer.
 */
export function signedStatement(
  member: { bankCode: string; accountNumber: string },
  amountBaht: string,
  providerRef = `bench-${randomUUID()}`,
): { providerRef: string; headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    providerRef,
    accountNumber: HOUSE_ACCOUNT_NUMBER,
    direction: 'credit',
    amount: amountBaht,
    occurredAt: new Date().toISOString(),
    senderBankCode: member.bankCode,
    senderAccountNumber: member.accountNumber,
    senderName: null,
  });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', FEED_SECRET).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return {
    providerRef,
    headers: { 'content-type': 'application/json', 'x-feed-source': STATEMENT_SOURCE_ID, 'x-feed-timestamp': timestamp, 'x-feed-signature': signature },
    body,
  };
}
