import { createHash, createHmac } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import type { FeedKind } from '@sabai/contracts';
import { feedIntake } from './channels/registry.ts';
import type { FeedEventOutcome } from './process-feed-event.ts';
import { acceptFeedEvent } from './accept-feed-event.ts';
import { authenticateFeedSource, type AuthenticatedFeedSource } from './feed-sources/index.ts';
import { recordFeedSourceContact } from './feed-sources/index.ts';

/**
 * Receives one delivery on `/bank-feed/v1/{sms|statement|truemoney}` (issue "Money" §3):
 *
 * 1. authenticates it: `x-feed-source` names an active `sabai_v1` source of this kind,
 *    `x-feed-timestamp` (epoch ms) is within FEED_TIMESTAMP_WINDOW_MS of now, and
 *    `x-feed-signature` is the hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the source's
 *    secret, or its previous secret during a rotation's overlap (feed-sources/authenticate-feed-source.ts);
 * 2. records the source's sign of life (the silence alarm, docs/adr/0013);
 * 3. stores and processes it once (accept-feed-event.ts), deduplicated by the key the channel
 *    registry's intake for the source's channel kind and this feed kind gives (channels/registry.ts:
 *    statement and wallet: provider reference; SMS: digest of bank + text + received time), or by
 *    `raw:<sha256>` when the body does not fit the feed's schema.
 *
 * @throws AppError FEED_AUTH_FAILED (401) for any authentication failure (never says which).
 */
export async function receiveFeedDelivery(
  context: AppContext,
  input: { kind: FeedKind; sourceId: string | undefined; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<{ eventId: string; duplicate: boolean } & FeedEventOutcome> {
  const source = await authenticate(context, input);
  await recordFeedSourceContact(context, { sourceId: source.id, contact: 'event', knownLastEventAt: source.lastEventAt });

  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(input.rawBody);
  } catch {
    parsedBody = undefined;
  }
  // The body schema and dedupe key are the channel kind's, for this feed kind (channels/registry.ts).
  const dedupeKey = feedIntake(source.channelKind, input.kind).dedupeKey(parsedBody, source) ?? `raw:${digest(input.rawBody)}`;
  return acceptFeedEvent(context, { sourceId: source.id, dedupeKey, rawBody: input.rawBody, bodyFormat: 'sabai_v1' });
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function authenticate(
  context: AppContext,
  input: { kind: FeedKind; sourceId: string | undefined; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<AuthenticatedFeedSource> {
  const refuse = () => new AppError('FEED_AUTH_FAILED');
  if (!input.sourceId || !input.timestamp || !input.signature) throw refuse();
  if (!/^\d{10,16}$/.test(input.timestamp)) throw refuse();
  const skewMs = Math.abs(context.now().getTime() - Number(input.timestamp));
  if (skewMs > context.config.FEED_TIMESTAMP_WINDOW_MS) throw refuse();
  const timestamp = input.timestamp;
  return authenticateFeedSource(context, {
    sourceId: input.sourceId,
    protocol: 'sabai_v1',
    kind: input.kind,
    signature: input.signature,
    sign: (secret) => createHmac('sha256', secret).update(`${timestamp}.${input.rawBody}`, 'utf8').digest('hex'),
  });
}
