import { z } from 'zod';
import { baht, bahtToSatang, envelope } from './envelope.ts';

/**
 * Money calls of the member API (spec §3, §7 and our own paths where the spec shows none).
 * Money is baht (two decimals at most); times ISO-8601 UTC.
 */

/** Spec §4: 0 and 1 approved, 2 pending, 3 failed. */
export const TRANSACTION_STATUS = { APPROVED: 1, PENDING: 2, FAILED: 3 } as const;
export const transactionStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Spec §3 "Deposit channel": BankCode absent means a mobile-wallet (TrueMoney) channel. */
export const depositChannel = z
  .object({
    id: z.string(),
    type: z.enum(['BANK', 'TRUEMONEY']),
    BankCode: z.string().optional(),
    BankAccount: z.string(),
    fullName: z.string(),
    phoneNumber: z.string().optional().describe('the wallet account for TrueMoney channels'),
  })
  .meta({ id: 'DepositChannel' });
export const depositChannelsResponse = envelope(z.array(depositChannel));

/** PromptPay QR amounts: whole baht, 1 to 50,000 (money.md "PromptPay"); satang offsets are ours to add. */
export const PROMPTPAY_MIN_SATANG = 100n;
export const PROMPTPAY_MAX_SATANG = 5_000_000n;
export const promptPayDepositRequest = z.object({
  Amount: bahtToSatang({ wholeBahtOnly: true, minSatang: PROMPTPAY_MIN_SATANG, maxSatang: PROMPTPAY_MAX_SATANG, errorMessage: 'กรุณาระบุจำนวนเงินเป็นบาทเต็ม ตั้งแต่ 1 ถึง 50,000 บาท' }),
});
export const promptPayDeposit = z
  .object({
    requestId: z.string(),
    Amount: baht.describe('what the member asked for'),
    amountToPay: baht.describe('the exact amount to transfer: Amount plus a unique satang offset'),
    payload: z.string().describe('EMVCo PromptPay payload to show as a QR (error correction H, 256 px)'),
    promptPayName: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'PromptPayDeposit' });
export const promptPayDepositResponse = envelope(promptPayDeposit);

/** Issue 28 §2 (docs/adr/0055): a transfer slip's mini-QR text, as read from the slip (JSON body of POST /fund-composite/v1/deposit/slip). */
export const slipDepositRequest = z.object({ qrPayload: z.string().trim().min(1).max(200) });
export const slipDeposit = z
  .object({
    slipId: z.string(),
    depositId: z.string(),
    status: z.enum(['credited', 'held']).describe('credited: in the member\'s wallet; held: waiting for staff (reason says why)'),
    Amount: baht.describe('the transfer\'s amount as the bank confirmed it'),
    reason: z.string().nullable().describe('why held (SLIP_SENDER_NOT_BOUND, SLIP_TOO_OLD, AML_REVIEW, …); null when credited'),
    transferredAt: z.string(),
  })
  .meta({ id: 'SlipDeposit' });
export const slipDepositResponse = envelope(slipDeposit);

/** Spec §3 "Transaction history row". */
export const transactionRow = z
  .object({
    id: z.string(),
    Amount: baht,
    createdAt: z.string(),
    Status: transactionStatus,
    TransType: z.enum(['DEPOSIT', 'AFFILIATE', 'CASHBACK', 'WITHDRAW', 'BONUS_FORFEIT']).describe('BONUS_FORFEIT (withdraw history only, ours): a bonus and its winnings taken back, with forfeitReason'),
    /** The bank's or wallet's own reference of the movement, when it has one (what the member sees in their bank app). */
    reference: z.string().nullable().optional(),
    /** Withdrawals staff rejected (Status 3): the reason staff gave, in their words. */
    rejectionReason: z.string().nullable().optional(),
    /** A bonus forfeit (TransType BONUS_FORFEIT): why, in Thai (docs/adr/0043). */
    forfeitReason: z.string().optional(),
    /** Withdrawals the bank refused (Status 3): its reason in Thai; the money is back in the main wallet (issue 25 §2). */
    failureReason: z.string().nullable().optional(),
    /** A pending withdrawal (Status 2) whose money is on its way to the member's bank ("กำลังโอน"): sent, or paid by staff and not yet confirmed by the bank. */
    isBeingPaid: z.boolean().optional(),
  })
  .meta({ id: 'TransactionRow' });
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(['all', 'cashback']).default('all').describe('deposit history: all of DEPOSIT, AFFILIATE, CASHBACK, or only CASHBACK'),
});
export const historyResponse = envelope(
  z.object({ Transaction: z.array(transactionRow), page: z.number(), pageSize: z.number(), total: z.number() }),
);

