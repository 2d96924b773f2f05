import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { findHub88Member } from './hub88-members.ts';
import { findHub88Session, touchHub88Session } from './hub88-sessions.ts';
import { HUB88_CURRENCY, satangToUnits, type Hub88Response } from './hub88-wire.ts';

/** Thailand, and the site's own licence (the player's jurisdiction field). */
const COUNTRY = 'TH';

/**
 * `POST /seamless/hub88/user/info` (Hub88 Operator Wallet API): what we can say about the player
 * without personal data (Hub88: no real names, phones, emails): the user id, country and the
 * registration date. An unknown user: RS_ERROR_UNKNOWN.
 */
export async function readHub88UserInfo(context: AppContext, request: { user: string; request_uuid: string }): Promise<Hub88Response> {
  const member = await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, request.user);
  if (!member) return { user: request.user, status: 'RS_ERROR_UNKNOWN', request_uuid: request.request_uuid };
  return {
    user: member.hub88User,
    status: 'RS_OK',
    request_uuid: request.request_uuid,
    country: COUNTRY,
    registration_date: member.createdAt.toISOString().slice(0, 10),
  };
}

/**
 * `POST /seamless/hub88/user/balance` (Hub88 Operator Wallet API): the member's main wallet in
 * Hub88 units (a read: not recorded, never idempotent-cached, as Hub88 says of balance calls).
 * The token, when sent, must be this user's (RS_ERROR_INVALID_TOKEN); an expired one still reads
 * the balance (nothing moves); a live one is kept open another idle period.
 */
export async function readHub88Balance(context: AppContext, request: { user: string; request_uuid: string; token?: string | undefined }): Promise<Hub88Response> {
  const member = await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, request.user);
  if (!member) return { user: request.user, status: 'RS_ERROR_INVALID_TOKEN', request_uuid: request.request_uuid };
  if (request.token !== undefined) {
    const session = await findHub88Session(context.db, request.token);
    if (!session || session.hub88User !== member.hub88User) return { user: request.user, status: 'RS_ERROR_INVALID_TOKEN', request_uuid: request.request_uuid };
    await touchHub88Session(context.db, request.token, context.now(), context.config.HUB88_SESSION_IDLE_MS);
  }
  const main = await requireMemberAccountId(context.db, member.memberId, 'main');
  const balance = availableCreditBalance(await readAccountBalance(context.db, main));
  return { user: member.hub88User, status: 'RS_OK', request_uuid: request.request_uuid, currency: HUB88_CURRENCY, balance: satangToUnits(balance) };
}
