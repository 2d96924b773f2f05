import { postgresErrorCode } from '@sabai/db';
import { ensureHouseAccount, findAccountId, inLedgerTransaction, lockMemberWallet, postTransferWith, POSTING_WITH_FIRST_PARAM, type TransferOutcome } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { BALANCE_CHANNEL } from '../../lib/balance-notifications.ts';
import type { Hub88Member } from './hub88-members.ts';
import { HUB88_PARTNER_ACCOUNT, HUB88_PARTNER_NAME, type RecordedTransaction, type WalletFrame } from './hub88-wallet-ledger.ts';
import { HUB88_CURRENCY, satangToUnits, type Hub88Response, type Hub88Status } from './hub88-wire.ts';

/**
 * Bets and wins in four round trips (issue 30 §5, docs/adr/0054): BEGIN; the member's main wallet
 * locked with its balance (lockMemberWallet); everything the answer depends on, read after the
 * lock in one statement; the posting with every write of the call in one statement
 * (postTransferWith); COMMIT. Before: 15–16 (member, account id, lock, seen record, session,
 * exclusion, limits, posting, notify, played row, session touch, balance, record, BEGIN, COMMIT).
 * The rules are those of inMemberWallet and its helpers (hub88-wallet-ledger.ts), which rollbacks
 * still use.
 */

/** A bet's or win's transaction, after statement 1: the wallet locked, its spendable balance as it is under the lock. */
export interface LockedWallet extends WalletFrame {
  availableSatang: bigint;
}

/** The partner account's id per database (created once, never changes). */
const partnerAccountIds = new WeakMap<object, bigint>();

/**
 * Runs `work` in one ledger transaction (bounded retries on deadlock and unique violation, as
 * inMemberWallet) holding the main-wallet lock of the member behind `hub88User` (the site prefix +
 * the member's affiliate key, hub88-members.ts); `work` gets undefined when no member is behind
 * it (nothing is locked then).
 */
export async function inLockedWallet<T>(context: AppContext, hub88User: string, work: (wallet: LockedWallet | undefined) => Promise<T>): Promise<T> {
  const prefix = context.config.GAME_USERNAME_PREFIX;
  const affiliateKey = hub88User.startsWith(prefix) ? hub88User.slice(prefix.length).toUpperCase() : '';
  if (!/^[A-Z0-9]{8}$/.test(affiliateKey)) return work(undefined);
  const done = await inLedgerTransaction(context.db, async (tx) => {
    const locked = await lockMemberWallet<{ member_id: string; status: 'active' | 'suspended'; created_at: Date }>(tx, {
      kind: 'main', memberColumns: 'm.id AS member_id, m.status, m.created_at', memberWhere: 'm.affiliate_key = $2', params: [affiliateKey],
    });
    if (!locked) return { result: await work(undefined), partnerAccountId: undefined };
    const partnerAccountId =
      partnerAccountIds.get(context.db) ??
      (await findAccountId(tx, HUB88_PARTNER_ACCOUNT)) ??
      // Hot (every bet touches it): totals derived from entries (money.md "Accounts").
      (await ensureHouseAccount(tx, { code: HUB88_PARTNER_ACCOUNT, kind: 'house_asset', isTotalsCached: false }));
    const member: Hub88Member = { memberId: locked.member_id, hub88User, status: locked.status, createdAt: locked.created_at };
    return { result: await work({ tx, member, mainAccountId: locked.accountId, partnerAccountId, availableSatang: locked.availableSatang }), partnerAccountId };
  });
  // Remembered once a transaction that used it committed (a rolled-back create is not there).
  if (done.partnerAccountId !== undefined) partnerAccountIds.set(context.db, done.partnerAccountId);
  return done.result;
}

/** An answer with a balance known under the lock (no read). */
export function answerWithKnownBalance(wallet: LockedWallet, requestUuid: string, status: Hub88Status, balanceSatang: bigint): Hub88Response {
  return { user: wallet.member.hub88User, status, request_uuid: requestUuid, currency: HUB88_CURRENCY, balance: satangToUnits(balanceSatang) };
}

const RECORDED = ['transaction_uuid', 'kind', 'member_id', 'round', 'game_code', 'amount_satang', 'request_hash', 'status', 'response_body', 'rolled_back_by'] as const;
const recordedColumns = (alias: string) => RECORDED.map((column) => `${alias}.${column} AS ${alias}_${column}`).join(', ');

