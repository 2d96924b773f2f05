import { postTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { isAppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { assertMayPlay } from '../responsible-gaming/index.ts';
import { findHub88Member } from './hub88-members.ts';
import { betTokenProblem, findHub88Session, touchHub88Session } from './hub88-sessions.ts';
import { answerForSeen, answerWithBalance, findRecorded, inMemberWallet, recordTransaction, recordPlay, requestHash, type WalletFrame } from './hub88-wallet-ledger.ts';
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
  const member = await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, request.user);
  if (!member) return refuse('RS_ERROR_INVALID_TOKEN');
  const hash = requestHash('bet', request);
  return inMemberWallet(context, member, async (frame) => {
    const seen = answerForSeen(await findRecorded(frame.tx, request.transaction_uuid), { kind: 'bet', hash, user: request.user, requestUuid: request.request_uuid });
    if (seen !== null) return seen;
    const now = context.now();
    const tokenProblem = betTokenProblem(await findHub88Session(frame.tx, request.token), request.user, now);
    if (tokenProblem) return refuse(tokenProblem);
    const record = (status: Hub88Status, moved: bigint, transferId: bigint | null) =>
      answerWithBalance(frame, request.request_uuid, status).then((response) =>
        recordTransaction(frame, {
          uuid: request.transaction_uuid, kind: 'bet', round: request.round ?? request.transaction_uuid, gameCode: request.game_code ?? null,
          reference: null, amountUnits: request.amount, amountSatang: moved, hash, response, ledgerTransferId: transferId,
        }),
      );
    const protection = await protectionRefusal(frame, now);
    if (protection) return record(protection, 0n, null);
    const debit = request.is_free === true ? 0n : amountSatang;
    let transferId: bigint | null = null;
    if (debit > 0n) {
      const outcome = await postTransfer(frame.tx, {
        idempotencyKey: `hub88:bet:${request.transaction_uuid}`, code: 'GAME_IN', debitAccountId: frame.mainAccountId, creditAccountId: frame.partnerAccountId,
        amountSatang: debit, source: { type: 'hub88_transaction', id: request.transaction_uuid },
      });
      if (outcome.status === 'refused' && outcome.reason === 'insufficient_funds') return record('RS_ERROR_NOT_ENOUGH_MONEY', 0n, null);
      if (outcome.status !== 'created' && outcome.status !== 'exists') throw new Error(`hub88 bet ${request.transaction_uuid}: ledger said ${JSON.stringify(outcome)}`);
      transferId = outcome.transferId;
      await notifyBalanceChanged(frame.tx, member.memberId, 'adjustment');
    }
    await recordPlay(frame, { transactionUuid: request.transaction_uuid, round: request.round ?? request.transaction_uuid, gameCode: request.game_code ?? '', stakeSatang: debit, payoutSatang: 0n, now });
    await touchHub88Session(frame.tx, request.token, now, context.config.HUB88_SESSION_IDLE_MS);
    return record('RS_OK', debit, transferId);
  });
}

/** The Hub88 refusal a bet meets from the member's state or protection, or null. */
async function protectionRefusal(frame: WalletFrame, now: Date): Promise<Hub88Status | null> {
  if (frame.member.status !== 'active') return 'RS_ERROR_USER_DISABLED';
  try {
    await assertMayPlay(frame.tx, frame.member.memberId, now);
    return null;
  } catch (error) {
    if (isAppError(error) && error.code === 'RG_EXCLUDED') return 'RS_ERROR_USER_DISABLED';
    if (isAppError(error) && error.code === 'RG_LOSS_LIMIT_REACHED') return 'RS_ERROR_LIMIT_REACHED';
    throw error;
  }
}
