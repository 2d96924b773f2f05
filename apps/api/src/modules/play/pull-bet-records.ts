import type { AppContext } from '../../context.ts';
import type { PartnerBetRecord } from '../../adapters/partner/index.ts';
import { bookRoundResults } from './book-round-results.ts';

/** Records per page asked of the partner, and pages per run (style.md: explicit limits). */
const PAGE_SIZE = 500;
const MAX_PAGES_PER_RUN = 20;

/**
 * Pulls bet records from the partner since the stored cursor and keeps one row per round with its
 * latest status (a cancelled or refunded round comes again with the same round id). Idempotent:
 * re-pulling the same records changes nothing. Records of usernames that are not our members are
 * skipped. The cursor advances in the same transaction as the rows. Then every round whose result
 * is not yet in the ledger is booked as GAME_RESULT (book-round-results.ts, docs/adr/0012).
 * Several processes pulling at once is safe: rows are upserts and bookings are keyed per round.
 * `knownCursor` (optional): the stored cursor as the caller just read it (pullPages).
 * @returns the number of records read.
 * @throws PartnerUnavailableError when the partner cannot answer (rounds read so far stay stored).
 */
export async function pullBetRecords(context: AppContext, options: { maxPages?: number; isBookingAll?: boolean; knownCursor?: { value: string | null } } = {}): Promise<number> {
  const read = await pullPages(context, Math.min(options.maxPages ?? MAX_PAGES_PER_RUN, MAX_PAGES_PER_RUN), options.knownCursor);
  // A settlement books its own member only (it holds that member's lock; the periodic pull books the rest).
  if (options.isBookingAll ?? true) await bookRoundResults(context);
  return read;
}

/**
 * `knownCursor`: the stored cursor as the caller just read it in a statement of its own (a
 * withdrawal's snapshot, docs/adr/0069), used for the first page only. One a concurrent pull has
 * moved on since re-reads records already stored: upserts change nothing, as when two pulls race.
 */
async function pullPages(context: AppContext, maxPages: number, knownCursor?: { value: string | null }): Promise<number> {
  const partner = context.partner.partnerName;
  let read = 0;
  for (let page = 0; page < maxPages; page += 1) {
    const cursor = page === 0 && knownCursor
      ? knownCursor.value
      : ((await context.db.query<{ cursor_value: string | null }>('SELECT cursor_value FROM bet_feed_cursors WHERE partner = $1', [partner])).rows[0]?.cursor_value ?? null);
    const { records, nextCursor } = await context.partner.betRecordsSince(cursor, PAGE_SIZE);
    if (records.length === 0) return read;
    const usernames = [...new Set(records.map((record) => record.username))];
    const members = await context.db.query<{ username: string; member_id: string }>(
      'SELECT username, member_id FROM game_accounts WHERE partner = $1 AND username = ANY($2::text[])',
      [partner, usernames],
    );
    const memberByUsername = new Map(members.rows.map((row) => [row.username, row.member_id]));
    await context.db.transaction(async (tx) => {
      for (const record of records) {
        const memberId = memberByUsername.get(record.username);
        if (memberId) await upsertRound(tx, partner, memberId, record);
      }
      await tx.query(
        `INSERT INTO bet_feed_cursors (partner, cursor_value, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (partner) DO UPDATE SET cursor_value = EXCLUDED.cursor_value, updated_at = now()`,
        [partner, nextCursor ?? cursor],
      );
    });
    read += records.length;
    if (records.length < PAGE_SIZE || nextCursor === null || nextCursor === cursor) return read;
  }
  return read;
}

async function upsertRound(
  tx: { query: AppContext['db']['query'] },
  partner: string,
  memberId: string,
  record: PartnerBetRecord,
): Promise<void> {
  // Feed order is the partner's truth: a later record for the round replaces the earlier one,
  // except that a replayed settled record never undoes a cancellation or refund.
  await tx.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (partner, round_id) DO UPDATE SET
       payout_satang = EXCLUDED.payout_satang, result = EXCLUDED.result, status = EXCLUDED.status,
       settled_at = EXCLUDED.settled_at, updated_at = now()
     WHERE bet_rounds.status = 'settled' AND EXCLUDED.status <> 'settled'`,
    [partner, record.roundId, memberId, record.gameCode, record.stakeSatang, record.payoutSatang, record.result, record.status, record.settledAt],
  );
}

/**
 * Whether a round counts towards turnover (spec §2 deposit rules: "the total of all bets with a
 * win or loss result; cancelled or drawn bets that are refunded are not counted").
 */
export const countsTowardTurnover = (round: { status: string; result: string }): boolean =>
  round.status === 'settled' && (round.result === 'win' || round.result === 'loss');