function recordedFrom(row: Record<string, unknown>, alias: string): RecordedTransaction | undefined {
  const get = (column: (typeof RECORDED)[number]) => row[`${alias}_${column}`];
  if (get('transaction_uuid') === null || get('transaction_uuid') === undefined) return undefined;
  return {
    transactionUuid: get('transaction_uuid') as string, kind: get('kind') as RecordedTransaction['kind'], memberId: get('member_id') as string,
    round: get('round') as string | null, gameCode: get('game_code') as string | null, amountSatang: get('amount_satang') as bigint,
    requestHash: get('request_hash') as string, status: get('status') as string, responseBody: get('response_body') as string,
    rolledBackBy: get('rolled_back_by') as string | null,
  };
}

/** What a bet's answer depends on, read after the lock (statement 2). */
export interface BetFacts {
  /** The record of this transaction_uuid (answerForSeen), or undefined. */
  seen: RecordedTransaction | undefined;
  /** The token's session (betTokenProblem), or undefined. */
  session: { hub88User: string; isDemo: boolean; expiresAt: Date } | undefined;
  /** A time-out or self-exclusion in force now (responsible-gaming activeExclusion's rule). */
  isExcluded: boolean;
  /** The member has a loss limit: assertMayPlay must read the period's rounds. */
  hasLossLimit: boolean;
}

const BET_FACTS_SQL = `SELECT ${recordedColumns('r')},
       s.hub88_user AS session_user, s.is_demo AS session_is_demo, s.expires_at AS session_expires_at,
       EXISTS (SELECT 1 FROM responsible_gaming_exclusions x WHERE x.member_id = $3 AND x.starts_at <= $4 AND x.ends_at > $4) AS is_excluded,
       EXISTS (SELECT 1 FROM responsible_gaming_limits l WHERE l.member_id = $3 AND l.kind = 'loss' AND l.amount_satang IS NOT NULL) AS has_loss_limit
  FROM (SELECT 1) AS one
  LEFT JOIN hub88_transactions r ON r.transaction_uuid = $1
  LEFT JOIN hub88_sessions s ON s.token = $2`;

export async function readBetFacts(wallet: LockedWallet, input: { transactionUuid: string; token: string; now: Date }): Promise<BetFacts> {
  const { rows } = await wallet.tx.query<Record<string, unknown>>(BET_FACTS_SQL, [input.transactionUuid, input.token, wallet.member.memberId, input.now], { prepare: true });
  const row = rows[0]!;
  return {
    seen: recordedFrom(row, 'r'),
    session: row.session_user === null ? undefined : { hub88User: row.session_user as string, isDemo: row.session_is_demo === true, expiresAt: row.session_expires_at as Date },
    isExcluded: row.is_excluded === true,
    hasLossLimit: row.has_loss_limit === true,
  };
}

const WIN_FACTS_SQL = `SELECT ${recordedColumns('r')}, ${recordedColumns('b')}
  FROM (SELECT 1) AS one
  LEFT JOIN hub88_transactions r ON r.transaction_uuid = $1
  LEFT JOIN hub88_transactions b ON b.transaction_uuid = $2`;

/** What a win's answer depends on, read after the lock (statement 2): its own record and the bet it names. */
export async function readWinFacts(wallet: LockedWallet, input: { transactionUuid: string; betUuid: string }): Promise<{ seen: RecordedTransaction | undefined; bet: RecordedTransaction | undefined }> {
  const { rows } = await wallet.tx.query<Record<string, unknown>>(WIN_FACTS_SQL, [input.transactionUuid, input.betUuid], { prepare: true });
  const row = rows[0]!;
  return { seen: recordedFrom(row, 'r'), bet: recordedFrom(row, 'b') };
}

/** What a bet or win writes (statement 3). */
export interface WalletWrite {
  uuid: string;
  kind: 'bet' | 'win';
  round: string;
  gameCode: string | null;
  reference: string | null;
  amountUnits: number;
  hash: string;
  response: Hub88Response;
  /** Satang moved: a bet's stake (main → partner) or a win's payout (partner → main). > 0. */
  movedSatang: bigint;
  /** The played row's game code (recordPlay's). */
  playGameCode: string;
  now: Date;
  /** Bets: the token whose idle clock slides to now + idleMs (touchHub88Session's rule). */
  session: { token: string; idleMs: number } | null;
}

const P = POSTING_WITH_FIRST_PARAM;
/**
 * The writes of a bet or win beside its posting: the played row (recordPlay's row in bet_rounds:
 * turnover, bonus wagering, loss limits and reality checks read it), the session's idle clock (a
 * bet), the stored answer with the posting's id, and the balance notification (pg_notify in the
 * recorded row's SELECT, so it runs once; delivered only if the transaction commits).
 */
