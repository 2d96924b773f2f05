import { randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { LINE_NOTIFICATION_KINDS, type LineNotificationKind } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { lineEndpoints } from './line-client.ts';

/** How long the nonce of an account link is good for (LINE's link token itself lives 10 minutes). */
export const LINK_NONCE_TTL_MS = 10 * 60_000;

/** The member's link, if any. */
export async function readLineLink(db: Queryable, memberId: string): Promise<{ lineUserId: string; linkedAt: Date } | null> {
  const { rows } = await db.query<{ line_user_id: string; linked_at: Date }>('SELECT line_user_id, linked_at FROM line_links WHERE member_id = $1', [memberId]);
  return rows[0] ? { lineUserId: rows[0].line_user_id, linkedAt: rows[0].linked_at } : null;
}

/**
 * Of `memberIds`, those linked to a LINE user now (docs/adr/0067: the worker's relay asks once per
 * batch, so an event of a member without a link queues no LINE delivery). One statement on the
 * primary key; none for an empty list. @returns a set of member ids.
 */
export async function membersLinkedToLine(db: Queryable, memberIds: readonly string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM line_links WHERE member_id = ANY($1::text[])', [[...new Set(memberIds)]]);
  return new Set(rows.map((row) => row.member_id));
}

/** The member linked to a LINE user, if any. */
export async function memberOfLineUser(db: Queryable, lineUserId: string): Promise<string | null> {
  const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM line_links WHERE line_user_id = $1', [lineUserId]);
  return rows[0]?.member_id ?? null;
}

/** Every kind on or off (absent rows are on). */
export async function readLinePreferences(db: Queryable, memberId: string): Promise<Record<LineNotificationKind, boolean>> {
  const preferences = Object.fromEntries(LINE_NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<LineNotificationKind, boolean>;
  const { rows } = await db.query<{ kind: string; enabled: boolean }>('SELECT kind, enabled FROM line_preferences WHERE member_id = $1', [memberId]);
  for (const row of rows) if ((LINE_NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) preferences[row.kind as LineNotificationKind] = row.enabled;
  return preferences;
}

/** `PUT /user-profile-composite/v1/line/preferences`: turns the given kinds on or off. */
export async function setLinePreferences(context: AppContext, memberId: string, changes: Partial<Record<LineNotificationKind, boolean>>): Promise<void> {
  await context.db.transaction(async (tx) => {
    for (const kind of LINE_NOTIFICATION_KINDS) {
      const enabled = changes[kind];
      if (enabled === undefined) continue;
      await tx.query(
        `INSERT INTO line_preferences (member_id, kind, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (member_id, kind) DO UPDATE SET enabled = $3, updated_at = $4`,
        [memberId, kind, enabled, context.now()],
      );
    }
  });
}

/**
 * Account link, step "our link page" (LINE's account-link flow): the signed-in member arrived
 * with the link token LINE issued for their LINE user; we remember a fresh nonce for the member
 * and send the browser to LINE's dialog `accountLink?linkToken=…&nonce=…`. LINE then posts an
 * `accountLink` event carrying the nonce (completeAccountLink).
 * @returns the dialog URL.
 */
export async function startAccountLink(context: AppContext, memberId: string, linkToken: string): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  const now = context.now();
  await context.db.query('INSERT INTO line_link_nonces (nonce, member_id, link_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    nonce,
    memberId,
    linkToken,
    now,
    new Date(now.getTime() + LINK_NONCE_TTL_MS),
  ]);
  const url = new URL(lineEndpoints(context.config).accountLinkUrl);
  url.searchParams.set('linkToken', linkToken);
  url.searchParams.set('nonce', nonce);
  return url.toString();
}

/**
 * LINE's `accountLink` event with result `ok`: binds the LINE user to the member whose unused,
 * unexpired nonce it carries. A LINE user or a member linked before is moved to the new pair (one
 * each). @returns the member, or null when the nonce is unknown, used or expired.
 */
export async function completeAccountLink(context: AppContext, input: { nonce: string; lineUserId: string }): Promise<string | null> {
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ member_id: string }>(
      'UPDATE line_link_nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2 RETURNING member_id',
      [input.nonce, now],
    );
    const memberId = rows[0]?.member_id;
    if (!memberId) return null;
    await tx.query('DELETE FROM line_links WHERE member_id = $1 OR line_user_id = $2', [memberId, input.lineUserId]);
    await tx.query('INSERT INTO line_links (member_id, line_user_id, linked_at) VALUES ($1, $2, $3)', [memberId, input.lineUserId, now]);
    return memberId;
  });
}

/** The member unlinks LINE from their profile. @returns whether there was a link. */
export async function unlinkLine(db: Queryable, memberId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM line_links WHERE member_id = $1', [memberId]);
  return rowCount > 0;
}
