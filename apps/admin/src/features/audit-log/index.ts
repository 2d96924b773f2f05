/** The audit-log screen (issue 25 §4): filters, before / after, tampered rows highlighted, CSV. */
export { AuditLogPage, auditQueryString } from './audit-log-page';
