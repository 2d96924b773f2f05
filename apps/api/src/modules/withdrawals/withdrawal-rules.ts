import type { Queryable } from '@sabai/db';
import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { ERRORS, type ErrorCode } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { formatBaht } from '@sabai/money';
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

/** Failure codes a payout provider may answer with, in the words a member and staff read (Thai). */
const PAYOUT_FAILURE_TEXT: Record<string, string> = {
  ACCOUNT_NOT_FOUND: 'ไม่พบบัญชีปลายทาง',
  ACCOUNT_FROZEN: 'บัญชีปลายทางถูกระงับ',
  ACCOUNT_CLOSED: 'บัญชีปลายทางถูกปิดแล้ว',
  NAME_MISMATCH: 'ชื่อบัญชีปลายทางไม่ตรงกับชื่อสมาชิก',
  HOUSE_INSUFFICIENT_FUNDS: 'ยอดเงินในบัญชีต้นทางไม่พอ',
  INSUFFICIENT_FUNDS: 'ยอดเงินในบัญชีต้นทางไม่พอ',
  LIMIT_EXCEEDED: 'เกินวงเงินโอนของธนาคาร',
};

/**
 * A payout failure reason as Thai text (issue 25 §2): the provider's known codes translated, Thai
 * text (the sandbox bank, staff's own words) kept, anything else prefixed so the code stays visible.
 * Null when there is no reason (not failed).
 */
export function payoutFailureText(reason: string | null): string | null {
  if (reason === null || reason.trim() === '') return null;
  const known = PAYOUT_FAILURE_TEXT[reason.trim().toUpperCase()];
  if (known) return known;
  return /[\u0E00-\u0E7F]/.test(reason) ? reason : `ธนาคารปฏิเสธการโอน (${reason})`;
}

/** Baht for a Thai message, as the site shows money (spec §9): `200000n` → `"2,000.00"`. */
export const bahtText = (amountSatang: bigint) => formatBaht(amountSatang);

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
  /** The bound bank account is verified (name inquiry, a deposit from it, or staff; docs/adr/0040). */
  isBankAccountVerified: boolean;
}

/** Reads what the rules need about the member: main balance available, reservations, open withdrawals, bank-account verification. */
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
  const verified = await q.query<{ is_verified: boolean }>('SELECT bank_account_verified_at IS NOT NULL AS is_verified FROM members WHERE id = $1', [memberId]);
  return {
    balanceSatang: availableCreditBalance(balance),
    gameBalanceSatang: game,
    pendingWithdrawSatang: balance.debitsPending,
    openWithdrawals: Number(rows[0]?.open ?? 0n),
    turnoverNowSatang: turnover.nowSatang,
    turnoverNeededSatang: turnover.neededSatang,
    isBankAccountVerified: verified.rows[0]?.is_verified === true,
  };
}

/**
 * Withdrawals are paid only to a verified bound account (issue 24 §2, docs/adr/0040): a holder
 * name typed at sign-up (NAME_INQUIRY_PROVIDER=declared) waits for the first deposit from the
 * account that shows it, or for staff. Called inside the withdrawal's transaction before the
 * reservation, after the main wallet's row lock (the order a crediting deposit takes them: wallet,
 * then member row), and takes the member row `FOR SHARE`: a verification or a change of the bound
 * account cannot commit between this check and the withdrawal row that copies the account.
 * @throws AppError BANK_ACCOUNT_NOT_VERIFIED.
 */
export async function assertBankAccountVerified(tx: Queryable, memberId: string): Promise<void> {
  const { rows } = await tx.query<{ is_verified: boolean }>(
    'SELECT bank_account_verified_at IS NOT NULL AS is_verified FROM members WHERE id = $1 FOR SHARE',
    [memberId],
  );
  const member = rows[0];
  if (!member) throw new Error(`member ${memberId} not found`);
  if (!member.is_verified) throw new AppError('BANK_ACCOUNT_NOT_VERIFIED');
}

/**
 * Why the member may not withdraw now (empty = allowed), from settings (spec §3 Withdraw:
 * canWithdraw, minWithdraw, maxWithdraw) and the member's position. Pure.
 */
export function withdrawalRefusals(settings: SiteSettingsRow, position: WithdrawalPosition): Array<{ code: ErrorCode; message: string }> {
  const reasons: Array<{ code: ErrorCode; message: string }> = [];
  if (!settings.withdraw_enabled) reasons.push({ code: 'WITHDRAW_DISABLED', message: ERRORS.WITHDRAW_DISABLED.message });
  if (!position.isBankAccountVerified) reasons.push({ code: 'BANK_ACCOUNT_NOT_VERIFIED', message: ERRORS.BANK_ACCOUNT_NOT_VERIFIED.message });
  if (position.openWithdrawals > 0) reasons.push({ code: 'WITHDRAW_IN_PROGRESS', message: ERRORS.WITHDRAW_IN_PROGRESS.message });
  if (position.turnoverNowSatang < position.turnoverNeededSatang) reasons.push({ code: 'TURNOVER_NOT_MET', message: ERRORS.TURNOVER_NOT_MET.message });
  if (position.balanceSatang + position.gameBalanceSatang < settings.withdraw_min_satang) {
    reasons.push({ code: 'WITHDRAW_BELOW_MINIMUM', message: minimumMessage(settings.withdraw_min_satang) });
  }
  return reasons;
}
