import { postTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { findHub88Member } from './hub88-members.ts';
import { answerForSeen, answerWithBalance, findRecorded, inMemberWallet, recordPlay, recordTransaction, requestHash } from './hub88-wallet-ledger.ts';
import { HUB88_CURRENCY, unitsToSatang, type Hub88Status, type WinRequest } from './hub88-wire.ts';

/**
 * `POST /seamless/hub88/transaction/win` (Hub88 Operator Wallet API): credits the member's main
 * wallet by `amount` (GAME_OUT house:partner:hub88 → main, key `hub88:win:<transaction_uuid>`) for
 * the bet named by `reference_transaction_uuid`. Never refused by player protection, and the
 * token is not checked (a win may come after the session ended). Refused, moving nothing and
 * recording nothing (so Hub88's retry after the bet arrived succeeds):
 * - the bet is unknown, refused, or another member's: RS_ERROR_TRANSACTION_DOES_NOT_EXIST;
 * - the bet was rolled back (or a rollback named it first): RS_ERROR_TRANSACTION_ROLLED_BACK.
 * A seen transaction_uuid answers from the record (placeHub88Bet step 1). A win of 0 (a lost
 * round closing) is recorded and moves nothing. The payout counts as played (recordPlay).
 * @returns the response body text (HTTP 200 always).
 */
export async function creditHub88Win(context: AppContext, request: WinRequest): Promise<string> {
  const refuse = (status: Hub88Status) => JSON.stringify({ user: request.user, status, request_uuid: request.request_uuid });
  if (request.currency !== HUB88_CURRENCY) return refuse('RS_ERROR_WRONG_CURRENCY');
  const amountSatang = unitsToSatang(request.amount);
  if (amountSatang === null) return refuse('RS_ERROR_WRONG_TYPES');
  const member = await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, request.user);
  if (!member) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  const hash = requestHash('win', request);
  return inMemberWallet(context, member, async (frame) => {
    const seen = answerForSeen(await findRecorded(frame.tx, request.transaction_uuid), { kind: 'win', hash, user: request.user, requestUuid: request.request_uuid });
    if (seen !== null) return seen;
    const bet = await findRecorded(frame.tx, request.reference_transaction_uuid);
    if (bet?.kind === 'tombstone' || (bet?.kind === 'bet' && bet.rolledBackBy !== null)) return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
    if (!bet || bet.kind !== 'bet' || bet.status !== 'RS_OK' || bet.memberId !== member.memberId) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    let transferId: bigint | null = null;
    if (amountSatang > 0n) {
      const outcome = await postTransfer(frame.tx, {
        idempotencyKey: `hub88:win:${request.transaction_uuid}`, code: 'GAME_OUT', debitAccountId: frame.partnerAccountId, creditAccountId: frame.mainAccountId,
        amountSatang, source: { type: 'hub88_transaction', id: request.transaction_uuid },
      });
      if (outcome.status !== 'created' && outcome.status !== 'exists') throw new Error(`hub88 win ${request.transaction_uuid}: ledger said ${JSON.stringify(outcome)}`);
      transferId = outcome.transferId;
      await notifyBalanceChanged(frame.tx, member.memberId, 'adjustment');
    }
    const round = bet.round ?? bet.transactionUuid;
    await recordPlay(frame, { transactionUuid: request.transaction_uuid, round, gameCode: request.game_code ?? bet.gameCode ?? '', stakeSatang: 0n, payoutSatang: amountSatang, now: context.now() });
    const response = await answerWithBalance(frame, request.request_uuid, 'RS_OK');
    return recordTransaction(frame, {
      uuid: request.transaction_uuid, kind: 'win', round, gameCode: request.game_code ?? bet.gameCode, reference: request.reference_transaction_uuid,
      amountUnits: request.amount, amountSatang, hash, response, ledgerTransferId: transferId,
    });
  });
}
