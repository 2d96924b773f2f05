/** Where an SMS is: each step only moves forward (a late `sms:sent` never undoes `delivered`). */
export const SMS_STATES = ['queued', 'accepted', 'sent', 'delivered', 'failed'] as const;
export type SmsState = (typeof SMS_STATES)[number];

/** SQL: the rank of the state in column `column`, for "only forward" updates. */
export const stateRankSql = (column: string): string => `array_position(ARRAY['queued','accepted','sent','delivered','failed']::text[], ${column})`;

/** The timestamp column a state sets, if any. */
export const STATE_TIME_COLUMN: Partial<Record<SmsState, string>> = { sent: 'sent_at', delivered: 'delivered_at', failed: 'failed_at' };
