import { randomUUID } from 'node:crypto';
import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import { HOUSE_ACCOUNTS, POSTING_WITH_FIRST_PARAM, availableCreditBalance, inLedgerTransaction, lockMemberWallet, readAccountBalance, requireAccountId, reserveTransferWith, type MemberAccountBalance, type MemberAccountKind } from '@sabai/ledger';
import type { WithdrawalState } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { activeGrantFromRow, endGrant, memberMoneySatang, payableUnderGrant, reviewActiveGrant, type ActiveGrant } from '../promotions/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { balanceChangedNotification } from '../../lib/balance-notifications.ts';
import type { AppContext } from '../../context.ts';
import { executePayout, payClaimedWithdrawal, type ClaimedPayout } from './execute-payout.ts';
import { findStoredWithdrawal } from './find-stored-withdrawal.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { withMemberLock, type HeldMemberLock } from '../../lib/member-lock.ts';
import { moveGameCredit, readGameMoveSnapshot, type GameMoveSnapshot, type GameOutFacts } from '../play/index.ts';
import { endWageringRequirementsCte, getTurnover, readTurnoverLockingGrant, turnoverFromState } from '../wallet/index.ts';
import { outboxEventCtes, toSatangText } from '../outbox/index.ts';
import { bahtText, maximumMessage, minimumMessage, OPEN_WITHDRAWAL_STATES, toWireStatus } from './withdrawal-rules.ts';

export interface WithdrawalView {
  withdrawalId: string;
  amountSatang: bigint;
  status: WithdrawalState;
  wireStatus: 1 | 2 | 3;
  createdAt: Date;
}

/**
 * `POST /fund-composite/v1/withdrawal` {Amount, Channel: "BANK"} (issue "Money" §6). Checks every
 * rule on the server (enabled, spec §5 minimum message, maximum, turnover, one open withdrawal at a
 * time), reserves the amount with a pending WITHDRAW transfer (member main → house:payouts_in_flight)
 * and records the withdrawal to the member's bound account, in one transaction. At or under the
 * auto-withdraw maximum it is paid at once through the payout adapter (execute-payout.ts, after
 * the commit); above it waits for staff.
 *
 * Idempotent by `requestKey` (the `Idempotency-Key` header): the same key and amount returns the
 * same withdrawal, read first, without the member's lock (find-stored-withdrawal.ts); the same key
 * with another amount is IDEMPOTENCY_CONFLICT.
 *
 * Credit at the game partner is brought back first (GAME_OUT) when the main wallet is short.
 *
 * Runs under the member's money lock (issue 15), so launches and other withdrawals of the member
 * queue behind it, each for at most MEMBER_LOCK_WAIT_MS (then MEMBER_BUSY, nothing done).
 *
 * @throws AppError INVALID_AMOUNT, MEMBER_BUSY, GAME_TRANSFER_PENDING, GAME_PROVIDER_UNAVAILABLE, WITHDRAW_DISABLED, WITHDRAW_BELOW_MINIMUM, WITHDRAW_ABOVE_MAXIMUM,
 *   TURNOVER_NOT_MET, INSUFFICIENT_BALANCE, WITHDRAW_IN_PROGRESS, IDEMPOTENCY_CONFLICT.
 */
