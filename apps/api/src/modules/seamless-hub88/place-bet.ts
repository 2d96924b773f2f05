import type { AppContext } from '../../context.ts';
import { isAppError } from '../../lib/app-error.ts';
import { assertMayPlay } from '../responsible-gaming/index.ts';
import { betTokenProblem, touchHub88Session } from './hub88-sessions.ts';
import { answerWithKnownBalance, betInOneCall, inLockedWallet, moveAndRecord, readBetFacts, type BetFacts, type LockedWallet } from './hub88-wallet-call.ts';
import { answerForSeen, recordTransaction, requestHash } from './hub88-wallet-ledger.ts';
import { HUB88_CURRENCY, unitsToSatang, type BetRequest, type Hub88Status } from './hub88-wire.ts';


/**
 * `POST /seamless/hub88/transaction/bet` (Hub88 Operator Wallet API): debits the member's main
 * wallet by `amount` (GAME_IN main → house:partner:hub88, key `hub88:bet:<transaction_uuid>`), in
 * one transaction under the member's lock, the funds check inside it. In this order:
 * 1. a transaction_uuid seen before answers from the record (same content: the stored bytes;
 *    other content: RS_ERROR_DUPLICATE_TRANSACTION; a uuid a rollback named first:
 *    RS_ERROR_TRANSACTION_ROLLED_BACK) and moves nothing;
 * 2. the token must be this user's live session (RS_ERROR_INVALID_TOKEN / RS_ERROR_TOKEN_EXPIRED);
 * 3. a suspended member, a time-out or self-exclusion: RS_ERROR_USER_DISABLED; past a loss limit:
 *    RS_ERROR_LIMIT_REACHED (issue 12, player protection applies to bets only);
 * 4. more than the main wallet holds: RS_ERROR_NOT_ENOUGH_MONEY with the balance.
 * Refusals of steps 3–4 are recorded like successes (a retry gets the same answer). A free bet
 * (`is_free`, a Hub88 reward) moves no money. The stake counts toward turnover (recordPlay).
 * @returns the response body text (HTTP 200 always).
 */
export async function placeHub88Bet(context: AppContext, request: BetRequest): Promise<string> {
  const refuse = (status: Hub88Status) => JSON.stringify({ user: request.user, status, request_uuid: request.request_uuid });
  if (request.currency !== HUB88_CURRENCY) return refuse('RS_ERROR_WRONG_CURRENCY');
  const amountSatang = unitsToSatang(request.amount);
  if (amountSatang === null) return refuse('RS_ERROR_WRONG_TYPES');
  const hash = requestHash('bet', request);
  const now = context.now();
  const round = request.round ?? request.transaction_uuid;
  // One round trip for the common bet (hub88_wallet_bet, migration 0051; docs/adr/0054) …
  const fast = await betInOneCall(context, {
    hub88User: request.user, transactionUuid: request.transaction_uuid, requestUuid: request.request_uuid, token: request.token, round,
    gameCode: request.game_code ?? null, amountUnits: request.amount, amountSatang, isFree: request.is_free === true, hash, now,
  });
  if (fast.outcome === 'answered') return fast.body;
  if (fast.outcome === 'refused') return refuse(fast.status);
  // … and five for the rest (a replay, a loss limit, a free bet, the first bet of a process):
  // BEGIN, lock + balance, the facts, posting + writes, COMMIT.
  return inLockedWallet(context, request.user, async (wallet) => {
    if (!wallet) return refuse('RS_ERROR_INVALID_TOKEN');
    const facts = await readBetFacts(wallet, { transactionUuid: request.transaction_uuid, token: request.token, now });
    const seen = answerForSeen(facts.seen, { kind: 'bet', hash, user: request.user, requestUuid: request.request_uuid });
    if (seen !== null) return seen;
    const tokenProblem = betTokenProblem(facts.session, request.user, now);
    if (tokenProblem) return refuse(tokenProblem);
    const record = (status: Hub88Status, balanceSatang: bigint) =>
      recordTransaction(wallet, {
        uuid: request.transaction_uuid, kind: 'bet', round, gameCode: request.game_code ?? null, reference: null, amountUnits: request.amount,
        amountSatang: 0n, hash, response: answerWithKnownBalance(wallet, request.request_uuid, status, balanceSatang), ledgerTransferId: null,
      });
    const protection = await protectionRefusal(wallet, facts, now);
    if (protection) return record(protection, wallet.availableSatang);
    const debit = request.is_free === true ? 0n : amountSatang;
    // The funds check under the lock; the ledger checks again in the posting (a refusal there throws).
    if (debit > wallet.availableSatang) return record('RS_ERROR_NOT_ENOUGH_MONEY', wallet.availableSatang);
    if (debit === 0n) {
      // A free bet (a Hub88 reward): no money, no played row (recordPlay writes none for 0).
      await touchHub88Session(wallet.tx, request.token, now, context.config.HUB88_SESSION_IDLE_MS);
      return record('RS_OK', wallet.availableSatang);
    }
    const { body } = await moveAndRecord(wallet, {
      uuid: request.transaction_uuid, kind: 'bet', round, gameCode: request.game_code ?? null, reference: null, amountUnits: request.amount, hash,
      response: answerWithKnownBalance(wallet, request.request_uuid, 'RS_OK', wallet.availableSatang - debit), movedSatang: debit,
      playGameCode: request.game_code ?? '', now, session: { token: request.token, idleMs: context.config.HUB88_SESSION_IDLE_MS },
    });
    return body;
  });
}

/**
 * The Hub88 refusal a bet meets from the member's state or protection, or null: suspended, a
 * time-out or self-exclusion (read with the facts), past a loss limit (assertMayPlay reads the
 * rounds only for a member who set one).
 */
async function protectionRefusal(wallet: LockedWallet, facts: BetFacts, now: Date): Promise<Hub88Status | null> {
  if (wallet.member.status !== 'active' || facts.isExcluded) return 'RS_ERROR_USER_DISABLED';
  if (!facts.hasLossLimit) return null;
  try {
    await assertMayPlay(wallet.tx, wallet.member.memberId, now);
    return null;
  } catch (error) {
    if (isAppError(error) && error.code === 'RG_EXCLUDED') return 'RS_ERROR_USER_DISABLED';
    if (isAppError(error) && error.code === 'RG_LOSS_LIMIT_REACHED') return 'RS_ERROR_LIMIT_REACHED';
    throw error;
  }
}
