import { createHash } from 'node:crypto';
import { parseBankNotification } from './bank-feed/index.ts';

/**
 * The dedupe key of a forwarded bank SMS: what the SMS itself says, so the same SMS is one event
 * however it reaches us (docs/adr/0013). Pure.
 *
 * - A text the bank parser reads is identified by its own fields: kind, the text's time (to the
 *   minute), amount, house account mask, the sender's bank / visible digits / name (or the
 *   recipient of a debit), and the running balance after. The running balance is the bank's
 *   reference: two transfers of the same amount from the same person in the same minute leave
 *   different balances, while the same SMS (an app retry, a second registration of the webhook, an
 *   inbox re-export, the bank sending it twice, a second phone on the same account) says the same.
 * - Only when the text carries no running balance or no time of its own (KBank `เงินเข้า…บ`,
 *   Bualuang) is that not enough; then the SMS centre's timestamp (`receivedAt`, to the second)
 *   is part of the key, so two identical-looking transfers a few seconds apart both credit.
 * - A text no parser reads (it will be rejected, never credited) is keyed by its normalized text
 *   and `receivedAt`.
 *
 * The source is not in the key: `bank_feed_events` is unique per (source, key). The app's
 * `messageId` is never used (a content hash, not unique); its event id is checked separately.
 *
 * @param input.bankCode the source's house bank (three digits), null for a source without one.
 * @param input.receivedAt the app's `receivedAt` as an instant.
 * @returns `sms:v1:<sha256 hex>` (parsed) or `sms:v1:text:<sha256 hex>`, at most 80 characters.
 */
export function buildSmsContentKey(input: { bankCode: string | null; text: string; receivedAt: Date }): string {
  const receivedSecond = String(Math.floor(input.receivedAt.getTime() / 1_000));
  const parsed = input.bankCode ? parseBankNotification({ bankCode: input.bankCode, text: input.text, receivedAt: input.receivedAt }) : null;
  if (!parsed?.ok) {
    return `sms:v1:text:${sha256([input.bankCode ?? '', input.text.trim().replace(/\s+/g, ' '), receivedSecond].join('\n'))}`;
  }
  const notification = parsed.notification;
  const counterpart =
    notification.kind === 'credit'
      ? [notification.senderBankCode, notification.senderAccountMasked, notification.senderName]
      : [notification.recipientAccountMasked];
  const isSelfIdentifying = notification.occurredAtSource !== 'received' && notification.balanceAfterSatang !== null;
  const fields = [
    notification.bankCode,
    notification.kind,
    notification.occurredAt.toISOString().slice(0, 16),
    notification.amountSatang.toString(),
    notification.houseAccountMasked,
    ...counterpart.map((value) => value ?? ''),
    notification.balanceAfterSatang?.toString() ?? '',
    isSelfIdentifying ? '' : receivedSecond,
  ];
  return `sms:v1:${sha256(fields.join('\n'))}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