const MOVE_AND_RECORD_CTES = `played AS (
       INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang)
       VALUES ('${HUB88_PARTNER_NAME}', $${P}, $${P + 1}, $${P + 2}, $${P + 3}::int8, $${P + 4}::int8,
               CASE WHEN $${P + 4}::int8 > $${P + 3}::int8 THEN 'win' WHEN $${P + 4}::int8 < $${P + 3}::int8 THEN 'loss' ELSE 'draw' END,
               'settled', $${P + 5}, $${P + 4}::int8 - $${P + 3}::int8)
     ), touched AS (
       UPDATE hub88_sessions SET expires_at = $${P + 6} WHERE token = $${P + 7} AND expires_at > $${P + 5}
     ), recorded AS (
       INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, round, game_code, reference_transaction_uuid,
         amount_units, amount_satang, request_hash, status, response_body, ledger_transfer_id)
       SELECT $${P + 8}, $${P + 9}, $${P + 1}, $${P + 10}, $${P + 11}, $${P + 12}, $${P + 13}, $${P + 14}, $${P + 15}, $${P + 16}, $${P + 17}, $${P + 18}, posting.transfer_id
         FROM posting CROSS JOIN LATERAL (SELECT pg_notify('${BALANCE_CHANNEL}', $${P + 19})) AS notified
        WHERE posting.outcome IN ('created', 'exists')
     )`;

/**
 * Statement 3 of a bet or win that moves money: the posting (GAME_IN / GAME_OUT, key
 * `hub88:<kind>:<uuid>`, source hub88_transaction) and every write, one statement.
 * @returns the answer's text. @throws Error when the ledger does not post (the funds check was made
 * under the lock, so a refusal is a broken invariant: the transaction rolls back, Hub88 gets RS_ERROR_UNKNOWN).
 */
export async function moveAndRecord(wallet: LockedWallet, write: WalletWrite): Promise<{ body: string; outcome: TransferOutcome }> {
  if (write.movedSatang <= 0n) throw new RangeError('moveAndRecord moves money: a call that moves none records with recordTransaction');
  const isBet = write.kind === 'bet';
  const body = JSON.stringify(write.response);
  const outcome = await postTransferWith(
    wallet.tx,
    {
      idempotencyKey: `hub88:${write.kind}:${write.uuid}`, code: isBet ? 'GAME_IN' : 'GAME_OUT',
      debitAccountId: isBet ? wallet.mainAccountId : wallet.partnerAccountId, creditAccountId: isBet ? wallet.partnerAccountId : wallet.mainAccountId,
      amountSatang: write.movedSatang, source: { type: 'hub88_transaction', id: write.uuid },
    },
    MOVE_AND_RECORD_CTES,
    [
      `${write.round}:${write.uuid}`, wallet.member.memberId, write.playGameCode, isBet ? write.movedSatang : 0n, isBet ? 0n : write.movedSatang, write.now,
      write.session ? new Date(write.now.getTime() + write.session.idleMs) : write.now, write.session?.token ?? null,
      write.uuid, write.kind, wallet.member.hub88User, write.round, write.gameCode, write.reference, BigInt(write.amountUnits), write.movedSatang,
      write.hash, write.response.status, body, JSON.stringify({ memberId: wallet.member.memberId, reason: 'adjustment' }),
    ],
  );
  if (outcome.status !== 'created' && outcome.status !== 'exists') throw new Error(`hub88 ${write.kind} ${write.uuid}: ledger said ${JSON.stringify(outcome)}`);
  return { body, outcome };
}

// ---------------------------------------------------------------------------------------------
// One call (migration 0051): the common bet and win in one auto-committed statement
// ---------------------------------------------------------------------------------------------

/**
 * What hub88_wallet_bet / hub88_wallet_win answered: `answered` (body: the answer, stored and
 * committed), `refused` (body: the Hub88 status; nothing written), `fallback` (nothing written: a
 * replay, a member with a loss limit, a free bet, or the partner account not yet known here; the
 * caller runs the 5-round-trip path).
 */
export type OneCallResult = { outcome: 'answered'; body: string } | { outcome: 'refused'; status: Hub88Status } | { outcome: 'fallback' };

const RETRY_CODES = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 5;

/**
 * Runs one auto-committed call again on deadlock, serialization failure or a twin's unique key
 * (whose retry then meets the twin's record and falls back), as inLedgerTransaction does.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = postgresErrorCode(error);
      if (code === undefined || !RETRY_CODES.has(code) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }
}

const affiliateKeyOf = (context: AppContext, hub88User: string): string | null => {
  const prefix = context.config.GAME_USERNAME_PREFIX;
  const key = hub88User.startsWith(prefix) ? hub88User.slice(prefix.length).toUpperCase() : '';
  return /^[A-Z0-9]{8}$/.test(key) ? key : null;
};

/** How long balance notifications of committed callbacks wait to leave together (one statement). */
const NOTIFY_COALESCE_MS = 20;
const pendingNotifications = new WeakMap<object, { memberIds: Set<string>; timer: NodeJS.Timeout | undefined }>();

