import type { Queryable } from '@sabai/db';

/**
 * Who a Hub88 `user` is. The user id we give Hub88 is the site prefix (GAME_USERNAME_PREFIX) + the
 * member's affiliate key in lower case (as the transfer wallet's game usernames, docs/adr/0009):
 * stable, at least 4 characters, and no personal data (Hub88: "avoid using any real user data").
 * It is derived, so nothing is stored and a member needs no account at Hub88 before a launch.
 */
export interface Hub88Member {
  memberId: string;
  hub88User: string;
  status: 'active' | 'suspended';
  createdAt: Date;
}

/** The Hub88 user id of a member with `affiliateKey`. */
export const hub88UserOf = (prefix: string, affiliateKey: string): string => `${prefix}${affiliateKey.toLowerCase()}`;

/** The member behind a Hub88 `user`, or undefined (not ours, malformed, unknown). */
export async function findHub88Member(db: Queryable, prefix: string, hub88User: string): Promise<Hub88Member | undefined> {
  if (!hub88User.startsWith(prefix)) return undefined;
  const affiliateKey = hub88User.slice(prefix.length).toUpperCase();
  if (!/^[A-Z0-9]{8}$/.test(affiliateKey)) return undefined;
  const { rows } = await db.query<{ id: string; status: 'active' | 'suspended'; created_at: Date }>(
    'SELECT id, status, created_at FROM members WHERE affiliate_key = $1',
    [affiliateKey],
  );
  const row = rows[0];
  return row ? { memberId: row.id, hub88User, status: row.status, createdAt: row.created_at } : undefined;
}

/** The Hub88 user id of a member. @throws Error when the member does not exist. */
export async function hub88UserOfMember(db: Queryable, prefix: string, memberId: string): Promise<string> {
  const { rows } = await db.query<{ affiliate_key: string }>('SELECT affiliate_key FROM members WHERE id = $1', [memberId]);
  const key = rows[0]?.affiliate_key;
  if (!key) throw new Error(`member ${memberId} not found`);
  return hub88UserOf(prefix, key);
}
