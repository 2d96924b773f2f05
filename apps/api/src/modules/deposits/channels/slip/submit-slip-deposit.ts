import { ProviderUnavailableError } from '../../../../adapters/name-inquiry/index.ts';
import type { SlipTransfer } from '../../../../adapters/slip-verify/index.ts';
import type { AppContext } from '../../../../context.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { parseSlipQr } from './parse-slip-qr.ts';
import { classifySlipSender, findSlipHouseChannel } from './read-slip-parties.ts';
import { recordSlipDeposit, type SlipDepositOutcome } from './record-slip-deposit.ts';

/** A slip's transfer this far in the future of our clock is not believed (clocks differ by seconds, not minutes). */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A member's deposit by transfer slip (issue 28 §2, docs/adr/0055): `POST /fund-composite/v1/deposit/slip`.
 *
 * 1. Reads the mini QR (parse-slip-qr.ts): not a slip, or edited (CRC) → SLIP_QR_INVALID.
 * 2. A slip used already (any member) → SLIP_ALREADY_USED, before the bank is asked.
 * 3. Asks the sending bank (context.slipVerify, outside any transaction): no such transfer →
 *    SLIP_NOT_FOUND; no answer → SLIP_VERIFY_UNAVAILABLE (nothing recorded, the member may retry).
 * 4. The receiver must be one of the site's house bank accounts → else SLIP_NOT_HOUSE_ACCOUNT; the
 *    sender another member's bound account → SLIP_NOT_YOURS.
 * 5. Records it once (record-slip-deposit.ts, one transaction): credited to the member only when the
 *    sender is their bound account, the transfer is at most SLIP_MAX_AGE_MS old and not above the
 *    site's deposit review threshold; otherwise held for staff with the reason. The same transfer
 *    reported by SMS / statement is the same deposit (same-transfer.ts).
 *
 * @returns the outcome; throws AppError with the codes above, and SLIP_ALREADY_CREDITED when the SMS
 *   credited this transfer to the member already.
 */
export async function submitSlipDeposit(context: AppContext, input: { memberId: string; qrPayload: string }): Promise<Extract<SlipDepositOutcome, { slipId: string }>> {
  const reading = parseSlipQr(input.qrPayload);
  if (!reading.ok) throw new AppError('SLIP_QR_INVALID');
  const { sendingBankCode, transRef } = reading.slip;
  const used = await context.db.query('SELECT 1 FROM deposit_slips WHERE sending_bank_code = $1 AND trans_ref = $2', [sendingBankCode, transRef]);
  if (used.rows.length > 0) throw new AppError('SLIP_ALREADY_USED');

  const transfer = await askBank(context, sendingBankCode, transRef);
  const channel = await findSlipHouseChannel(context.db, transfer.receiver);
  if (!channel) throw new AppError('SLIP_NOT_HOUSE_ACCOUNT');
  const sender = await classifySlipSender(context.db, input.memberId, transfer.sender);
  if (sender === 'other') throw new AppError('SLIP_NOT_YOURS');

  const settings = await context.siteSettings.get();
  const ageMs = context.now().getTime() - transfer.occurredAt.getTime();
  const holdReason =
    sender !== 'self' ? 'SLIP_SENDER_NOT_BOUND'
    : ageMs > context.config.SLIP_MAX_AGE_MS ? 'SLIP_TOO_OLD'
    : ageMs < -MAX_CLOCK_SKEW_MS ? 'SLIP_TIME_IN_FUTURE'
    : transfer.amountSatang > settings.deposit_review_threshold_satang ? 'SLIP_LARGE_AMOUNT'
    : null;
  const outcome = await recordSlipDeposit(context, {
    memberId: input.memberId,
    transfer,
    channel,
    holdReason,
    amlReviewAboveSatang: settings.aml_review_above_satang,
  });
  if ('slipId' in outcome) return outcome;
  throw new AppError(outcome.status === 'not_yours' ? 'SLIP_NOT_YOURS' : outcome.status === 'already_credited' ? 'SLIP_ALREADY_CREDITED' : 'SLIP_ALREADY_USED');
}

async function askBank(context: AppContext, sendingBankCode: string, transRef: string): Promise<SlipTransfer> {
  let answer;
  try {
    answer = await context.slipVerify.verify({ sendingBankCode, transRef });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('SLIP_VERIFY_UNAVAILABLE');
    throw error;
  }
  if (!answer.found) throw new AppError('SLIP_NOT_FOUND');
  // The bank answers about the transfer we asked for, or the answer is not believed.
  if (answer.transfer.sendingBankCode !== sendingBankCode || answer.transfer.transRef !== transRef) throw new AppError('SLIP_VERIFY_UNAVAILABLE');
  return answer.transfer;
}