/** Where profile/balance's gameWallet comes from. */
export const gameWalletSource = z
  .enum(['partner', 'ledger', 'no_account'])
  .describe("partner: the partner's live balance, read at gameWalletReadAt; ledger: the partner could not be read, our books are shown; no_account: no game account is open yet (0)");
export type GameWalletSource = z.infer<typeof gameWalletSource>;

/**
 * `GET /user-profile-composite/v1/profile/balance` (spec §7 "data"): the spec's internalWallet
 * fields, plus what pending withdrawals hold and where the game wallet figure comes from.
 */
export const balanceResponse = envelope(
  z.object({
    mainWallet: baht,
    gameWallet: baht.describe("the partner's live balance (gameWalletSource partner); our ledger's figure otherwise"),
    affiliateWallet: baht,
    cashbackWallet: baht,
    residualWallet: baht.describe('always 0: nothing credits it (docs/ledger.md "Wallets that stay at 0")'),
    prizeWallet: baht,
    spinWallet: baht.describe('always 0: prize-wheel credit lives in prizeWallet (docs/ledger.md "Wallets that stay at 0")'),
    pendingWithdraw: baht.describe('reserved by withdrawals not yet paid'),
    ledgerGameWallet: baht.describe("our ledger's game wallet: follows the partner as rounds are booked (docs/adr/0012)"),
    gameWalletSource,
    gameWalletReadAt: z.string().nullable().describe('when the partner was read, ISO-8601; null when it was not'),
  }),
);

export const withdrawalConditionResponse = envelope(
  z.object({
    canWithdraw: z.boolean(),
    reasons: z.array(z.object({ code: z.string(), message: z.string() })).describe('why not, in Thai; empty when allowed'),
    availableAmount: baht.describe('the most the member may withdraw now: what the server will pay (the site maximum, an active bonus cap and turnover applied)'),
    balance: baht,
    minWithdraw: baht,
    maxWithdraw: baht,
    autoWithdraw: baht.describe('at or under this, paid automatically; above, staff approve'),
    turnover: z.object({ now: baht, needed: baht }),
    bonusMaxWithdraw: baht.nullable().describe('cap from an active bonus; null = none'),
    bonusForfeitAmount: baht.default(0).describe("what a withdrawal now forfeits under the active bonus's cap (the bonus and its winnings above it; never own money); 0 = nothing"),
    bonusCancelForfeitAmount: baht.default(0).describe('what cancelling the active bonus forfeits now (the bonus and its winnings); 0 = nothing or no bonus'),
    hasActiveBonus: z.boolean().default(false).describe('a bonus is in force (its turnover and cap apply)'),
    pendingWithdrawals: z.number().int(),
  }),
);

/**
 * `POST /user-profile-composite/v1/bonus/cancel` (ours, issue 26 §1): the member cancels their
 * bonus, forfeiting only the bonus and its winnings. `expectedForfeit` is the amount the page
 * showed (withdrawal condition `bonusCancelForfeitAmount`); another amount now is refused.
 */
export const bonusCancelRequest = z.object({ expectedForfeit: bahtToSatang({ allowZero: true }) });
export const bonusCancelResponse = envelope(z.object({ forfeited: baht, balance: baht.describe('main + game after the cancellation') }));

export const withdrawalRequest = z.object({
  Amount: bahtToSatang(),
  Channel: z.literal('BANK'),
  minWithdraw: z.number().optional().describe('sent by the spec client; the server uses its own settings'),
});
export const withdrawalResponse = envelope(
  z.object({ withdrawalId: z.string(), Amount: baht, Status: transactionStatus, createdAt: z.string() }),
);