export async function requestWithdrawal(
  context: AppContext,
  input: { memberId: string; amountSatang: bigint; requestKey?: string | undefined },
): Promise<WithdrawalView> {
  // Parsed from wire baht at the edge (contracts bahtToSatang); a use case still refuses nonsense.
  const { amountSatang } = input;
  if (amountSatang <= 0n) throw new AppError('INVALID_AMOUNT');
  // An empty key reads as none (contracts withdrawalHeaders): the server makes one.
  const requestKey = input.requestKey || randomUUID();
  if (requestKey.length > 200) throw new AppError('VALIDATION_FAILED');
  // A retry is answered from what is stored before the rules, the lock or any work (issue 24 §3,
  // docs/adr/0038): it never waits on the member's lock nor hears MEMBER_BUSY, and a withdrawal
  // made before the operator changed the rules is still the answer.
  if (input.requestKey) {
    const storedId = await findStoredWithdrawal(context.db, { memberId: input.memberId, requestKey, amountSatang });
    if (storedId !== undefined) return readWithdrawal(context, storedId);
  }
  const settings = await context.siteSettings.get();
  if (!settings.withdraw_enabled) throw new AppError('WITHDRAW_DISABLED');
  if (amountSatang < settings.withdraw_min_satang) throw new AppError('WITHDRAW_BELOW_MINIMUM', { message: minimumMessage(settings.withdraw_min_satang) });
  if (amountSatang > settings.withdraw_max_satang) throw new AppError('WITHDRAW_ABOVE_MAXIMUM', { message: maximumMessage(settings.withdraw_max_satang) });
  // One money operation of a member at a time (issue 15): a launch cannot empty the main wallet
  // into the game between bringing credit back and reserving it.
  const lock = { waitMs: context.config.MEMBER_LOCK_WAIT_MS, leaseMs: memberLockLeaseMs(context.config) };
  const created = await withMemberLock(context.db, input.memberId, lock, async (held) => {
    // Another withdrawal still open: say so before moving anything out of the game for nothing.
    // One statement with what bringing credit back needs to know (issue 29 §1, docs/adr/0053):
    // the member's wallets (@sabai/ledger reads them), the game account and a game transfer in
    // flight (play's readGameMoveSnapshot, as a launch reads them; handed to moveGameCredit).
    const snapshot = await readGameMoveSnapshot<{ is_open: boolean; has_grant: boolean }>(context, input.memberId, {
      columns: `EXISTS (SELECT 1 FROM withdrawals WHERE member_id = $1 AND status = ANY($2::text[]) AND request_key <> $3) AS is_open,
                EXISTS (SELECT 1 FROM bonus_grants WHERE member_id = $1 AND status = 'active') AS has_grant`,
      params: [[...OPEN_WITHDRAWAL_STATES], requestKey],
      // What bringing credit back needs besides (accounts, feed cursor, unbooked rounds): not read again (docs/adr/0069).
      outFacts: true,
    });
    if (snapshot.extra.is_open) throw new AppError('WITHDRAW_IN_PROGRESS');
    if (snapshot.account) await bringCreditBackFromGame(context, { memberId: input.memberId, amountSatang, hasGrant: snapshot.extra.has_grant, snapshot });
    const reserved = await reserveWithdrawal(context, { memberId: input.memberId, requestKey, amountSatang, settings, held });
    // A new withdrawal's committed transaction held the lease's DELETE (its last attempt ran it;
    // one that found the request's withdrawal did not).
    if (reserved.isNew) held.confirmReleased();
    // PAYOUT_PROVIDER=manual: an auto-approved one joins finance's queue (a conditional change: the
    // member lock already ended with the reservation's commit, which is all it guards).
    if (reserved.isNew && reserved.status === 'approved') return { ...reserved, statusNow: await executePayout(context, reserved.id) };
    return { ...reserved, statusNow: reserved.status };
  });
  // Paid at once: recorded `paying` in the reservation's transaction (committed, docs/adr/0074);
  // the payout runs with the member's lock released, as before.
  const status = created.isNew && created.claimed ? await payClaimedWithdrawal(context, created.id, created.claimed) : created.statusNow;
  return { withdrawalId: created.id, amountSatang: created.amountSatang, status, wireStatus: toWireStatus(status), createdAt: created.createdAt };
}

/**
 * The withdrawal's one transaction: idempotency by request key, the bank-account verification and
 * turnover checks under the main wallet's row lock, the bonus grant's end, the pending WITHDRAW
 * reservation and the row. A withdrawal paid at once through a payout API (at or under the
 * auto-withdraw maximum, PAYOUT_PROVIDER not manual) is recorded already claimed — `paying`, with
 * its payout start — and `claimed` carries what paying and settling it need (docs/adr/0074: no
 * `approved` row updated to `paying` in a statement of its own). Committed before the provider is
 * called, as the claim was: a crash after the commit leaves `paying` for the recovery job.
 */
