import { randomInt } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { recordOutboxEvent } from '../outbox/index.ts';
import { sealText } from './seal-text.ts';
import { noticeSmsText, type NoticeKind } from './sms-texts.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newSmsId = (): string => `sms_${Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * Records one SMS to send, in the caller's transaction (issue 27 §2): an `sms_messages` row
 * (`queued`, the text sealed, the masked text for staff) and its `sms.requested` outbox event; the
 * worker's `send-sms` handler sends it (send-queued-sms.ts). Nothing is sent if the transaction
 * rolls back, and a committed one is sent even if this process dies.
 * @param input.toPhone local form `0xxxxxxxxx`.
 * @param input.maskedText what staff see; equal to `text` when it holds no secret.
 * @returns the `sms_…` id.
 */
export async function queueSms(
  tx: Queryable,
  input: { toPhone: string; purpose: string; memberId: string | null; text: string; maskedText: string; otpSecret: string; now: Date },
): Promise<string> {
  const id = newSmsId();
  await tx.query(
    `INSERT INTO sms_messages (id, to_phone, purpose, member_id, text_masked, sealed_text, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $7)`,
    [id, input.toPhone, input.purpose, input.memberId, input.maskedText, sealText(input.otpSecret, input.text), input.now],
  );
  await recordOutboxEvent(tx, { kind: 'sms.requested', eventKey: `sms.requested:${id}`, memberId: input.memberId, payload: { smsId: id } });
  return id;
}

/**
 * Queues an account notice (no secret in it) to `toPhone` in the caller's transaction
 * (sms-texts.ts: password reset, reset by staff, phone changed).
 */
export async function queueNoticeSms(
  tx: Queryable,
  input: { toPhone: string; memberId: string; kind: NoticeKind; siteName: string; otpSecret: string; now: Date },
): Promise<string> {
  const text = noticeSmsText(input.siteName, input.kind);
  return queueSms(tx, { toPhone: input.toPhone, purpose: `notice_${input.kind}`, memberId: input.memberId, text, maskedText: text, otpSecret: input.otpSecret, now: input.now });
}
