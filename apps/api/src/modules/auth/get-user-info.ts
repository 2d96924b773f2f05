import type { UserInfo } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { readMemberAccountBalancesDeciding, readMemberAccountBalancesOf } from '@sabai/ledger';
import { satangToBahtNumber } from '@sabai/money';
import type { AppConfig } from '../../config.ts';
import { readTurnover, turnoverTowards } from '../wallet/index.ts';
import { memberNotFound, memberRefRead, type MemberRef } from './member-ref.ts';
import type { SessionOpening } from './sessions.ts';

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
 *
 * `member`: a member id (login), or a MemberRef — for refresh the request's session, checked in
 * the same statement as the read (requireSessionMember).
 * @throws AppError UNAUTHENTICATED when a session ref's session is not active (memberNotFound);
 *   Error when a member id does not exist (callers pass an authenticated member id).
 */
export async function getUserInfo(context: { db: Queryable; config: Pick<AppConfig, 'GAME_USERNAME_PREFIX'> }, member: string | MemberRef): Promise<UserInfo> {
  const ref: MemberRef = typeof member === 'string' ? { memberId: member } : member;
  // Refresh runs after every navigation (spec §2; issue 16 §1, issue 29 §3): the session check,
  // the member's own rows and the ledger's balances in one statement; the turnover figures only
  // when a grant is active.
  return userInfoOf(context, await readMemberCard(context.db, ref));
}

/**
 * Login's end (issue 29 §3, docs/adr/0065): opens `opening`'s session (sessions.ts sessionOpening)
 * and reads the new session's member card in the same statement — the session's INSERT is the
 * statement's first part, the card reads the member it returns — then the user info as getUserInfo
 * gives it (the turnover read of a member with an active grant follows, as there). The session and
 * the card are one statement: both or neither.
 * @throws Error when the member does not exist (login passes the member it just verified).
 */
export async function openSessionWithUserInfo(context: { db: Queryable; config: Pick<AppConfig, 'GAME_USERNAME_PREFIX'> }, opening: SessionOpening): Promise<UserInfo> {
  return userInfoOf(context, await readMemberCardOpening(context.db, opening));
}

