import type { Queryable } from '@sabai/db';
import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { ERRORS, type ErrorCode } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { SiteSettingsRow } from '../site/index.ts';
import { getTurnover } from '../wallet/index.ts';

/** Withdrawal states that still hold a reservation (withdrawals_one_open_per_member; the manual-payout ones: docs/adr/0039). */
export const OPEN_WITHDRAWAL_STATES = ['pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed'] as const;

/** The money is on its way to the member's bank (wire Status 2, shown "กำลังโอน"): sent to the provider, or paid by staff and not yet confirmed. */
export const isBeingPaid = (status: string): boolean => status === 'paying' || status === 'paid_unconfirmed';

/** Spec §4 status on the wire: 1 approved (paid), 2 pending, 3 failed. */
export function toWireStatus(status: string): 1 | 2 | 3 {
  if (status === 'paid') return 1;
  if (status === 'failed' || status === 'rejected') return 3;
  return 2;
}

/** "100" for 100.00 baht, "150.50" otherwise: how the spec's minimum message prints a number. */
export const bahtText = (amountSatang: bigint) => String(satangToBahtNumber(amountSatang));

export const minimumMessage = (minSatang: bigint) => ERRORS.WITHDRAW_BELOW_MINIMUM.message.replace('{min}', bahtText(minSatang));
export const maximumMessage = (maxSatang: bigint) => ERRORS.WITHDRAW_ABOVE_MAXIMUM.message.replace('{max}', bahtText(maxSatang));

export interface WithdrawalPosition {
  /** Available in the main wallet. */
  balanceSatang: bigint;
  /** Our ledger's view of the member's credit at the game partner (settled to the live balance on GAME_OUT). */
  gameBalanceSatang: bigint;
  pendingWithdrawSatang: bigint;
  openWithdrawals: number;
  /** Turnover from bet records (play); `needed` comes with bonus grants. */
  turnoverNowSatang: bigint;
  turnoverNeededSatang: bigint;
}

/** Reads what the rules need about the member: main balance available, reservations, open withdrawals. */
export async function readWithdrawalPosition(q: Queryable, memberId: string): Promise<WithdrawalPosition> {
  const mainAccount = await requireMemberAccountId(q, memberId, 'main');
  const balance = await readAccountBalance(q, mainAccount);
  const { rows } = await q.query<{ open: bigint }>(
    `SELECT count(*) AS open FROM withdrawals WHERE member_id = $1 AND status = ANY($2::text[])`,
    [memberId, [...OPEN_WITHDRAWAL_STATES]],
  );
  const gameAccount = await requireMemberAccountId(q, memberId, 'game');
  const game = availableCreditBalance(await readAccountBalance(q, gameAccount));
  const turnover = await getTurnover(q, memberId);
  return {
    balanceSatang: availableCreditBalance(balance),
    gameBalanceSatang: game,
    pendingWithdrawSatang: balance.debitsPending,
    openWithdrawals: Number(rows[0]?.open ?? 0n),
    turnoverNowSatang: turnover.nowSatang,
    turnoverNeededSatang: turnover.neededSatang,
  };
}

/**
 * Why the member may not withdraw now (empty = allowed), from settings (spec §3 Withdraw:
 * canWithdraw, minWithdraw, maxWithdraw) and the member's position. Pure.
 */
export function withdrawalRefusals(settings: SiteSettingsRow, position: WithdrawalPosition): Array<{ code: ErrorCode; message: string }> {
  const reasons: Array<{ code: ErrorCode; message: string }> = [];
  if (!settings.withdraw_enabled) reasons.push({ code: 'WITHDRAW_DISABLED', message: ERRORS.WITHDRAW_DISABLED.message });
  if (position.openWithdrawals > 0) reasons.push({ code: 'WITHDRAW_IN_PROGRESS', message: ERRORS.WITHDRAW_IN_PROGRESS.message });
  if (position.turnoverNowSatang < position.turnoverNeededSatang) reasons.push({ code: 'TURNOVER_NOT_MET', message: ERRORS.TURNOVER_NOT_MET.message });
  if (position.balanceSatang + position.gameBalanceSatang < settings.withdraw_min_satang) {
    reasons.push({ code: 'WITHDRAW_BELOW_MINIMUM', message: minimumMessage(settings.withdraw_min_satang) });
  }
  return reasons;
}
