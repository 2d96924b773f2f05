import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import {
  expectPosted,
  readMemberAccountBalancesWith,
  readMemberWallets,
  type MemberAccountBalance,
  type MemberAccountKind,
  POSTING_WITH_FIRST_PARAM,
  reserveTransferWith,
  resolvePendingTransferGuardedWith,
  resolvePendingTransferWith,
  inLedgerStatement,
} from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { balanceChangedNotification } from '../../lib/balance-notifications.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { outboxEventCtes, toSatangText } from '../outbox/index.ts';
import { settleByAskingProvider, settlementFromSend, type Settlement } from '../../lib/external-transfer.ts';
import { ensureGameAccount, type GameAccount } from './ensure-game-account.ts';
import { UNBOOKED_ROUND, bookRoundResults } from './book-round-results.ts';
import { pullBetRecords } from './pull-bet-records.ts';

export type GameTransferOutcome =
  | { status: 'succeeded'; transferId: string; amountSatang: bigint }
  | { status: 'failed'; transferId: string; reason: string }
  /** Sent, outcome unknown: the reconciliation job asks the partner (reconcile-game-transfers.ts). */
  | { status: 'sending'; transferId: string }
  /** Nothing to move, or another transfer of this member is in flight. */
  | { status: 'skipped'; reason: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' | 'PARTNER_UNAVAILABLE' | 'SEAMLESS_WALLET' };

/**
 * Moves credit between the member's main wallet and their game account at the partner
 * (money.md "Transfer to the game"): GAME_IN main → game, GAME_OUT game → main. Two-phase: the
 * pending transfer and a `sending` row are committed first, the partner is called outside any
 * transaction with our reference, then the pending transfer is posted or voided. An unknown
 * outcome is never retried or voided blindly: it stays `sending` for the reconciliation job
 * (the external-transfer primitive shared with payouts, lib/external-transfer.ts).
 *
 * Call it under the member's money lock (lib/member-lock.ts; `moveGameCreditLocked` takes it):
 * one launch, withdrawal or transfer of a member at a time (issue 15).
 *
 * GAME_OUT first settles what was played (docs/adr/0012): a transfer of this member still in
 * flight is asked about; the partner's new rounds are pulled and booked as GAME_RESULT
 * (book-round-results.ts); then the partner's balance is read, after every transfer of ours is
 * known to it. `'all'` moves what the ledger says the member holds there, capped by what the
 * partner holds: a difference between the two is never booked to the member (it is a case for
 * staff, detect-game-difference.ts). GAME_IN `'all'` moves the whole available main wallet.
 */
export async function moveGameCredit(
  context: AppContext,
  input: { memberId: string; direction: 'in' | 'out'; amountSatang: bigint | 'all'; account?: GameAccount; known?: GameMoveSnapshot & { outFacts?: GameOutFacts } },
): Promise<GameTransferOutcome> {
  // A seamless partner (Hub88, docs/adr/0046) plays from the main wallet: nothing ever moves.
  if (context.partner.walletMode === 'seamless') return { status: 'skipped', reason: 'SEAMLESS_WALLET' };
  let account = input.account;
  try {
    // The caller's account when it just read it (a launch): not read again (issue 29 §1).
    account ??= await ensureGameAccount(context, input.memberId, input.known);
  } catch (error) {
    if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
    throw error;
  }
  if (!(await settleMemberTransferInFlight(context, input.memberId, input.known ? { sending: input.known.sending } : undefined))) return { status: 'skipped', reason: 'TRANSFER_IN_FLIGHT' };
  // An empty main wallet read under the member's lock with no transfer in flight (the caller's
  // snapshot) has nothing to move in: no transaction is opened (issue 29 §1). Money that arrives
  // after the read is moved by the deposit's own continuation or the next launch; when there is
  // something to move, the reservation below reads the balance again inside its transaction.
  if (input.direction === 'in' && input.amountSatang === 'all' && input.known && input.known.sending === null && input.known.mainAvailableSatang <= 0n) {
    return { status: 'skipped', reason: 'NOTHING_TO_MOVE' };
  }
  let partnerBalanceSatang: bigint | undefined;
  // GAME_OUT with the caller's facts (a withdrawal's snapshot, read under the member's lock with no
  // transfer in flight; docs/adr/0069): the feed cursor, the unbooked-round look and the accounts
  // are not read again, and while nothing was booked since, the game wallet's balance of the
  // snapshot is what is reserved, in one autocommitted statement.
  const facts = input.direction === 'out' && input.known?.sending === null ? input.known.outFacts : undefined;
  let isSnapshotBalanceCurrent = false;
  if (input.direction === 'out') {
    try {
      // Nothing at the partner: nothing can come back (rounds not yet booked wait for the periodic
      // pull). Asked first only when the caller's snapshot (no transfer in flight) does not show
      // credit in the game wallet: with credit there the feed is pulled anyway, and the balance
      // read after it answers the same "nothing" (issue 29 §3: one partner call fewer).
      const isCreditKnown = input.known !== undefined && input.known.sending === null && input.known.gameAvailableSatang > 0n;
      if (!isCreditKnown && (await context.partner.getBalance(account.username)) === 0n) return { status: 'skipped', reason: 'NOTHING_TO_MOVE' };
      const read = await pullBetRecords(context, { maxPages: SETTLEMENT_PULL_PAGES, isBookingAll: false, ...(facts ? { knownCursor: { value: facts.betFeedCursor } } : {}) });
      // Nothing pulled: whether a round waits is as the snapshot read it (a round stored since by a
      // concurrent pull is booked by that pull or the next settlement, as one stored just after).
      const booked = await bookRoundResults(context, input.memberId, facts && read === 0 ? { hasUnbookedRounds: facts.hasUnbookedRounds } : {});
      isSnapshotBalanceCurrent = facts !== undefined && booked === 0;
      partnerBalanceSatang = await context.partner.getBalance(account.username);
      if (partnerBalanceSatang === 0n) return { status: 'skipped', reason: 'NOTHING_TO_MOVE' };
    } catch (error) {
      if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
      throw error;
    }
  }

  let transferId = newPrefixedId('gtr');
  type Reservation = { amountSatang: bigint; reserveTransferId: bigint } | { skipped: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' };
  // The caller's snapshot (a launch, a withdrawal, a deposit's continuation: read under the
  // member's lock with no transfer in flight) lets the reservation be ONE autocommitted statement
  // (docs/adr/0069, 0071). GAME_OUT 'all': the game wallet's balance as the snapshot read it, capped
  // by the partner's, once no round is left to book. GAME_IN 'all': the main wallet's balance of the
  // snapshot; money that arrived since stays in main (as money arriving just after the read always
  // did).
  const inWallets = input.direction === 'in' && input.amountSatang === 'all' && input.known?.sending === null ? input.known.walletAccountIds : undefined;
  const fromSnapshot = facts && isSnapshotBalanceCurrent && input.amountSatang === 'all'
    ? { direction: 'out' as const, fromAccountId: facts.gameAccountId, toAccountId: facts.mainAccountId, amountSatang: partnerBalanceSatang !== undefined && partnerBalanceSatang < input.known!.gameAvailableSatang ? partnerBalanceSatang : input.known!.gameAvailableSatang }
    : inWallets && input.known!.mainAvailableSatang > 0n
      ? { direction: 'in' as const, fromAccountId: inWallets.mainAccountId, toAccountId: inWallets.gameAccountId, amountSatang: input.known!.mainAvailableSatang }
      : undefined;
  let fast: Reservation | 'refused' | undefined;
  if (fromSnapshot) {
    fast = fromSnapshot.amountSatang <= 0n ? { skipped: 'NOTHING_TO_MOVE' } : await reserveInOneStatement(context, { transferId, memberId: input.memberId, ...fromSnapshot });
    // Refused: the wallet changed since the snapshot (a concurrent booking or debit); the batched
    // path below reads it again, under a new transfer id (the refusal is kept under the first key).
    if (fast === 'refused') transferId = newPrefixedId('gtr');
  }
  // Batched (docs/adr/0026): reservations arriving together share one transaction and commit.
  const reserved = fast !== undefined && fast !== 'refused' ? fast : await context.postings.run(async (tx): Promise<Reservation> => {
    // Both account ids and the balance moved from in one read (issue 29 §3, readMemberWallets),
    // inside this attempt: a retried transaction sees the balance as it is now.
    const wallets = await readMemberWallets(tx, input.memberId, ['main', 'game']);
    const main = wallets.main!.accountId;
    const game = wallets.game!.accountId;
    // A move already in flight is refused by the unique index game_transfers_one_in_flight at the
    // insert below (InFlightError → TRANSFER_IN_FLIGHT, this attempt rolled back); settled moves
    // were checked just before (settleMemberTransferInFlight). No read here (issue 29 §1).
    const from = input.direction === 'in' ? main : game;
    const available = (input.direction === 'in' ? wallets.main! : wallets.game!).availableSatang;
    let amountSatang = input.amountSatang === 'all' ? available : input.amountSatang;
    if (partnerBalanceSatang !== undefined && amountSatang > partnerBalanceSatang) amountSatang = partnerBalanceSatang;
    if (amountSatang <= 0n) return { skipped: 'NOTHING_TO_MOVE' as const };
    // The reservation and the `sending` row in one statement (issue 29 §3, reserveTransferWith):
    // the row is written only when the reservation was created.
    let pending: Awaited<ReturnType<typeof reserveTransferWith>>['outcome'];
    try {
      pending = (await reserveTransferWith(
        tx,
        {
          idempotencyKey: `game-${input.direction}:${transferId}`,
          code: input.direction === 'in' ? 'GAME_IN' : 'GAME_OUT',
          debitAccountId: from,
          creditAccountId: input.direction === 'in' ? game : main,
          amountSatang,
          source: { type: 'game_transfer', id: transferId },
        },
        SENDING_ROW,
        [transferId, input.memberId, input.direction, amountSatang],
      )).outcome;
    } catch (error) {
      if (isOneInFlight(error)) throw new InFlightError();
      throw error;
    }
    if (pending.status !== 'created') return { skipped: 'NOTHING_TO_MOVE' as const };
    return { amountSatang, reserveTransferId: pending.transferId };
  }).catch((error: unknown): Reservation => {
    if (error instanceof InFlightError) return { skipped: 'TRANSFER_IN_FLIGHT' };
    throw error;
  });
  if ('skipped' in reserved) return { status: 'skipped', reason: reserved.skipped };

  const result = await context.partner.transfer({ reference: transferId, username: account.username, direction: input.direction, amountSatang: reserved.amountSatang });
  const settlement = settlementFromSend(result);
  if (!settlement) return { status: 'sending', transferId };
  // The transfer this call just reserved: settled in one statement (docs/adr/0069, 0071).
  await settleGameTransfer(context, transferId, settlement, { memberId: input.memberId, direction: input.direction, amountSatang: reserved.amountSatang, reserveTransferId: reserved.reserveTransferId });
  return settlement.result === 'succeeded'
    ? { status: 'succeeded', transferId, amountSatang: reserved.amountSatang }
    : { status: 'failed', transferId, reason: settlement.reason };
}

/** What a launch or a withdrawal reads in one statement before it moves credit (readGameMoveSnapshot). */
export interface GameMoveSnapshot {
  /** The member's game account, when one exists. */
  account: GameAccount | undefined;
  /** The member's game transfer still `sending` (at most one: game_transfers_one_in_flight), or null. */
  sending: { id: string; created_at: Date } | null;
  /** The main wallet's available balance (credits − debits − pending debits), satang. */
  mainAvailableSatang: bigint;
  /** The game wallet's available balance as the ledger holds it (rounds not yet booked aside), satang. */
  gameAvailableSatang: bigint;
  /** The member's main and game wallet account ids, read with the balances (absent: not read, or a wallet missing). */
  walletAccountIds?: { mainAccountId: bigint; gameAccountId: bigint };
}

/**
 * What a GAME_OUT needs besides the snapshot, read in the snapshot's statement when its caller asks
 * (`outFacts`: a withdrawal, which brings credit back; docs/adr/0069), so that moveGameCredit
 * does not read them again.
 */
export interface GameOutFacts {
  mainAccountId: bigint;
  gameAccountId: bigint;
  /** The partner's bet-feed cursor as stored (null: none yet). */
  betFeedCursor: string | null;
  /** Whether the member has a round not yet booked as it stands (book-round-results UNBOOKED_ROUND). */
  hasUnbookedRounds: boolean;
}

/**
 * The game account, the transfer in flight and the member's wallets in one statement (issue 29
 * §1; the balance part is @sabai/ledger's readMemberAccountBalancesWith). Read under the member's
 * money lock, it stays true for the lock's holder except that money may arrive and rounds may be
 * booked. `extra` (optional): the caller's own columns in the same statement (a select list that
 * may use `$1` = the member id and its `params` from `$2`), answered as `extra`. `outFacts: true`
 * (optional): also GameOutFacts, answered as `outFacts` (undefined when the member has no wallets).
 */
export async function readGameMoveSnapshot<Extra extends Record<string, unknown> = Record<string, never>>(
  context: Pick<AppContext, 'db' | 'partner'>,
  memberId: string,
  extra?: { columns?: string; params?: readonly unknown[]; outFacts?: boolean },
): Promise<GameMoveSnapshot & { balances: Record<MemberAccountKind, MemberAccountBalance>; extra: Extra; outFacts?: GameOutFacts }> {
  type SnapshotRow = { username: string | null; password: string | null; partner: string | null; sending_id: string | null; sending_created_at: Date | null };
  type OutFactsRow = { out_bet_feed_cursor: string | null; out_has_unbooked_rounds: boolean };
  const params = extra?.params ?? [];
  const outFactsColumns = extra?.outFacts
    ? `(SELECT cursor_value FROM bet_feed_cursors WHERE partner = $${params.length + 2}::text) AS out_bet_feed_cursor,
       EXISTS (SELECT 1 FROM bet_rounds WHERE member_id = $1 AND ${UNBOOKED_ROUND}) AS out_has_unbooked_rounds, `
    : '';
  const { balances, accountIds, companion } = await readMemberAccountBalancesWith<SnapshotRow & Partial<OutFactsRow> & Extra>(
    context.db,
    memberId,
    {
      sql: `SELECT ${extra?.columns ? `${extra.columns}, ` : ''}${outFactsColumns}g.username, g.password, g.partner, s.id AS sending_id, s.created_at AS sending_created_at
              FROM (SELECT 1) AS one
              LEFT JOIN game_accounts g ON g.member_id = $1
              LEFT JOIN LATERAL (SELECT id, created_at FROM game_transfers WHERE member_id = $1 AND status = 'sending' LIMIT 1) s ON true`,
      params: extra?.outFacts ? [...params, context.partner.partnerName] : params,
    },
  );
  const {
    username, password, partner, sending_id: sendingId, sending_created_at: sendingCreatedAt,
    out_bet_feed_cursor: outBetFeedCursor, out_has_unbooked_rounds: outHasUnbookedRounds,
    ...rest
  } = companion;
  // The wallets' ids come with the balances (@sabai/ledger), read in the same statement.
  const outFacts = extra?.outFacts && accountIds.main !== undefined && accountIds.game !== undefined
    ? { mainAccountId: accountIds.main, gameAccountId: accountIds.game, betFeedCursor: outBetFeedCursor ?? null, hasUnbookedRounds: outHasUnbookedRounds === true }
    : undefined;
  return {
    ...(outFacts ? { outFacts } : {}),
    ...(accountIds.main !== undefined && accountIds.game !== undefined ? { walletAccountIds: { mainAccountId: accountIds.main, gameAccountId: accountIds.game } } : {}),
    account: username !== null && password !== null && partner !== null ? { username, password, partner } : undefined,
    sending: sendingId !== null && sendingCreatedAt !== null ? { id: sendingId, created_at: sendingCreatedAt } : null,
    mainAvailableSatang: balances.main.availableSatang,
    gameAvailableSatang: balances.game.availableSatang,
    balances,
    extra: rest as unknown as Extra,
  };
}

/** Pages of the bet feed a settlement pulls before it reads the partner's balance (the periodic pull does the rest). */
const SETTLEMENT_PULL_PAGES = 3;

/**
 * `moveGameCredit` under the member's money lock. `waitMs: 0` gives up at once when the member
 * is busy (a deposit's continuation into the game: the next launch moves it anyway).
 * @throws AppError MEMBER_BUSY when the lock is not free within `waitMs`.
 */
export function moveGameCreditLocked(
  context: AppContext,
  input: { memberId: string; direction: 'in' | 'out'; amountSatang: bigint | 'all' },
  options: { waitMs: number },
): Promise<GameTransferOutcome> {
  return withMemberLock(context.db, input.memberId, { waitMs: options.waitMs, leaseMs: memberLockLeaseMs(context.config) }, () => moveGameCredit(context, input));
}

/**
 * A transfer of this member still `sending` (an earlier timeout or crash) is asked about before
 * anything else moves: succeeded → post, failed → void; still unknown (or not found inside the
 * void grace) → it stays, and the caller must wait.
 * @returns whether the member has no transfer in flight now.
 */
export async function settleMemberTransferInFlight(context: AppContext, memberId: string, known?: { sending: { id: string; created_at: Date } | null }): Promise<boolean> {
  // The caller's snapshot when it read the transfer in flight under the member's lock (a launch): not read again.
  const sending = known
    ? known.sending
    : (await context.db.query<{ id: string; created_at: Date }>(`SELECT id, created_at FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId])).rows[0];
  if (!sending) return true;
  await settleFromPartnerStatus(context, sending);
  const still = await context.db.query(`SELECT 1 FROM game_transfers WHERE id = $1 AND status = 'sending'`, [sending.id]);
  return still.rowCount === 0;
}

/**
 * Settles one `sending` transfer by the partner's answer for our reference. "Not found" voids
 * only after GAME_TRANSFER_VOID_GRACE_MS, which the configuration keeps longer than the
 * partner's maximum apply time (a later apply is caught by reconcile-game-transfers.ts).
 * @returns whether this call settled it.
 */
export async function settleFromPartnerStatus(context: AppContext, transfer: { id: string; created_at: Date }): Promise<boolean> {
  return settleByAskingProvider({
    reference: transfer.id,
    sentAt: transfer.created_at,
    now: context.now(),
    voidGraceMs: context.config.GAME_TRANSFER_VOID_GRACE_MS,
    notReceivedReason: NOT_RECEIVED_BY_PARTNER,
    ask: (reference) => context.partner.getTransferStatus(reference),
    settle: (settlement) => settleGameTransfer(context, transfer.id, settlement),
  });
}

/** Failure reason of a transfer the partner never received (watched for a late apply: reconcile-game-transfers.ts). */
export const NOT_RECEIVED_BY_PARTNER = 'NOT_RECEIVED_BY_PARTNER';

class InFlightError extends Error {}

/** The unique index that admits one `sending` transfer per member (migration: game_transfers_one_in_flight). */
const isOneInFlight = (error: unknown): boolean => postgresErrorCode(error) === '23505' && violatedConstraint(error) === 'game_transfers_one_in_flight';

/**
 * The `sending` row of a reservation, in the reservation's statement (reserveTransferWith; `$11…$14`:
 * id, member, direction, amount): written only when the reservation was created.
 */
const SENDING_ROW = `sending AS (
           INSERT INTO game_transfers (id, member_id, direction, amount_satang, status, reserve_transfer_id)
           SELECT $11::text, $12::text, $13::text, $14::int8, 'sending', posting.transfer_id FROM posting WHERE posting.outcome = 'created'
         )`;

/**
 * A game transfer of `amountSatang` (the wallet's balance as the caller's snapshot read it; for a
 * GAME_OUT capped by the partner's) reserved with its `sending` row in ONE autocommitted statement
 * (docs/adr/0069, 0071) in place of BEGIN, the wallets' read, the reservation and COMMIT. The
 * ledger checks the balance under its account locks, as in the batched path; the same keys.
 * @returns the reservation, TRANSFER_IN_FLIGHT, or 'refused' (the balance changed since the snapshot).
 */
async function reserveInOneStatement(
  context: AppContext,
  input: { transferId: string; memberId: string; direction: 'in' | 'out'; fromAccountId: bigint; toAccountId: bigint; amountSatang: bigint },
): Promise<{ amountSatang: bigint; reserveTransferId: bigint } | { skipped: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' } | 'refused'> {
  const { transferId, amountSatang } = input;
  let pending: Awaited<ReturnType<typeof reserveTransferWith>>['outcome'];
  try {
    pending = (await inLedgerStatement(() => reserveTransferWith(
      context.db,
      {
        idempotencyKey: `game-${input.direction}:${transferId}`,
        code: input.direction === 'in' ? 'GAME_IN' : 'GAME_OUT',
        debitAccountId: input.fromAccountId,
        creditAccountId: input.toAccountId,
        amountSatang,
        source: { type: 'game_transfer', id: transferId },
      },
      SENDING_ROW,
      [transferId, input.memberId, input.direction, amountSatang],
    ), { isFinal: isOneInFlight })).outcome;
  } catch (error) {
    if (isOneInFlight(error)) return { skipped: 'TRANSFER_IN_FLIGHT' };
    throw error;
  }
  if (pending.status === 'refused') return 'refused';
  if (pending.status !== 'created') return { skipped: 'NOTHING_TO_MOVE' };
  return { amountSatang, reserveTransferId: pending.transferId };
}

/** A game transfer as its mover knows it after the reservation: settled without reading its row. */
interface KnownGameTransfer {
  memberId: string;
  direction: 'in' | 'out';
  amountSatang: bigint;
  /** The reservation's ledger transfer id (game_transfers.reserve_transfer_id). */
  reserveTransferId: bigint;
}

/** Settled only when accepted: the statement is autocommitted (a refusal throws after its commit and leaves the row `sending`). */
const GAME_TRANSFER_RESOLVED = "posting WHERE posting.outcome IN ('created', 'exists')";

/**
 * settleGameTransfer in ONE autocommitted statement (issue 29 §1, docs/adr/0069) for the transfer
 * its mover just reserved: the row is locked in the statement's guard (`sending` only: one a
 * concurrent settler moved drops out, as the locking read did), then the resolution, the row's
 * update, the outbox event and the balance notification, all or nothing; with it, whether a round
 * of the member waits to be booked (booked after, as before).
 * @returns whether this call settled it.
 */
async function settleKnownGameTransfer(context: AppContext, transferId: string, settlement: Settlement<unknown>, known: KnownGameTransfer): Promise<boolean> {
  const outbox = outboxEventCtes(settledEvent(transferId, known, settlement), POSTING_WITH_FIRST_PARAM + 3, {
    alsoNotify: balanceChangedNotification(known.memberId, 'adjustment'),
    onlyWhenFrom: GAME_TRANSFER_RESOLVED,
  });
  const memberParam = POSTING_WITH_FIRST_PARAM + 3 + outbox.params.length;
  const resolved = await inLedgerStatement(() => resolvePendingTransferGuardedWith<{ has_unbooked_rounds: boolean }>(
    context.db,
    settlementResolution(transferId, known, settlement),
    `SELECT reserve_transfer_id AS pending_transfer_id FROM game_transfers WHERE id = $11::text AND status = 'sending' FOR UPDATE`,
    `settled AS (
       UPDATE game_transfers SET status = $12::text, resolve_transfer_id = posting.transfer_id, failure_reason = $13::text, updated_at = now()
         FROM ${GAME_TRANSFER_RESOLVED} AND game_transfers.id = $11::text
     ), ${outbox.ctes}`,
    [transferId, settlement.result, settlement.result === 'failed' ? settlement.reason : null, ...outbox.params, known.memberId],
    `${outbox.select}, EXISTS (SELECT 1 FROM bet_rounds WHERE member_id = $${memberParam}::text AND ${UNBOOKED_ROUND}) AS has_unbooked_rounds`,
  ));
  if (!resolved) return false;
  expectPosted(resolved.outcome);
  // Rounds that waited for this transfer (a loss paid with credit then in flight) can book now.
  if (resolved.row.has_unbooked_rounds) await bookRoundResults(context, known.memberId, { hasUnbookedRounds: true });
  return true;
}

/** The `game-transfer.settled` event of a settlement (both settling paths record the same one). */
function settledEvent(transferId: string, transfer: KnownGameTransfer, settlement: Settlement<unknown>) {
  return {
    kind: 'game-transfer.settled' as const,
    eventKey: `game-transfer.settled:${transferId}`,
    memberId: transfer.memberId,
    payload: {
      memberId: transfer.memberId,
      transferId,
      direction: transfer.direction,
      amountSatang: toSatangText(transfer.amountSatang),
      outcome: settlement.result === 'succeeded' ? ('posted' as const) : ('voided' as const),
    },
  };
}

/** The ledger resolution of a settlement: post the reservation (the credit moved) or void it (it did not), keyed by transfer and outcome. */
function settlementResolution(transferId: string, transfer: KnownGameTransfer, settlement: Settlement<unknown>) {
  const resolution = settlement.result === 'succeeded' ? ('post' as const) : ('void' as const);
  return {
    idempotencyKey: `game-${transfer.direction}-${resolution}:${transferId}`,
    pendingTransferId: transfer.reserveTransferId,
    resolution,
    code: transfer.direction === 'in' ? ('GAME_IN' as const) : ('GAME_OUT' as const),
    source: { type: 'game_transfer', id: transferId },
  };
}

/**
 * Settles a `sending` game transfer once its outcome is known: post (the credit moved) or void
 * (it did not). Anything not `sending` is left alone. @returns whether this call settled it.
 */
export async function settleGameTransfer(
  context: AppContext,
  transferId: string,
  settlement: Settlement<unknown>,
  known?: KnownGameTransfer,
): Promise<boolean> {
  if (known) return settleKnownGameTransfer(context, transferId, settlement, known);
  const memberId = await context.postings.run(async (tx): Promise<string | false> => {
    const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; direction: 'in' | 'out'; amount_satang: bigint }>(
      `SELECT member_id, reserve_transfer_id, direction, amount_satang FROM game_transfers WHERE id = $1 AND status = 'sending' FOR UPDATE`,
      [transferId],
    );
    const transfer = rows[0];
    if (!transfer) return false;
    // The resolution, the row's update, the outbox event and the balance notification in one
    // statement (issue 29 §3, @sabai/ledger resolvePendingTransferWith): the update reads the
    // resolution's id; a refusal throws below and rolls all of it back, as expectPosted did.
    const locked: KnownGameTransfer = { memberId: transfer.member_id, reserveTransferId: transfer.reserve_transfer_id, direction: transfer.direction, amountSatang: transfer.amount_satang };
    const outbox = outboxEventCtes(settledEvent(transferId, locked, settlement), POSTING_WITH_FIRST_PARAM + 3, { alsoNotify: balanceChangedNotification(transfer.member_id, 'adjustment') });
    const resolved = await resolvePendingTransferWith(
      tx,
      settlementResolution(transferId, locked, settlement),
      `settled AS (
         UPDATE game_transfers SET status = $12::text, resolve_transfer_id = posting.transfer_id, failure_reason = $13::text, updated_at = now()
           FROM posting WHERE game_transfers.id = $11::text AND posting.outcome IN ('created', 'exists')
       ), ${outbox.ctes}`,
      [transferId, settlement.result, settlement.result === 'failed' ? settlement.reason : null, ...outbox.params],
      outbox.select,
    );
    expectPosted(resolved.outcome);
    return transfer.member_id;
  });
  if (memberId === false) return false;
  // Rounds that waited for this transfer (a loss paid with credit then in flight) can book now.
  await bookRoundResults(context, memberId);
  return true;
}
