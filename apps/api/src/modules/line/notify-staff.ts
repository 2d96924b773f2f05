import { formatBaht } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { fromSatangText, type OutboxEvent } from '../outbox/index.ts';
import { payoutFailureText } from '../withdrawals/index.ts';
import type { LineClient } from './line-client.ts';
import { bangkokTime } from './line-messages.ts';
import { lineRetryKey } from './line-signature.ts';
import { LineRetryableError } from './notify-member.ts';

/** What the staff group hears (issue 25 §4, docs/adr/0052). */
export type StaffAlertKind = 'withdrawal_waiting' | 'feed_source_silent' | 'payout_failed';
export type StaffAlertOutcome = 'sent' | 'failed' | 'not-configured' | 'not-an-alert' | 'already';

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/**
 * The staff alert of one outbox event, or null when the event is not one: a withdrawal requested
 * that waits for staff approval (`withdrawal.requested` with status `pending_approval`), a failed
 * payout (`withdrawal.failed`, with the bank's reason in Thai), a feed source gone silent
 * (`feed-source.silent`). Plain Thai text with the back office's words; no full account numbers.
 */
export async function staffAlertFor(context: AppContext, event: OutboxEvent): Promise<{ kind: StaffAlertKind; text: string } | null> {
  const kind = staffAlertKindOf(event);
  if (kind === null) return null;
  const at = bangkokTime(event.createdAt);
  if (kind === 'withdrawal_waiting') {
    const payload = event.payload as OutboxEvent<'withdrawal.requested'>['payload'];
    return {
      kind: 'withdrawal_waiting',
      text: `🔔 ถอนเงินรออนุมัติ ${formatBaht(fromSatangText(payload.amountSatang))} บาท\nรายการ ${payload.withdrawalId}\nเวลา ${at}\nเปิดหลังบ้าน: ถอนเงิน → รออนุมัติ`,
    };
  }
  if (kind === 'payout_failed') {
    const payload = event.payload as OutboxEvent<'withdrawal.failed'>['payload'];
    const { rows } = await context.db.query<{ failure_reason: string | null }>('SELECT failure_reason FROM withdrawals WHERE id = $1', [payload.withdrawalId]);
    const reason = payoutFailureText(rows[0]?.failure_reason ?? null) ?? 'ไม่ทราบสาเหตุ';
    return {
      kind: 'payout_failed',
      text: `⚠️ จ่ายเงินถอนไม่สำเร็จ ${formatBaht(fromSatangText(payload.amountSatang))} บาท\nรายการ ${payload.withdrawalId}\nสาเหตุ: ${reason}\nเวลา ${at}\nเปิดหลังบ้าน: จ่ายไม่สำเร็จ (ลองใหม่ / จ่ายเอง / คืนเข้ากระเป๋า)`,
    };
  }
  const payload = event.payload as OutboxEvent<'feed-source.silent'>['payload'];
  const heard = payload.lastHeartbeatAt ? bangkokTime(new Date(payload.lastHeartbeatAt)) : 'ไม่เคย';
  return {
    kind: 'feed_source_silent',
    text: `📵 แหล่งรับแจ้งยอด ${payload.sourceId} (${payload.kind}) เงียบมา ${minutes(payload.silentForMs)} นาที\nสัญญาณล่าสุด: ${heard}\nตรวจโทรศัพท์ / แอปรับ SMS ธนาคาร ยอดฝากอาจยังไม่เข้า`,
  };
}

/**
 * Whether an outbox event is a staff alert, and which (pure: the event's kind and payload): the
 * one rule `staffAlertFor` and the worker's dispatch check (`isStaffAlertNeeded`,
 * worker/outbox-handlers.ts) both follow. A requested withdrawal is one only while it waits for
 * approval (`pending_approval`); an auto-paid one is not.
 */
export function staffAlertKindOf(event: OutboxEvent): StaffAlertKind | null {
  switch (event.kind) {
    case 'withdrawal.requested':
      return (event.payload as OutboxEvent<'withdrawal.requested'>['payload']).status === 'pending_approval' ? 'withdrawal_waiting' : null;
    case 'withdrawal.failed':
      return 'payout_failed';
    case 'feed-source.silent':
      return 'feed_source_silent';
    default:
      return null;
  }
}

/**
 * Sends one event's staff alert to the staff group on LINE (LINE_STAFF_GROUP_ID), at most once:
 * one `staff_line_alerts` row per (event, kind) carries the status, and every attempt pushes with
 * the same X-Line-Retry-Key (derived from the event id and that row), so LINE accepts a retried
 * push once (a repeat answers 409, taken as sent). 2xx / 409 → `sent`; 429, 5xx or no answer →
 * `retrying` and throws LineRetryableError (the outbox retries with backoff); another 4xx →
 * `failed`, not retried. No group configured → nothing.
 */
export async function notifyStaffGroupByLine(context: AppContext, client: LineClient, event: OutboxEvent): Promise<StaffAlertOutcome> {
  const groupId = context.config.LINE_STAFF_GROUP_ID;
  if (!groupId) return 'not-configured';
  const alert = await staffAlertFor(context, event);
  if (!alert) return 'not-an-alert';
  const { db } = context;
  const inserted = await db.query<{ id: bigint }>(
    `INSERT INTO staff_line_alerts (event_id, kind, group_id, status, retry_key, text, created_at) VALUES ($1, $2, $3, 'pending', '', $4, $5)
     ON CONFLICT (event_id, kind) DO NOTHING RETURNING id`,
    [event.id, alert.kind, groupId, alert.text, context.now()],
  );
  if (inserted.rows[0]) await db.query('UPDATE staff_line_alerts SET retry_key = $2 WHERE id = $1', [inserted.rows[0].id, lineRetryKey(event.id, BigInt(inserted.rows[0].id))]);
  const { rows } = await db.query<{ id: bigint; status: string; retry_key: string; group_id: string; text: string }>(
    'SELECT id, status, retry_key, group_id, text FROM staff_line_alerts WHERE event_id = $1 AND kind = $2',
    [event.id, alert.kind],
  );
  const row = rows[0];
  if (!row) throw new Error(`staff alert of event ${event.id} vanished`);
  if (row.status === 'sent' || row.status === 'failed') return 'already';
  const result = await client.push(row.group_id, [{ type: 'text', text: row.text }], row.retry_key);
  if (result.ok || result.httpStatus === 409) {
    await db.query(`UPDATE staff_line_alerts SET status = 'sent', http_status = $2, attempts = attempts + 1, error = NULL, sent_at = $3 WHERE id = $1`, [row.id, result.httpStatus, context.now()]);
    return 'sent';
  }
  const retryable = result.httpStatus === null || result.httpStatus === 429 || result.httpStatus >= 500;
  await db.query('UPDATE staff_line_alerts SET status = $2, http_status = $3, attempts = attempts + 1, error = $4 WHERE id = $1', [row.id, retryable ? 'retrying' : 'failed', result.httpStatus, result.error]);
  if (retryable) throw new LineRetryableError(`LINE push to the staff group answered ${result.httpStatus ?? 'nothing'}: ${result.error ?? ''}`);
  return 'failed';
}
