import type { AppContext } from '../../context.ts';

export interface GameAccount {
  username: string;
  password: string;
  partner: string;
}

/**
 * The member's game account at the partner (spec §1 GameInfo), created on first need: the
 * partner's createMember is idempotent and so is our insert, so concurrent or repeated calls end
 * with one account. Username: the site prefix + the member's affiliate key, lower case.
 * `known`: the caller's own read of the account (undefined: none yet), so it is not read again.
 * @throws PartnerUnavailableError when the partner cannot be reached and no account exists yet.
 */
export async function ensureGameAccount(context: AppContext, memberId: string, known?: { account: GameAccount | undefined }): Promise<GameAccount> {
  // The caller's read when it has one (a launch's snapshot): not read again (issue 29 §1).
  const existing = known ? known.account : await findGameAccount(context, memberId);
  if (existing) return existing;
  const { rows } = await context.db.query<{ affiliate_key: string }>('SELECT affiliate_key FROM members WHERE id = $1', [memberId]);
  const affiliateKey = rows[0]?.affiliate_key;
  if (!affiliateKey) throw new Error(`member ${memberId} not found`);
  const username = `${context.config.GAME_USERNAME_PREFIX}${affiliateKey.toLowerCase()}`;
  const created = await context.partner.createMember(username);
  await context.db.query(
    `INSERT INTO game_accounts (member_id, partner, username, password) VALUES ($1, $2, $3, $4) ON CONFLICT (member_id) DO NOTHING`,
    [memberId, context.partner.partnerName, created.username, created.password],
  );
  const account = await findGameAccount(context, memberId);
  if (!account) throw new Error(`game account of ${memberId} vanished`);
  return account;
}

export async function findGameAccount(context: Pick<AppContext, 'db'>, memberId: string): Promise<GameAccount | undefined> {
  const { rows } = await context.db.query<GameAccount>('SELECT username, password, partner FROM game_accounts WHERE member_id = $1', [memberId], { prepare: true });
  return rows[0];
}
