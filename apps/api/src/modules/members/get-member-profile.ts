import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import { MEMBER_PAGE_RECENT_ROWS, type MemberProfileWire } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { readMemberWalletBalances, getTurnover } from '../wallet/index.ts';

/**
 * The member page of the back office (issue 11 "Members"): profile, every wallet (baht), turnover
 * and wagering progress, the active bonus, recent deposits and withdrawals, the game account,
 * referrals on two levels, open sessions, the bank account's verification (with the deposits whose
 * sender name did not verify it, docs/adr/0040) and the staff actions on this member. Shape:
 * `memberProfile` of @sabai/contracts without `liveGameWallet` (the route adds it).
 * @throws AppError NOT_FOUND.
 */
export async function getMemberProfile(db: Queryable, memberId: string): Promise<Omit<MemberProfileWire, 'liveGameWallet'>> {
  const { rows } = await db.query<{
    id: string; phone_number: string; first_name: string; last_name: string; bank_code: string; bank_account_number: string; affiliate_key: string;
    status: MemberProfileWire['status']; created_at: Date; bonus_preference: boolean; referrer_level1_id: string | null; username: string | null;
    bank_account_verified_at: Date | null; bank_account_verified_by: string | null;
  }>(
    `SELECT m.id, m.phone_number, m.first_name, m.last_name, m.bank_code, m.bank_account_number, m.affiliate_key, m.status, m.created_at,
            m.bonus_preference, m.referrer_level1_id, g.username, m.bank_account_verified_at, m.bank_account_verified_by
     FROM members m LEFT JOIN game_accounts g ON g.member_id = m.id WHERE m.id = $1`,
    [memberId],
  );
  const member = rows[0];
  if (!member) throw new AppError('NOT_FOUND');
  const wallets = await readMemberWalletBalances(db, memberId);
  const turnover = await getTurnover(db, memberId);
  const deposits = await db.query<{ id: string; amount_satang: bigint; status: string; created_at: Date }>(
    'SELECT id, amount_satang, status, created_at FROM deposits WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2',
    [memberId, MEMBER_PAGE_RECENT_ROWS],
  );
  const withdrawals = await db.query<{ id: string; amount_satang: bigint; status: MemberProfileWire['withdrawals'][number]['status']; decision_reason: string | null; created_at: Date }>(
    'SELECT id, amount_satang, status, decision_reason, created_at FROM withdrawals WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2',
    [memberId, MEMBER_PAGE_RECENT_ROWS],
  );
  const bonus = await db.query<{ promotion_id: string; bonus_satang: bigint; turnover_needed_satang: bigint; created_at: Date }>(
    `SELECT promotion_id, bonus_satang, turnover_needed_satang, created_at FROM bonus_grants WHERE member_id = $1 AND status = 'active'`,
    [memberId],
  );
  const referrals = await db.query<{ level: number; count: bigint }>(
    `SELECT 1 AS level, count(*) AS count FROM members WHERE referrer_level1_id = $1
     UNION ALL SELECT 2, count(*) FROM members WHERE referrer_level2_id = $1`,
    [memberId],
  );
  const mismatches = await db.query<{ deposit_id: string; sender_name: string; declared_name: string; outcome: 'different' | 'undecidable'; recorded_at: Date }>(
    `SELECT deposit_id, sender_name, declared_name, outcome, recorded_at FROM bank_account_name_mismatches WHERE member_id = $1 ORDER BY recorded_at DESC, id DESC LIMIT $2`,
    [memberId, MEMBER_PAGE_RECENT_ROWS],
  );
  const sessions = await db.query<{ count: bigint }>('SELECT count(*) AS count FROM member_sessions WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > now()', [memberId]);
  const audit = await db.query<{ seq: bigint; actor: string; action: string; reason: string | null; created_at: Date }>(
    `SELECT seq, actor, action, reason, created_at FROM audit_log WHERE (subject_type = 'member' AND subject_id = $1) OR details->>'memberId' = $1 ORDER BY seq DESC LIMIT $2`,
    [memberId, MEMBER_PAGE_RECENT_ROWS],
  );
  return {
    memberId: member.id,
    phoneNumber: member.phone_number,
    name: `${member.first_name} ${member.last_name}`,
    bankCode: member.bank_code,
    bankAccountNumber: member.bank_account_number,
    affiliateKey: member.affiliate_key,
    status: member.status,
    bonusPreference: member.bonus_preference,
    referredBy: member.referrer_level1_id,
    createdAt: member.created_at.toISOString(),
    gameUsername: member.username,
    wallets: Object.fromEntries(Object.entries(wallets).map(([kind, satang]) => [kind, satangToBahtNumber(satang)])),
    turnover: { now: satangToBahtNumber(turnover.nowSatang), needed: satangToBahtNumber(turnover.neededSatang) },
    activeBonus: bonus.rows[0] ? { promotionId: bonus.rows[0].promotion_id, bonus: satangToBahtNumber(bonus.rows[0].bonus_satang), turnoverNeeded: satangToBahtNumber(bonus.rows[0].turnover_needed_satang) } : null,
    deposits: deposits.rows.map((row) => ({ id: row.id, amount: satangToBahtNumber(row.amount_satang), status: row.status, at: row.created_at.toISOString() })),
    withdrawals: withdrawals.rows.map((row) => ({ id: row.id, amount: satangToBahtNumber(row.amount_satang), status: row.status, reason: row.decision_reason, at: row.created_at.toISOString() })),
    referrals: { level1: Number(referrals.rows.find((row) => row.level === 1)?.count ?? 0n), level2: Number(referrals.rows.find((row) => row.level === 2)?.count ?? 0n) },
    openSessions: Number(sessions.rows[0]?.count ?? 0n),
    bankAccountVerification: {
      verifiedAt: member.bank_account_verified_at?.toISOString() ?? null,
      verifiedBy: member.bank_account_verified_by,
      nameMismatches: mismatches.rows.map((row) => ({ depositId: row.deposit_id, senderName: row.sender_name, declaredName: row.declared_name, outcome: row.outcome, at: row.recorded_at.toISOString() })),
    },
    staffActions: audit.rows.map((row) => ({ seq: row.seq.toString(), actor: row.actor, action: row.action, reason: row.reason, at: row.created_at.toISOString() })),
  };
}
