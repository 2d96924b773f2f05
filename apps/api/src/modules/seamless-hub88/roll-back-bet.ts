import { postTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { findHub88Member } from './hub88-members.ts';
import {
  answerForSeen, answerWithBalance, findRecorded, inMemberWallet, cancelPlay, recordTombstone, recordTransaction, requestHash, type WalletFrame,
} from './hub88-wallet-ledger.ts';
import type { Hub88Status, RollbackRequest } from './hub88-wire.ts';

/**
 * `POST /seamless/hub88/transaction/rollback` (Hub88 Operator Wallet API): reverses exactly the bet
 * named by `reference_transaction_uuid`, once (REVERSAL house:partner:hub88 → main of the bet's
 * amount, key `hub88:rollback:<transaction_uuid>`). Never refused by protection or the token.
 * - The bet is unknown: RS_OK, nothing moves, and a tombstone under the bet's uuid makes a late
 *   bet with it RS_ERROR_TRANSACTION_ROLLED_BACK (Hub88: rollbacks may overtake their bet).
 * - The bet was refused, free, or already rolled back (by another rollback uuid): RS_OK, nothing moves.
 * - The uuid is another member's, or a win's / rollback's: RS_ERROR_TRANSACTION_DOES_NOT_EXIST
 *   (recorded nowhere; only bets are rolled back).
 * A seen transaction_uuid answers from the record. The bet's play row is cancelled (no turnover).
 * @returns the response body text (HTTP 200 always).
 */
export async function rollBackHub88Bet(context: AppContext, request: RollbackRequest): Promise<string> {
  const refuse = (status: Hub88Status) => JSON.stringify({ user: request.user, status, request_uuid: request.request_uuid });
  const member = await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, request.user);
  if (!member) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  const hash = requestHash('rollback', request);
  return inMemberWallet(context, member, async (frame) => {
    const seen = answerForSeen(await findRecorded(frame.tx, request.transaction_uuid), { kind: 'rollback', hash, user: request.user, requestUuid: request.request_uuid });
    if (seen !== null) return seen;
    const bet = await findRecorded(frame.tx, request.reference_transaction_uuid);
    if (bet && (bet.memberId !== member.memberId || (bet.kind !== 'bet' && bet.kind !== 'tombstone'))) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    let moved = 0n;
    let transferId: bigint | null = null;
    if (!bet) {
      await recordTombstone(frame, request.reference_transaction_uuid, request.transaction_uuid);
    } else if (bet.kind === 'bet' && bet.rolledBackBy === null) {
      await frame.tx.query('UPDATE hub88_transactions SET rolled_back_by = $2 WHERE transaction_uuid = $1', [bet.transactionUuid, request.transaction_uuid]);
      if (bet.amountSatang > 0n) {
        transferId = await reverse(frame, request.transaction_uuid, bet.amountSatang);
        moved = bet.amountSatang;
        await cancelPlay(frame, bet);
      }
    }
    const response = await answerWithBalance(frame, request.request_uuid, 'RS_OK');
    return recordTransaction(frame, {
      uuid: request.transaction_uuid, kind: 'rollback', round: request.round ?? bet?.round ?? null, gameCode: request.game_code ?? bet?.gameCode ?? null,
      reference: request.reference_transaction_uuid, amountUnits: 0, amountSatang: moved, hash, response, ledgerTransferId: transferId,
    });
  });
}

async function reverse(frame: WalletFrame, rollbackUuid: string, amountSatang: bigint): Promise<bigint> {
  const outcome = await postTransfer(frame.tx, {
    idempotencyKey: `hub88:rollback:${rollbackUuid}`, code: 'REVERSAL', debitAccountId: frame.partnerAccountId, creditAccountId: frame.mainAccountId,
    amountSatang, source: { type: 'hub88_transaction', id: rollbackUuid },
  });
  if (outcome.status !== 'created' && outcome.status !== 'exists') throw new Error(`hub88 rollback ${rollbackUuid}: ledger said ${JSON.stringify(outcome)}`);
  await notifyBalanceChanged(frame.tx, frame.member.memberId, 'adjustment');
  return outcome.transferId;
}