async function reserveWithdrawal(
  context: AppContext,
  input: { memberId: string; requestKey: string; amountSatang: bigint; settings: Awaited<ReturnType<AppContext['siteSettings']['get']>>; held: HeldMemberLock },
): Promise<{ id: string; isNew: boolean; status: WithdrawalState; amountSatang: bigint; createdAt: Date; claimed?: ClaimedPayout }> {
  const { requestKey, amountSatang, settings } = input;
  return inLedgerTransaction(context.db, async (tx) => {
    // The main wallet's row lock first: income moved in, an approval or a deposit (each locks main
    // when it records its turnover requirement or grant) cannot commit between this turnover check
    // and the reservation below, so a requirement is never ended unseen (docs/adr/0011).
    // One statement (issue 29 §1, lockMemberWallet): that lock, the member row (FOR SHARE: the bank
    // account cannot change under the withdrawal), its verification, the bound account paid to,
    // and a withdrawal of this key (idempotency: a request that raced the read before the lock is
    // answered with the first).
    const member = await lockMainWalletForWithdrawal(tx, input.memberId, requestKey);
    const mainAccount = member.accountId;
    if (member.existing) {
      if (member.existing.amount_satang !== amountSatang) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { id: member.existing.id, isNew: false, status: member.existing.status, amountSatang: member.existing.amount_satang, createdAt: member.existing.created_at };
    }
    if (!member.is_verified) throw new AppError('BANK_ACCOUNT_NOT_VERIFIED');
    // Issue 26 §1: a played-out bonus, or one whose uncapped turnover is met, ends before the rules
    // read it. The wallet is read only when there is a grant.
    // The grant row (locked FOR UPDATE) and the turnover in one statement (issue 29 §1). Without a
    // grant that read stands: requirements and grants are recorded under the main wallet's lock,
    // which this transaction holds. With one, its review may end it: the turnover is read again.
    const read = await readTurnoverLockingGrant(tx, input.memberId);
    const lockedGrant = read.lockedGrant ? activeGrantFromRow(read.lockedGrant) : null;
    const grant = await reviewActiveGrant(tx, { memberId: input.memberId, walletSatang: () => memberMoneySatang(tx, input.memberId), now: context.now(), lockedGrant });
    const turnover = lockedGrant === null && read.turnover.grant === null ? turnoverFromState(read.turnover) : await getTurnover(tx, input.memberId);
    if (turnover.nowSatang < turnover.neededSatang) throw new AppError('TURNOVER_NOT_MET');

    const withdrawalId = newPrefixedId('wdr');
    if (grant) await endBonusGrantOnWithdrawal(tx, { memberId: input.memberId, grant, mainAccount, amountSatang, now: context.now() });
    const inFlight = await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight);
    const isAutomatic = amountSatang <= settings.withdraw_auto_max_satang;
    const status: WithdrawalState = !isAutomatic ? 'pending_approval' : context.config.PAYOUT_PROVIDER === 'manual' ? 'approved' : 'paying';
    let createdAt: Date;
    let claimed: ClaimedPayout | undefined;
    try {
      // The reservation and the withdrawal's row in one statement (issue 29 §1, reserveTransferWith):
      // the row is written only when the reservation was created; a refusal writes nothing and
      // throws below, rolling back the transaction. One open withdrawal per member: the unique
      // index withdrawals_one_open_per_member (every open state, migration 0035) refuses a second
      // one here; no read before it.
      // Met (checked above): a withdrawal ends them, as it ends the grant (docs/adr/0011), and its
      // outbox event: both in the same statement, written only when the reservation was created.
      const accepted = "posting WHERE posting.outcome = 'created'";
      const wagering = endWageringRequirementsCte({ memberId: input.memberId, reason: 'WITHDRAWN', now: context.now() }, POSTING_WITH_FIRST_PARAM + 10, accepted);
      const outbox = outboxEventCtes({
        kind: 'withdrawal.requested',
        eventKey: `withdrawal.requested:${withdrawalId}`,
        memberId: input.memberId,
        payload: { memberId: input.memberId, withdrawalId, amountSatang: toSatangText(amountSatang), status },
      }, POSTING_WITH_FIRST_PARAM + 10 + wagering.params.length, { alsoNotify: balanceChangedNotification(input.memberId, 'withdrawal'), onlyWhenFrom: accepted });
      // The member's money lock ends with this transaction's commit (docs/adr/0074): a refusal
      // throws and rolls the DELETE back, and withMemberLock releases it then.
      const release = input.held.releaseInStatement(POSTING_WITH_FIRST_PARAM + 10 + wagering.params.length + outbox.params.length);
      const reserved = await reserveTransferWith<{ created_at: Date | null; first_bank_account_id: bigint | null }>(
        tx,
        {
          idempotencyKey: `withdraw-reserve:${withdrawalId}`,
          code: 'WITHDRAW',
          debitAccountId: mainAccount,
          creditAccountId: inFlight,
          amountSatang,
          source: { type: 'withdrawal', id: withdrawalId },
        },
        // `paying`: the payout starts now; the bank channel a paid one
        // leaves from (docs/adr/0007) is read here, where the claim's RETURNING read it.
        `recorded AS (
           INSERT INTO withdrawals (id, member_id, request_key, amount_satang, bank_code, account_number, account_name, status, reserve_transfer_id, decided_by, payout_started_at)
           SELECT $11::text, $12::text, $13::text, $14::int8, $15::text, $16::text, $17::text, $18::text, posting.transfer_id, $19::text,
                  $20::timestamptz
             FROM posting WHERE posting.outcome = 'created'
           RETURNING created_at,
                     CASE WHEN status = 'paying' THEN (SELECT c.ledger_account_id FROM deposit_channels c WHERE c.kind = 'bank' AND c.state <> 'disabled' ORDER BY c.sort_order, c.id LIMIT 1) END AS first_bank_account_id
         ), ${wagering.cte}, ${outbox.ctes}, ${release.cte}`,
        [withdrawalId, input.memberId, requestKey, amountSatang, member.bank_code, member.bank_account_number,
          `${member.first_name} ${member.last_name}`, status, isAutomatic ? 'auto' : null, status === 'paying' ? context.now() : null, ...wagering.params, ...outbox.params, ...release.params],
        `(SELECT created_at FROM recorded) AS created_at, (SELECT first_bank_account_id FROM recorded) AS first_bank_account_id, ${outbox.select}`,
      );
      if (reserved.outcome.status === 'refused') throw new AppError('INSUFFICIENT_BALANCE');
      if (reserved.outcome.status !== 'created') throw new Error(`withdrawal reserve: unexpected ${reserved.outcome.status}`);
      if (reserved.row.created_at === null) throw new Error(`withdrawal ${withdrawalId} was not recorded`);
      createdAt = reserved.row.created_at;
      if (status === 'paying') {
        claimed = {
          member_id: input.memberId,
          reserve_transfer_id: reserved.outcome.transferId,
          amount_satang: amountSatang,
          bank_code: member.bank_code,
          account_number: member.bank_account_number,
          account_name: `${member.first_name} ${member.last_name}`,
          first_bank_account_id: reserved.row.first_bank_account_id,
        };
      }
    } catch (error) {
      if (postgresErrorCode(error) === '23505' && violatedConstraint(error) === 'withdrawals_one_open_per_member') throw new AppError('WITHDRAW_IN_PROGRESS');
      throw error;
    }
    return { id: withdrawalId, isNew: true, status, amountSatang, createdAt, ...(claimed ? { claimed } : {}) };
  });
}

