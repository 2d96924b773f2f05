/**
 * The `sms` module's face (issue 27 §2, docs/adr/0042): SMS to members through the SMS provider,
 * queued with an outbox event in the caller's transaction and sent by the worker; delivery state
 * from the provider's webhooks; staff's list of sent and failed SMS.
 */
export { queueSms, queueNoticeSms } from './queue-sms.ts';
export { sendQueuedSms } from './send-queued-sms.ts';
export type { SendOutcome } from './send-queued-sms.ts';
export { codeSmsText, noticeSmsText, MASKED_CODE } from './sms-texts.ts';
export type { CodePurpose, NoticeKind } from './sms-texts.ts';
export { registerSmsRoutes } from './routes.ts';
export { listSmsMessages } from './list-sms-messages.ts';
