import type { UserInfo } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import type { AppConfig } from '../../config.ts';
import { readMemberWalletBalances } from '../wallet/index.ts';
import { activeTurnoverRequirements, totalTurnoverSatang, turnoverTowards } from '../wallet/index.ts';

/**
 * The member's user info (spec §3 "User info"), as login and refresh return it.
 *
 * Wallets are the member's ledger accounts; totals count credited deposits and paid withdrawals.
 * BonusInfo grants, redeemed item codes are filled by their features as they arrive; until
 * then they are the honest zero / null / empty values, never invented. Rank is fixed at silver
 * (spec dialog 1).
 *
 * GameInfo is never null (spec §1, §3: a client reads GameInfo.username right after sign-up): the
 * partner account is opened on first need (first deposit or launch, play/ensure-game-account.ts)
 * and its username is known from sign-up (the site prefix + the affiliate key, lower case), so
 * until then GameInfo names that username with an empty password.
 * @throws Error when the member does not exist (callers pass an authenticated member id).
 */
export async function getUserInfo(context: { db: Queryable; config: Pick<AppConfig, 'GAME_USERNAME_PREFIX'> }, memberId: string): Promise<UserInfo> {
  const db = context.db;
  const { rows } = await db.query<{
    phone_number: string;
    bank_code: string;
    bank_account_number: string;
    first_name: string;
    last_name: string;
    affiliate_key: string;
    bonus_preference: boolean;
    created_at: Date;
  }>(
    `SELECT phone_number, bank_code, bank_account_number, first_name, last_name, affiliate_key, bonus_preference, created_at
     FROM members WHERE id = $1`,
    [memberId],
  );
  const member = rows[0];
  if (!member) throw new Error(`member ${memberId} not found`);
  const balances = await readMemberWalletBalances(db, memberId);
  const grants = await db.query<{ promotion_id: string; max_withdraw_satang: bigint | null; created_at: Date; deposit_satang: bigint }>(
    `SELECT promotion_id, max_withdraw_satang, created_at, deposit_satang
     FROM bonus_grants WHERE member_id = $1 AND status = 'active'`,
    [memberId],
  );
  const grant = grants.rows[0];
  const itemCodes = await db.query<{ code: string }>('SELECT code FROM item_code_redemptions WHERE member_id = $1 ORDER BY created_at LIMIT 100', [memberId]);
  // BonusInfo is the grant's own progress (its target from its start), not the combined rolling.
  const grantRequirement = grant ? (await activeTurnoverRequirements(db, memberId)).grant : null;
  const turnover = grantRequirement ? turnoverTowards((await totalTurnoverSatang(db, memberId)).totalSatang, [grantRequirement]) : undefined;
  const gameAccount = await db.query<{ username: string | null; password: string | null; partner: string }>(
    `SELECT g.username, g.password, s.partner FROM site_settings s LEFT JOIN game_accounts g ON g.member_id = $1`,
    [memberId],
  );
  const game = gameAccount.rows[0];
  const totals = await db.query<{ deposited: bigint; withdrawn: bigint }>(
    `SELECT
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM deposits WHERE member_id = $1 AND status = 'credited') AS deposited,
       (SELECT coalesce(sum(amount_satang), 0)::int8 FROM withdrawals WHERE member_id = $1 AND status = 'paid') AS withdrawn`,
    [memberId],
  );
  return {
    PhoneNumber: member.phone_number,
    BankAccount: member.bank_account_number,
    BankCode: member.bank_code,
    regisdate: member.created_at.toISOString(),
    ItemCode: itemCodes.rows.map((row) => row.code),
    totalDeposit: satangToBahtNumber(totals.rows[0]?.deposited ?? 0n),
    totalWithdraw: satangToBahtNumber(totals.rows[0]?.withdrawn ?? 0n),
    affiliateKey: member.affiliate_key,
    GameInfo: {
      username: game?.username ?? gameUsernameFor(context.config.GAME_USERNAME_PREFIX, member.affiliate_key),
      password: game?.password ?? '',
      Partner: game?.partner ?? '',
    },
    userRank: { userRank: 'silver', userExp: 0 },
    internalWallet: {
      mainWallet: satangToBahtNumber(balances.main),
      gameWallet: satangToBahtNumber(balances.game),
      affiliateWallet: satangToBahtNumber(balances.affiliate),
      cashbackWallet: satangToBahtNumber(balances.cashback),
      residualWallet: satangToBahtNumber(balances.residual),
      prizeWallet: satangToBahtNumber(balances.prize),
      spinWallet: satangToBahtNumber(balances.spin),
    },
    userName: {
      firstName: member.first_name,
      lastName: member.last_name,
      fullName: `${member.first_name} ${member.last_name}`,
    },
    // The active bonus grant (promotions); amounts in baht, maxWithdrawAmount 0 = no cap (spec §9).
    // The grant resolved the promotion's multiples into baht when it was made, so both types are
    // 0 (baht, spec §9): a client reading type 1 would show needTurnover as "× deposit".
    BonusInfo: {
      bonusId: grant?.promotion_id ?? null,
      isBonus: member.bonus_preference,
      TurnoverType: 0,
      needTurnover: satangToBahtNumber(turnover?.neededSatang ?? 0n),
      nowTurnover: satangToBahtNumber(turnover?.nowSatang ?? 0n),
      maxWithdrawType: 0,
      maxWithdrawAmount: satangToBahtNumber(grant?.max_withdraw_satang ?? 0n),
      reviceDate: grant?.created_at.toISOString() ?? null,
      DepositAmount: satangToBahtNumber(grant?.deposit_satang ?? 0n),
    },
  };
}

/** The member's game username at the partner, as ensureGameAccount opens it: prefix + affiliate key, lower case. */
export const gameUsernameFor = (prefix: string, affiliateKey: string): string => `${prefix}${affiliateKey.toLowerCase()}`;
