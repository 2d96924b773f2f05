/**
 * The back-office wire (`/admin-api/v1/…`): the API validates requests with these schemas, the
 * back office (apps/admin) parses responses with them. One file per area.
 */
export * from './money.ts';
export * from './members.ts';
export * from './staff.ts';
export * from './settings.ts';
export * from './outbox.ts';
export * from './feed-sources.ts';
export * from './back-office.ts';
export * from './dashboard.ts';
export * from './protection.ts';
export * from './setup.ts';
export * from './payouts.ts';
export * from './approvals.ts';
export * from './member-directory.ts';
