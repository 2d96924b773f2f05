import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import { smsFeedBody, statementFeedBody, trueMoneyFeedBody, type FeedKind } from './feed-payloads.ts';
import { processFeedEvent, type FeedEventOutcome } from './process-feed-event.ts';
import { moveGameCreditLocked } from '../play/move-game-credit.ts';

/**
 * Receives one delivery on `/bank-feed/v1/{sms|statement|truemoney}` (issue "Money" §3):
 *
 * 1. authenticates it: `x-feed-source` names an active source of this kind, `x-feed-timestamp`
 *    (epoch ms) is within FEED_TIMESTAMP_WINDOW_MS of now, and `x-feed-signature` is the hex
 *    HMAC-SHA256 of `${timestamp}.${rawBody}` with the source's secret (constant-time compare);
 * 2. stores the raw body before anything else, deduplicated by provider reference (SMS: digest of
 *    bank + text + received time), so a replay or a retry is stored once and credited once;
 * 3. processes it (parse, match, post) in its own transaction. If the process dies between 2 and 3
 *    the recovery job processes the stored event.
 *
 * @throws AppError FEED_AUTH_FAILED (401) for any authentication failure (never says which).
 */
export async function receiveFeedDelivery(
  context: AppContext,
  input: { kind: FeedKind; sourceId: string | undefined; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<{ eventId: string; duplicate: boolean } & FeedEventOutcome> {
  const source = await authenticate(context, input);

  let dedupeKey: string;
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(input.rawBody);
  } catch {
    parsedBody = undefined;
  }
  if (input.kind === 'sms') {
    const body = smsFeedBody.safeParse(parsedBody);
    dedupeKey = body.success ? `sms:${digest(`${source.bankCode ?? ''}\n${body.data.text}\n${body.data.receivedAt}`)}` : `raw:${digest(input.rawBody)}`;
  } else if (input.kind === 'statement') {
    const body = statementFeedBody.safeParse(parsedBody);
    dedupeKey = body.success ? `ref:${body.data.providerRef}` : `raw:${digest(input.rawBody)}`;
  } else {
    const body = trueMoneyFeedBody.safeParse(parsedBody);
    dedupeKey = body.success ? `ref:${body.data.transactionId}` : `raw:${digest(input.rawBody)}`;
  }

  const inserted = await context.db.query<{ id: bigint }>(
    `INSERT INTO bank_feed_events (source_id, dedupe_key, raw_body) VALUES ($1, $2, $3)
     ON CONFLICT (source_id, dedupe_key) DO NOTHING RETURNING id`,
    [source.id, dedupeKey, input.rawBody],
  );
  const newId = inserted.rows[0]?.id;
  if (newId === undefined) {
    const { rows } = await context.db.query<{ id: bigint; status: FeedEventOutcome['status']; status_reason: string | null }>(
      'SELECT id, status, status_reason FROM bank_feed_events WHERE source_id = $1 AND dedupe_key = $2',
      [source.id, dedupeKey],
    );
    const existing = rows[0];
    if (!existing) throw new Error('bank feed event vanished after a dedupe conflict');
    return { eventId: existing.id.toString(), duplicate: true, status: existing.status, reason: existing.status_reason };
  }
  const outcome = await processFeedEvent(context, newId);
  if (outcome.status === 'credited') await continueIntoGame(context, newId);
  return { eventId: newId.toString(), duplicate: false, ...outcome };
}

/**
 * Issue "Play": a credited deposit continues into the member's game account (GAME_IN). Best
 * effort after the deposit is safe in the main wallet: a partner outage leaves it there, and the
 * next launch moves it.
 */
async function continueIntoGame(context: AppContext, eventId: bigint): Promise<void> {
  const { rows } = await context.db.query<{ member_id: string }>('SELECT member_id FROM deposits WHERE event_id = $1 AND member_id IS NOT NULL', [eventId]);
  const memberId = rows[0]?.member_id;
  if (!memberId) return;
  try {
    await moveGameCreditLocked(context, { memberId, direction: 'in', amountSatang: 'all' }, { waitMs: 0 });
  } catch (error) {
    // The member is launching or withdrawing right now: the money stays in the main wallet and
    // their launch moves it. Anything else is a real failure and is not hidden.
    if (!(isAppError(error) && error.code === 'MEMBER_BUSY')) throw error;
  }
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function authenticate(
  context: AppContext,
  input: { kind: FeedKind; sourceId: string | undefined; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<{ id: string; secret: string; bankCode: string | null }> {
  const refuse = () => new AppError('FEED_AUTH_FAILED');
  if (!input.sourceId || !input.timestamp || !input.signature) throw refuse();
  if (!/^\d{10,16}$/.test(input.timestamp) || !/^[0-9a-f]{64}$/.test(input.signature)) throw refuse();
  const skewMs = Math.abs(context.now().getTime() - Number(input.timestamp));
  if (skewMs > context.config.FEED_TIMESTAMP_WINDOW_MS) throw refuse();
  const { rows } = await context.db.query<{ id: string; secret: string; kind: string; bank_code: string | null }>(
    `SELECT s.id, s.secret, s.kind, c.bank_code FROM bank_feed_sources s JOIN deposit_channels c ON c.id = s.channel_id
     WHERE s.id = $1 AND s.is_active`,
    [input.sourceId],
  );
  const source = rows[0];
  if (!source || source.kind !== input.kind) throw refuse();
  const expected = Buffer.from(createHmac('sha256', source.secret).update(`${input.timestamp}.${input.rawBody}`, 'utf8').digest('hex'), 'utf8');
  const given = Buffer.from(input.signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
  return { id: source.id, secret: source.secret, bankCode: source.bank_code };
}
