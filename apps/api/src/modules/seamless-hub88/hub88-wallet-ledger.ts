import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import {
  availableCreditBalance,
  ensureHouseAccount,
  findAccountId,
  inLedgerTransaction,
  lockAccount,
  readAccountBalance,
  requireMemberAccountId,
} from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import type { Hub88Member } from './hub88-members.ts';
import { HUB88_CURRENCY, satangToUnits, type Hub88Response, type Hub88Status } from './hub88-wire.ts';

/**
 * The shared frame of every Hub88 wallet transaction (issue 30 §1 "Money"): one database
 * transaction per call, under the member's main-wallet row lock, so a member's bets, wins and
 * rollbacks queue one behind another and the funds check of a bet sees every earlier one. A bet is
 * a ledger transfer main → `house:partner:hub88` (no game wallet in seamless mode); a win and a
 * rollback go back the other way. Each transaction_uuid is recorded with its content hash and the
 * exact answer (hub88_transactions, migration 0040).
 */
export const HUB88_PARTNER_ACCOUNT = 'house:partner:hub88';
export const HUB88_PARTNER_NAME = 'hub88';

export interface WalletFrame {
  tx: Queryable;
  member: Hub88Member;
  mainAccountId: bigint;
  partnerAccountId: bigint;
}

/** The partner account's id per database (it never changes once created): one query less per call. */
const partnerAccountIds = new WeakMap<object, bigint>();

/** Runs `work` in one ledger transaction holding the member's main-wallet lock (bounded retries on deadlock). */
export async function inMemberWallet<T>(context: AppContext, member: Hub88Member, work: (frame: WalletFrame) => Promise<T>): Promise<T> {
  const done = await inLedgerTransaction(context.db, async (tx) => {
    const mainAccountId = await requireMemberAccountId(tx, member.memberId, 'main');
    await lockAccount(tx, mainAccountId);
    const partnerAccountId =
      partnerAccountIds.get(context.db) ??
      (await findAccountId(tx, HUB88_PARTNER_ACCOUNT)) ??
      // Hot (every bet touches it): totals derived from entries (money.md "Accounts").
      (await ensureHouseAccount(tx, { code: HUB88_PARTNER_ACCOUNT, kind: 'house_asset', isTotalsCached: false }));
    return { result: await work({ tx, member, mainAccountId, partnerAccountId }), partnerAccountId };
  });
  // Remembered once a transaction that used it committed (a rolled-back create is not there).
  partnerAccountIds.set(context.db, done.partnerAccountId);
  return done.result;
}

/** The member's spendable main wallet in satang (posted credits − debits − pending debits). */
export async function mainBalanceSatang(frame: WalletFrame): Promise<bigint> {
  return availableCreditBalance(await readAccountBalance(frame.tx, frame.mainAccountId));
}

/** An answer carrying the member's balance and currency (RS_OK and the refusals Hub88 wants a balance with). */
export async function answerWithBalance(frame: WalletFrame, requestUuid: string, status: Hub88Status): Promise<Hub88Response> {
  return { user: frame.member.hub88User, status, request_uuid: requestUuid, currency: HUB88_CURRENCY, balance: satangToUnits(await mainBalanceSatang(frame)) };
}

export interface RecordedTransaction {
  transactionUuid: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  memberId: string;
  round: string | null;
  gameCode: string | null;
  amountSatang: bigint;
  requestHash: string;
  status: string;
  responseBody: string;
  rolledBackBy: string | null;
}

/** The recorded transaction of `uuid`, row-locked, or undefined. */
export async function findRecorded(tx: Queryable, uuid: string): Promise<RecordedTransaction | undefined> {
  const { rows } = await tx.query<{
    transaction_uuid: string; kind: RecordedTransaction['kind']; member_id: string; round: string | null; game_code: string | null;
    amount_satang: bigint; request_hash: string; status: string; response_body: string; rolled_back_by: string | null;
  }>(
    `SELECT transaction_uuid, kind, member_id, round, game_code, amount_satang, request_hash, status, response_body, rolled_back_by
     FROM hub88_transactions WHERE transaction_uuid = $1 FOR UPDATE`,
    [uuid],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    transactionUuid: row.transaction_uuid, kind: row.kind, memberId: row.member_id, round: row.round, gameCode: row.game_code,
    amountSatang: row.amount_satang, requestHash: row.request_hash, status: row.status, responseBody: row.response_body, rolledBackBy: row.rolled_back_by,
  };
}

/**
 * The content hash of a transaction request: what makes it the same business action (Hub88's
 * RS_ERROR_DUPLICATE_TRANSACTION: "same transaction_uuid … but a different reference transaction,
 * amount, currency, round, user or game"). `request_uuid`, `token` and unknown fields are left out:
 * a retry may carry new ones.
 */
export function requestHash(kind: string, fields: Record<string, unknown>): string {
  const keys = ['user', 'transaction_uuid', 'reference_transaction_uuid', 'amount', 'currency', 'round', 'game_code', 'is_free'];
  return createHash('sha256').update(JSON.stringify([kind, ...keys.map((key) => fields[key] ?? null)])).digest('hex');
}

