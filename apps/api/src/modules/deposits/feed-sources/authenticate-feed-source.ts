import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { DepositChannelKind, FeedKind } from '@sabai/contracts';

export type FeedSourceKind = FeedKind;
/** How a source signs and shapes its deliveries (migration 0012). */
export type FeedProtocol = 'sabai_v1' | 'sms_gateway';

export interface AuthenticatedFeedSource {
  id: string;
  kind: FeedSourceKind;
  protocol: FeedProtocol;
  /** Three-digit bank code of the source's house account (null for a wallet). */
  bankCode: string | null;
  /** Kind of the channel the source reports on (its deliveries are read by that kind's registry entry). */
  channelKind: DepositChannelKind;
  /** The source's last delivery as recorded when it was authenticated (recordFeedSourceContact skips a write it would not make). */
  lastEventAt: Date | null;
}

/** Longest source id we look up (`src_` + 40, migration 0003). */
const SOURCE_ID = /^src_[a-z0-9_]{1,40}$/;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Checks a delivery's signature against the source's secrets (issue "SMS Gateway" part 2: secrets
 * live per source in the database, rotatable with an overlap window). The caller has already
 * checked the timestamp window and knows how its protocol signs: `sign(secret)` returns the
 * lowercase hex HMAC it expects.
 *
 * Accepted secrets: the current one, and the previous one while `now` is before
 * `previous_secret_valid_until`. Every candidate is computed and compared in constant time, so the
 * answer's timing says neither which secret matched nor whether the source exists. A demo source
 * (public secret) is never accepted in production.
 *
 * @throws AppError FEED_AUTH_FAILED (401) for an unknown, inactive or other-protocol/kind source
 *   and for a signature that matches no accepted secret; it never says which.
 */
export async function authenticateFeedSource(
  context: AppContext,
  input: { sourceId: string; protocol: FeedProtocol; kind?: FeedSourceKind; signature: string; sign: (secret: string) => string },
): Promise<AuthenticatedFeedSource> {
  const refuse = () => new AppError('FEED_AUTH_FAILED');
  if (!SOURCE_ID.test(input.sourceId) || !HEX_SIGNATURE.test(input.signature)) throw refuse();
  const { rows } = await context.db.query<{
    id: string;
    kind: FeedSourceKind;
    protocol: FeedProtocol;
    is_demo: boolean;
    secret: string;
    previous_secret: string | null;
    previous_secret_valid_until: Date | null;
    bank_code: string | null;
    channel_kind: DepositChannelKind;
    last_event_at: Date | null;
  }>(
    `SELECT s.id, s.kind, s.protocol, s.is_demo, s.secret, s.previous_secret, s.previous_secret_valid_until, c.bank_code, c.kind AS channel_kind, s.last_event_at
     FROM bank_feed_sources s JOIN deposit_channels c ON c.id = s.channel_id
     WHERE s.id = $1 AND s.is_active`,
    [input.sourceId],
    { prepare: true },
  );
  const source = rows[0];
  const now = context.now();
  const secrets = source ? [source.secret] : ['no-such-source-still-costs-one-hmac'];
  if (source?.previous_secret && source.previous_secret_valid_until && now < source.previous_secret_valid_until) {
    secrets.push(source.previous_secret);
  }
  const given = Buffer.from(input.signature, 'utf8');
  let isSigned = false;
  for (const secret of secrets) {
    const expected = Buffer.from(input.sign(secret), 'utf8');
    // No early exit: every accepted secret costs the same whether an earlier one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) isSigned = true;
  }
  if (!source || !isSigned) throw refuse();
  if (source.protocol !== input.protocol || (input.kind !== undefined && source.kind !== input.kind)) throw refuse();
  if (source.is_demo && context.config.NODE_ENV === 'production') throw refuse();
  return { id: source.id, kind: source.kind, protocol: source.protocol, bankCode: source.bank_code, channelKind: source.channel_kind, lastEventAt: source.last_event_at };
}
