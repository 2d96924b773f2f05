/**
 * The ledger's named accounts (money.md "Accounts"): the house accounts every feature posts
 * against and the member wallet kinds. Code outside @sabai/ledger names an account through these
 * constants, never through a string literal, so a renamed or missing account is a type error.
 *
 * The house accounts below are created by migrations (packages/ledger/migrations/0002-ledger.sql;
 * game results and game suspense by packages/db/migrations/0004-play.sql and
 * 0011-game-settlement.sql, which predate the move, docs/adr/0024); deposit channel accounts are
 * created by the feature that opens the channel (`depositChannelAccountCode`).
 */
export const HOUSE_ACCOUNTS = {
  /** Liability: money received from a bank or wallet channel and not yet given to a member (held deposits). */
  unallocatedDeposits: 'house:unallocated_deposits',
  /** Asset: withdrawals and deposit refunds reserved or sent to the bank, not yet settled. */
  payoutsInFlight: 'house:payouts_in_flight',
  /** Expense: deposit bonuses (promotions); a forfeited bonus comes back to it. */
  bonusExpense: 'house:expense:bonus',
  /** Expense: cashback on net loss. */
  cashbackExpense: 'house:expense:cashback',
  /** Expense: affiliate commissions. */
  affiliateExpense: 'house:expense:affiliate',
  /** Expense: prize wheel credit and prizes. */
  wheelExpense: 'house:expense:wheel',
  /** Expense: item code redemptions. */
  itemCodeExpense: 'house:expense:item_code',
  /** Expense: staff adjustments and written-off game cases. */
  adjustmentExpense: 'house:expense:adjustment',
  /** Income: the members' game results (GAME_RESULT, ADR 0012). */
  gameResults: 'house:game_results',
  /** Asset (suspense): game credit the partner lost that our books never gave (ADR 0012). */
  gameUnexplained: 'house:game_unexplained',
} as const;

/** The code of one of the ledger's house accounts. */
export type HouseAccountCode = (typeof HOUSE_ACCOUNTS)[keyof typeof HOUSE_ACCOUNTS];

/** The kinds of a house account (`ledger_accounts.kind`); asset and expense are debit-normal. */
export type HouseAccountKind = 'house_asset' | 'house_liability' | 'house_expense' | 'house_income';

/**
 * The member's wallet accounts, one ledger account each, opened with every member (spec §3
 * `internalWallet`). The same list as the `ledger_accounts.kind` CHECK minus the house kinds.
 */
export const MEMBER_WALLET_KINDS = ['main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin'] as const;

/** One member wallet kind (`main`, `game`, …). */
export type MemberWalletKind = (typeof MEMBER_WALLET_KINDS)[number];

/** The account code of a member's wallet: `member:<memberId>:<kind>`. */
export const memberWalletCode = (memberId: string, kind: MemberWalletKind): string => `member:${memberId}:${kind}`;

/**
 * The house asset account of a deposit channel: `house:bank:<channelId>` for a bank or PromptPay
 * account, `house:wallet:<channelId>` for a TrueMoney wallet.
 */
export const depositChannelAccountCode = (channel: { kind: 'bank' | 'truemoney' | 'promptpay'; id: string }): string =>
  `house:${channel.kind === 'truemoney' ? 'wallet' : 'bank'}:${channel.id}`;