/**
 * What to answer when `uuid` was seen before: the stored answer byte for byte (only `request_uuid`
 * echoes this call's, as Hub88 requires) when it is the same action, RS_ERROR_DUPLICATE_TRANSACTION
 * when the content differs, RS_ERROR_TRANSACTION_ROLLED_BACK for a bet a rollback already named.
 * @returns the response body text, or null when `uuid` is new.
 */
export function answerForSeen(seen: RecordedTransaction | undefined, call: { kind: 'bet' | 'win' | 'rollback'; hash: string; user: string; requestUuid: string }): string | null {
  if (!seen) return null;
  if (seen.kind === 'tombstone' && call.kind === 'bet') return JSON.stringify({ user: call.user, status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', request_uuid: call.requestUuid });
  if (seen.kind !== call.kind || seen.requestHash !== call.hash) {
    return JSON.stringify({ user: call.user, status: 'RS_ERROR_DUPLICATE_TRANSACTION', request_uuid: call.requestUuid });
  }
  const stored = JSON.parse(seen.responseBody) as Hub88Response;
  return stored.request_uuid === call.requestUuid ? seen.responseBody : JSON.stringify({ ...stored, request_uuid: call.requestUuid });
}

/** Records a transaction and its answer; returns the answer's text (what the route sends). */
export async function recordTransaction(
  frame: WalletFrame,
  input: {
    uuid: string; kind: 'bet' | 'win' | 'rollback'; round: string | null; gameCode: string | null; reference: string | null;
    amountUnits: number; amountSatang: bigint; hash: string; response: Hub88Response; ledgerTransferId: bigint | null;
  },
): Promise<string> {
  const body = JSON.stringify(input.response);
  await frame.tx.query(
    `INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, round, game_code, reference_transaction_uuid,
       amount_units, amount_satang, request_hash, status, response_body, ledger_transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [input.uuid, input.kind, frame.member.memberId, frame.member.hub88User, input.round, input.gameCode, input.reference,
      BigInt(input.amountUnits), input.amountSatang, input.hash, input.response.status, body, input.ledgerTransferId],
  );
  return body;
}

/** Leaves a tombstone for a bet uuid a rollback named before the bet came: the late bet is refused. */
export async function recordTombstone(frame: WalletFrame, betUuid: string, rollbackUuid: string): Promise<void> {
  await frame.tx.query(
    `INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, request_hash, status, response_body, rolled_back_by)
     VALUES ($1, 'tombstone', $2, $3, '', 'TOMBSTONE', '', $4)`,
    [betUuid, frame.member.memberId, frame.member.hub88User, rollbackUuid],
  );
}

/**
 * Writes what a Hub88 transaction played into `bet_rounds` (partner `hub88`), where turnover, bonus
 * wagering, loss limits, reality checks, cashback and affiliate income read rounds: one row per
 * bet (its stake, a `loss` until anything says otherwise) and one per win (its payout, stake 0),
 * id `<round>:<transaction_uuid>`, dated when it happened and never moved, so a period computed
 * once (cashback, affiliate) never sees a row change sides. A bet rolled back becomes `cancelled`
 * with nothing staked (cancelPlay). Zero amounts (free bets, empty wins) write nothing. The money
 * already moved in the main wallet, so a row is booked as written (`booked_net = payout − stake`):
 * the transfer wallet's round settlement (book-round-results.ts) never books it again.
 */
export async function recordPlay(
  frame: WalletFrame,
  input: { transactionUuid: string; round: string; gameCode: string; stakeSatang: bigint; payoutSatang: bigint; now: Date },
): Promise<void> {
  if (input.stakeSatang === 0n && input.payoutSatang === 0n) return;
  const result = input.payoutSatang > input.stakeSatang ? 'win' : input.payoutSatang < input.stakeSatang ? 'loss' : 'draw';
  await frame.tx.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'settled', $8, $6::int8 - $5::int8)`,
    [HUB88_PARTNER_NAME, playRowId(input.round, input.transactionUuid), frame.member.memberId, input.gameCode, input.stakeSatang, input.payoutSatang, result, input.now],
  );
}

/** A bet rolled back: its row no longer counts (cancelled, nothing staked or booked). */
export async function cancelPlay(frame: WalletFrame, bet: { round: string | null; transactionUuid: string }): Promise<void> {
  await frame.tx.query(
    `UPDATE bet_rounds SET status = 'cancelled', result = 'draw', stake_satang = 0, payout_satang = 0, booked_net_satang = 0, updated_at = now()
     WHERE partner = $1 AND round_id = $2`,
    [HUB88_PARTNER_NAME, playRowId(bet.round ?? bet.transactionUuid, bet.transactionUuid)],
  );
}

const playRowId = (round: string, transactionUuid: string) => `${round}:${transactionUuid}`;