/**
 * Tells the API processes that the member's balance changed (BALANCE_CHANNEL, reason
 * `adjustment`, as notifyBalanceChanged), after the callback committed: members of the next
 * NOTIFY_COALESCE_MS leave in one auto-committed statement. A NOTIFY inside the money transaction
 * would hold PostgreSQL's one notification lock from its commit until the commit's flush, so every
 * callback's flush would wait for the one before (docs/adr/0054). A notification carries no amount
 * (clients refetch); one lost with a crashed process is caught up as any lost one is (the stream's
 * reconnect refetch).
 */
function notifyAfterCommit(context: AppContext, memberId: string): void {
  let pending = pendingNotifications.get(context.db);
  if (!pending) {
    pending = { memberIds: new Set(), timer: undefined };
    pendingNotifications.set(context.db, pending);
  }
  pending.memberIds.add(memberId);
  const batch = pending;
  batch.timer ??= setTimeout(() => {
    const memberIds = [...batch.memberIds];
    batch.memberIds.clear();
    batch.timer = undefined;
    context.db
      .query(`SELECT pg_notify($1, json_build_object('memberId', m, 'reason', 'adjustment')::text) FROM unnest($2::text[]) AS m`, [BALANCE_CHANNEL, memberIds], { prepare: true })
      .catch(() => undefined); // best effort: the money committed; a client refetches on its next event or reconnect
  }, NOTIFY_COALESCE_MS);
  batch.timer.unref();
}

const readOneCall = (context: AppContext, row: { outcome: string; body: string | null; answered_member_id: string | null } | undefined, isMove: (body: string) => boolean): OneCallResult => {
  if (row?.outcome === 'answered' && row.body !== null) {
    if (row.answered_member_id !== null && isMove(row.body)) notifyAfterCommit(context, row.answered_member_id);
    return { outcome: 'answered', body: row.body };
  }
  if (row?.outcome === 'refused' && row.body !== null) return { outcome: 'refused', status: row.body as Hub88Status };
  if (row?.outcome === 'fallback') return { outcome: 'fallback' };
  throw new Error(`hub88 wallet function: unexpected answer ${JSON.stringify(row ?? null)}`);
};

/** A bet (not free, money > 0) in one statement: hub88_wallet_bet (migration 0051). */
export async function betInOneCall(
  context: AppContext,
  input: { hub88User: string; transactionUuid: string; requestUuid: string; token: string; round: string; gameCode: string | null; amountUnits: number; amountSatang: bigint; isFree: boolean; hash: string; now: Date },
): Promise<OneCallResult> {
  const partnerAccountId = partnerAccountIds.get(context.db);
  const affiliateKey = affiliateKeyOf(context, input.hub88User);
  if (partnerAccountId === undefined || affiliateKey === null || input.amountSatang <= 0n) return { outcome: 'fallback' };
  return withRetries(async () => {
    const { rows } = await context.db.query<{ outcome: string; body: string | null; answered_member_id: string | null }>(
      'SELECT outcome, body, answered_member_id FROM hub88_wallet_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)',
      [affiliateKey, input.hub88User, input.transactionUuid, input.requestUuid, input.token, input.round, input.gameCode, BigInt(input.amountUnits), input.amountSatang,
        input.isFree, input.hash, partnerAccountId, input.now, new Date(input.now.getTime() + context.config.HUB88_SESSION_IDLE_MS)],
      { prepare: true },
    );
    // hub88_answer's exact text: an answered bet moved money when it is RS_OK.
    return readOneCall(context, rows[0], (body) => body.includes('"status":"RS_OK"'));
  });
}

/** A win in one statement: hub88_wallet_win (migration 0051). */
export async function winInOneCall(
  context: AppContext,
  input: { hub88User: string; transactionUuid: string; requestUuid: string; betUuid: string; gameCode: string | null; amountUnits: number; amountSatang: bigint; hash: string; now: Date },
): Promise<OneCallResult> {
  const partnerAccountId = partnerAccountIds.get(context.db);
  const affiliateKey = affiliateKeyOf(context, input.hub88User);
  if (partnerAccountId === undefined || affiliateKey === null) return { outcome: 'fallback' };
  return withRetries(async () => {
    const { rows } = await context.db.query<{ outcome: string; body: string | null; answered_member_id: string | null }>(
      'SELECT outcome, body, answered_member_id FROM hub88_wallet_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      [affiliateKey, input.hub88User, input.transactionUuid, input.requestUuid, input.betUuid, input.gameCode, BigInt(input.amountUnits), input.amountSatang,
        input.hash, partnerAccountId, input.now],
      { prepare: true },
    );
    return readOneCall(context, rows[0], () => input.amountSatang > 0n);
  });
}
