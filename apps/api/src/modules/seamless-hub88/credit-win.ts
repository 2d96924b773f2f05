import type { AppContext } from '../../context.ts';
import { answerWithKnownBalance, inLockedWallet, moveAndRecord, readWinFacts, winInOneCall } from './hub88-wallet-call.ts';
import { answerForSeen, recordTransaction, requestHash } from './hub88-wallet-ledger.ts';
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
  const hash = requestHash('win', request);
  // One round trip for the common win (hub88_wallet_win, migration 0051; docs/adr/0054) …
  const fast = await winInOneCall(context, {
    hub88User: request.user, transactionUuid: request.transaction_uuid, requestUuid: request.request_uuid, betUuid: request.reference_transaction_uuid,
    gameCode: request.game_code ?? null, amountUnits: request.amount, amountSatang, hash, now: context.now(),
  });
  if (fast.outcome === 'answered') return fast.body;
  if (fast.outcome === 'refused') return refuse(fast.status);
  // … and five for the rest (a replay, the first win of a process): BEGIN, lock + balance, the
  // facts, posting + writes (or the record), COMMIT.
  return inLockedWallet(context, request.user, async (wallet) => {
    if (!wallet) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const { seen: seenRecord, bet } = await readWinFacts(wallet, { transactionUuid: request.transaction_uuid, betUuid: request.reference_transaction_uuid });
    const seen = answerForSeen(seenRecord, { kind: 'win', hash, user: request.user, requestUuid: request.request_uuid });
    if (seen !== null) return seen;
    if (bet?.kind === 'tombstone' || (bet?.kind === 'bet' && bet.rolledBackBy !== null)) return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
    if (!bet || bet.kind !== 'bet' || bet.status !== 'RS_OK' || bet.memberId !== wallet.member.memberId) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const round = bet.round ?? bet.transactionUuid;
    const gameCode = request.game_code ?? bet.gameCode;
    const response = answerWithKnownBalance(wallet, request.request_uuid, 'RS_OK', wallet.availableSatang + amountSatang);
    if (amountSatang === 0n) {
      // A lost round closing: recorded, no money, no played row (recordPlay writes none for 0).
      return recordTransaction(wallet, {
        uuid: request.transaction_uuid, kind: 'win', round, gameCode, reference: request.reference_transaction_uuid,
        amountUnits: request.amount, amountSatang, hash, response, ledgerTransferId: null,
      });
    }
    const { body } = await moveAndRecord(wallet, {
      uuid: request.transaction_uuid, kind: 'win', round, gameCode, reference: request.reference_transaction_uuid, amountUnits: request.amount, hash,
      response, movedSatang: amountSatang, playGameCode: gameCode ?? '', now: context.now(), session: null,
    });
    return body;
  });
}