/**
 * The member's main wallet locked (FOR NO KEY UPDATE, as postings lock it) and the member's row
 * read `FOR SHARE`, with the withdrawal already made under `requestKey` (withdrawals' unique
 * (member_id, request_key)), in one statement.
 */
async function lockMainWalletForWithdrawal(tx: Queryable, memberId: string, requestKey: string) {
  const row = await lockMemberWallet<{
    is_verified: boolean;
    bank_code: string;
    bank_account_number: string;
    first_name: string;
    last_name: string;
    existing_id: string | null;
    existing_amount_satang: bigint | null;
    existing_status: WithdrawalState | null;
    existing_created_at: Date | null;
  }>(tx, {
    kind: 'main',
    memberColumns: `m.bank_account_verified_at IS NOT NULL AS is_verified, m.bank_code, m.bank_account_number, m.first_name, m.last_name,
                    w.id AS existing_id, w.amount_satang AS existing_amount_satang, w.status AS existing_status, w.created_at AS existing_created_at`,
    memberJoins: 'LEFT JOIN withdrawals w ON w.member_id = m.id AND w.request_key = $3',
    memberWhere: 'm.id = $2',
    params: [memberId, requestKey],
    lockMember: 'share',
  });
  if (!row) throw new Error(`member ${memberId} not found`);
  const existing = row.existing_id !== null && row.existing_amount_satang !== null && row.existing_status !== null && row.existing_created_at !== null
    ? { id: row.existing_id, amount_satang: row.existing_amount_satang, status: row.existing_status, created_at: row.existing_created_at }
    : null;
  return { ...row, existing };
}