async function userInfoOf(context: { db: Queryable; config: Pick<AppConfig, 'GAME_USERNAME_PREFIX'> }, card: MemberCard): Promise<UserInfo> {
  const db = context.db;
  const { grant, itemCodes, game, totals, balances } = card;
  const row = card.member;
  // BonusInfo is the grant's own progress (its target from its start), not the combined rolling.
  let turnover: { nowSatang: bigint; neededSatang: bigint } | undefined;
  if (grant) {
    const state = await readTurnover(db, row.member_id);
    if (state.grant) turnover = turnoverTowards(state.totalSatang, [state.grant]);
  }
  return {
    PhoneNumber: row.phone_number,
    BankAccount: row.bank_account_number,
    BankCode: row.bank_code,
    regisdate: row.created_at.toISOString(),
    ItemCode: itemCodes,
    totalDeposit: satangToBahtNumber(totals.depositedSatang),
    totalWithdraw: satangToBahtNumber(totals.withdrawnSatang),
    affiliateKey: row.affiliate_key,
    GameInfo: {
      username: game?.username ?? gameUsernameFor(context.config.GAME_USERNAME_PREFIX, row.affiliate_key),
      password: game?.password ?? '',
      Partner: game?.partner ?? '',
    },
    userRank: { userRank: 'silver', userExp: 0 },
    internalWallet: {
      mainWallet: satangToBahtNumber(balances.main.availableSatang),
      gameWallet: satangToBahtNumber(balances.game.availableSatang),
      affiliateWallet: satangToBahtNumber(balances.affiliate.availableSatang),
      cashbackWallet: satangToBahtNumber(balances.cashback.availableSatang),
      residualWallet: satangToBahtNumber(balances.residual.availableSatang),
      prizeWallet: satangToBahtNumber(balances.prize.availableSatang),
      spinWallet: satangToBahtNumber(balances.spin.availableSatang),
    },
    userName: {
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: `${row.first_name} ${row.last_name}`,
    },
    // The active bonus grant (promotions); amounts in baht, maxWithdrawAmount 0 = no cap (spec §9).
    // The grant resolved the promotion's multiples into baht when it was made, so both types are
    // 0 (baht, spec §9): a client reading type 1 would show needTurnover as "× deposit".
    BonusInfo: {
      bonusId: grant?.promotion_id ?? null,
      isBonus: row.bonus_preference,
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

type MemberCardRow = {
  member_id: string;
  phone_number: string;
  bank_code: string;
  bank_account_number: string;
  first_name: string;
  last_name: string;
  affiliate_key: string;
  bonus_preference: boolean;
  created_at: Date;
  grant_promotion_id: string | null;
  grant_max_withdraw_satang: bigint | null;
  grant_created_at: Date | null;
  grant_deposit_satang: bigint | null;
  item_codes: string[];
  game_username: string | null;
  game_password: string | null;
  partner: string | null;
  deposited_satang: bigint;
  withdrawn_satang: bigint;
};

/**
 * The member card's SELECT over a relation `who` naming the member in its `member_id` (a CTE the
 * caller puts first): the member row, the active bonus grant (at most one, promotions), up to 100
 * redeemed item codes in redemption order, the game account with the site's partner, the credited
 * deposit / paid withdrawal totals (each through the member's own index: the plan test in
 * test/member-read-plans.test.ts refuses a scan). No parameters of its own.
 */
const MEMBER_CARD_SELECT = `SELECT who.member_id, m.phone_number, m.bank_code, m.bank_account_number, m.first_name, m.last_name, m.affiliate_key, m.bonus_preference, m.created_at,
            g.promotion_id AS grant_promotion_id, g.max_withdraw_satang AS grant_max_withdraw_satang, g.created_at AS grant_created_at, g.deposit_satang AS grant_deposit_satang,
            ARRAY(SELECT i.code FROM item_code_redemptions i WHERE i.member_id = m.id ORDER BY i.created_at LIMIT 100) AS item_codes,
            a.username AS game_username, a.password AS game_password, (SELECT s.partner FROM site_settings s LIMIT 1) AS partner,
            (SELECT coalesce(sum(d.amount_satang), 0)::int8 FROM deposits d WHERE d.member_id = m.id AND d.status = 'credited') AS deposited_satang,
            (SELECT coalesce(sum(w.amount_satang), 0)::int8 FROM withdrawals w WHERE w.member_id = m.id AND w.status = 'paid') AS withdrawn_satang
     FROM who
     JOIN members m ON m.id = who.member_id
     LEFT JOIN LATERAL (SELECT promotion_id, max_withdraw_satang, created_at, deposit_satang FROM bonus_grants
                        WHERE member_id = m.id AND status = 'active' ORDER BY created_at LIMIT 1) g ON true
     LEFT JOIN game_accounts a ON a.member_id = m.id`;

type MemberCard = ReturnType<typeof memberCardOf>;

/**
 * The member card in ONE statement (one round trip, issue 29 §3): who (`ref`: the session check
 * or the id, auth/member-ref.ts), MEMBER_CARD_SELECT's rows and the member's wallets (the ledger's
 * part, @sabai/ledger readMemberAccountBalancesOf).
 * @throws memberNotFound(ref) when nobody is found.
 */
async function readMemberCard(db: Queryable, ref: MemberRef): Promise<MemberCard> {
  const who = memberRefRead(ref);
  const read = await readMemberAccountBalancesOf<MemberCardRow>(db, {
    sql: `WITH who AS (${who.sql})
     ${MEMBER_CARD_SELECT}`,
    params: who.params,
  });
  if (!read) throw memberNotFound(ref);
  return memberCardOf(read);
}

/**
 * readMemberCard for the member of a session opened in the same statement (login): the session's
 * INSERT … RETURNING member_id is the `who` CTE (a data-modifying CTE, so at the statement's top
 * level: @sabai/ledger readMemberAccountBalancesDeciding, the member's id as `$1`).
 */
async function readMemberCardOpening(db: Queryable, opening: SessionOpening): Promise<MemberCard> {
  return memberCardOf(await readMemberAccountBalancesDeciding<MemberCardRow>(db, opening.memberId, {
    ctes: `who AS (${opening.sql})`,
    select: MEMBER_CARD_SELECT,
    params: opening.params,
  }));
}

function memberCardOf(read: { balances: Awaited<ReturnType<typeof readMemberAccountBalancesDeciding>>['balances']; companion: MemberCardRow }) {
  const row = read.companion;
  return {
    member: row,
    balances: read.balances,
    grant:
      row.grant_promotion_id === null || row.grant_created_at === null
        ? undefined
        : { promotion_id: row.grant_promotion_id, max_withdraw_satang: row.grant_max_withdraw_satang, created_at: row.grant_created_at, deposit_satang: row.grant_deposit_satang ?? 0n },
    itemCodes: row.item_codes,
    game: { username: row.game_username, password: row.game_password, partner: row.partner },
    totals: { depositedSatang: row.deposited_satang, withdrawnSatang: row.withdrawn_satang },
  };
}
