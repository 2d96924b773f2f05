/**
 * The `line` module's face (issue 12, LINE part; docs/line.md, docs/adr/0020): LINE Messaging API
 * notifications of money events, LINE's account link, LINE's signed webhook.
 */
export { registerLineRoutes } from './routes.ts';
export { createLineClient, lineEndpoints } from './line-client.ts';
export type { LineClient, LineCallResult, LineMessage } from './line-client.ts';
export { notifyMemberByLine, LineRetryableError } from './notify-member.ts';
export type { NotifyOutcome } from './notify-member.ts';
export { lineSignature, isValidLineSignature, lineRetryKey } from './line-signature.ts';
export { notificationFor, notificationText, lineRecipientOf } from './line-messages.ts';
export { membersLinkedToLine } from './line-links.ts';
export { notifyStaffGroupByLine, staffAlertFor, staffAlertKindOf } from './notify-staff.ts';
export type { StaffAlertKind, StaffAlertOutcome } from './notify-staff.ts';