/**
 * Issue "Play": money at the partner comes back to the main wallet (GAME_OUT) before a withdrawal
 * reserves it, when the main wallet alone does not cover the amount (`balances`: the member's
 * wallets read under the member's money lock).
 * @throws AppError GAME_TRANSFER_PENDING when the move's outcome is not known yet.
 */
async function bringCreditBackFromGame(
  context: AppContext,
  input: { memberId: string; amountSatang: bigint; hasGrant: boolean; snapshot: GameMoveSnapshot & { balances: Record<MemberAccountKind, MemberAccountBalance>; outFacts?: GameOutFacts } },
): Promise<void> {
  const { memberId, amountSatang, hasGrant, snapshot } = input;
  const { balances } = snapshot;
  // Under a bonus grant everything comes back: the max-withdraw rule applies to the whole balance.
  if (balances.main.availableSatang >= amountSatang && !hasGrant) return;
  // The account and the transfer in flight as read with the wallets (not read again, issue 29 §3).
  const moved = await moveGameCredit(context, { memberId, direction: 'out', amountSatang: 'all', ...(snapshot.account ? { account: snapshot.account } : {}), known: snapshot });
  if (moved.status === 'sending' || (moved.status === 'skipped' && moved.reason === 'TRANSFER_IN_FLIGHT')) throw new AppError('GAME_TRANSFER_PENDING');
  // The money is at the partner and cannot come back now: say so, never "insufficient balance".
  if (moved.status === 'skipped' && moved.reason === 'PARTNER_UNAVAILABLE' && balances.game.availableSatang > 0n) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
}

/**
 * A withdrawal ends the member's active bonus grant (docs/adr/0010, 0043): its turnover target
 * must be met (checked with the position); the cap limits only the bonus and its winnings, so the
 * member may take payable = max(own money, min(wallet, cap)) (bonus-rules payableUnderGrant) and
 * whatever the main wallet holds above that is forfeited by a BONUS_FORFEIT transfer of its own,
 * recorded on the grant. The member's own money is never forfeited. Runs inside the withdrawal's
 * transaction, after the main wallet's row lock.
 * @throws AppError WITHDRAW_ABOVE_MAXIMUM (the promotion's cap), saying the payable amount.
 */
async function endBonusGrantOnWithdrawal(
  tx: Queryable,
  input: { memberId: string; grant: ActiveGrant; mainAccount: bigint; amountSatang: bigint; now: Date },
): Promise<void> {
  const { grant } = input;
  const mainAvailable = availableCreditBalance(await readAccountBalance(tx, input.mainAccount));
  const { payableSatang, forfeitSatang } = payableUnderGrant(mainAvailable, grant);
  if (input.amountSatang > payableSatang) {
    throw new AppError('WITHDRAW_ABOVE_MAXIMUM', { message: `ถอนได้สูงสุด ${bahtText(payableSatang)} บาทตามเงื่อนไขโปรโมชั่น` });
  }
  await endGrant(tx, { memberId: input.memberId, grantId: grant.id, reason: 'WITHDRAWN', forfeitSatang, now: input.now });
}

export async function readWithdrawal(context: AppContext, withdrawalId: string): Promise<WithdrawalView> {
  const { rows } = await context.db.query<{ id: string; amount_satang: bigint; status: WithdrawalState; created_at: Date }>(
    'SELECT id, amount_satang, status, created_at FROM withdrawals WHERE id = $1',
    [withdrawalId],
  );
  const row = rows[0];
  if (!row) throw new Error(`withdrawal ${withdrawalId} not found`);
  return { withdrawalId: row.id, amountSatang: row.amount_satang, status: row.status, wireStatus: toWireStatus(row.status), createdAt: row.created_at };
}
