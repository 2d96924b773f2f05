import { useBilingual } from './bilingual';

/**
 * Raw codes of the wire shown as words (issue 25 §4: `pending_approval`, `NO_MATCH`, statuses in
 * Thai, English in English mode). An unknown code (a new one the server added) shows as itself,
 * never as nothing. One table per closed list of the API.
 */
const WITHDRAWAL_STATES: Record<string, [string, string]> = {
  pending_approval: ['รออนุมัติ', 'Waiting for approval'],
  approved: ['อนุมัติแล้ว', 'Approved'],
  paying: ['กำลังโอน', 'Paying'],
  awaiting_payout: ['รอโอนด้วยมือ', 'Waiting to be paid by hand'],
  paid_unconfirmed: ['โอนแล้ว รอยืนยันจากธนาคาร', 'Paid, waiting for the bank'],
  paid: ['โอนแล้ว', 'Paid'],
  failed: ['โอนไม่สำเร็จ', 'Failed'],
  rejected: ['ปฏิเสธ', 'Rejected'],
};
/** Why a deposit is held (apps/api deposits/matching/match-deposit.ts HoldReason, plus the reviews). */
const HOLD_REASONS: Record<string, [string, string]> = {
  NO_MATCH: ['ไม่พบสมาชิกที่ตรงกับผู้โอน', 'No member matches the sender'],
  AMBIGUOUS: ['ตรงกับสมาชิกหลายคน', 'Several members match'],
  OVER_THRESHOLD: ['ยอดสูงกว่าเกณฑ์ตรวจสอบ', 'Above the review threshold'],
  NO_SENDER_INFO: ['ไม่มีข้อมูลผู้โอน', 'No sender details'],
  SENDER_NOT_BOUND: ['บัญชีผู้โอนไม่ใช่บัญชีที่สมาชิกผูกไว้', 'Sender account is not the member\'s bound account'],
  SENDER_NAME_UNMATCHED: ['ชื่อผู้โอนไม่ตรงกับชื่อสมาชิก', 'Sender name matches no member'],
  UNREADABLE_SENDER_ACCOUNT: ['อ่านเลขบัญชีผู้โอนไม่ได้', 'Sender account unreadable'],
  UNREADABLE_SENDER_PHONE: ['อ่านเบอร์ผู้โอนไม่ได้', 'Sender phone unreadable'],
  MEMBER_SUSPENDED: ['สมาชิกถูกระงับ', 'Member suspended'],
  MEMBER_NOT_FOUND: ['ไม่พบสมาชิก', 'Member not found'],
  INVALID_AMOUNT: ['จำนวนเงินไม่ถูกต้อง', 'Invalid amount'],
  UNSUPPORTED_CHANNEL: ['ช่องทางที่ระบบไม่รู้จัก', 'Unknown channel'],
  AML_REVIEW: ['ตรวจสอบ AML', 'AML review'],
  RG_EXCLUDED: ['สมาชิกอยู่ในช่วงพักการเล่น', 'Member is self-excluded'],
  RG_DEPOSIT_LIMIT: ['เกินวงเงินฝากที่สมาชิกตั้งไว้', 'Above the member\'s deposit limit'],
};
const ROLES: Record<string, [string, string]> = {
  owner: ['เจ้าของ', 'owner'],
  finance: ['การเงิน', 'finance'],
  support: ['ฝ่ายบริการ', 'support'],
  marketing: ['การตลาด', 'marketing'],
  auditor: ['ผู้ตรวจสอบ', 'auditor'],
};
const MEMBER_STATUSES: Record<string, [string, string]> = { active: ['ใช้งาน', 'Active'], suspended: ['ถูกระงับ', 'Suspended'] };
const OUTBOX_STATUSES: Record<string, [string, string]> = { queued: ['รอส่ง', 'Queued'], retrying: ['กำลังลองใหม่', 'Retrying'], done: ['สำเร็จ', 'Done'], dead: ['ล้มเหลว', 'Failed'] };
const DEPOSIT_STATUSES: Record<string, [string, string]> = { credited: ['เข้าบัญชีแล้ว', 'Credited'], held: ['รอตรวจสอบ', 'Held'], refunded: ['คืนผู้โอนแล้ว', 'Refunded'], refunding: ['กำลังคืนผู้โอน', 'Refunding'], pending: ['รอดำเนินการ', 'Pending'] };
const SUBJECT_TYPES: Record<string, [string, string]> = {
  member: ['สมาชิก', 'member'], withdrawal: ['ถอนเงิน', 'withdrawal'], deposit: ['ยอดฝาก', 'deposit'], promotion: ['โปรโมชั่น', 'promotion'],
  item_code: ['โค้ดรางวัล', 'item code'], reward_job: ['งานคำนวณรางวัล', 'reward job'], role: ['บทบาท', 'role'], adjustment: ['ปรับยอด', 'adjustment'],
};

const GAME_CASES: Record<string, [string, string]> = {
  open: ['เปิดอยู่', 'Open'], resolved: ['ปิดแล้ว', 'Resolved'], cleared: ['หายเอง', 'Cleared'],
  align_partner: ['ให้ค่ายเกมปรับตามบัญชีเรา', 'Partner aligned to our ledger'], write_off: ['ตัดเป็นค่าใช้จ่าย', 'Written off'],
};

const WALLETS: Record<string, [string, string]> = {
  main: ['กระเป๋าหลัก', 'Main'], game: ['กระเป๋าเกม', 'Game'], affiliate: ['รายได้แนะนำเพื่อน', 'Affiliate income'], cashback: ['คืนยอดเสีย', 'Cashback'],
  residual: ['เศษยอดคงเหลือ', 'Residual'], prize: ['รางวัล', 'Prizes'], spin: ['สิทธิ์หมุนวงล้อ', 'Wheel spins'],
};

/** A member's own break from play (responsible-gaming exclusion kinds). */
const EXCLUSIONS: Record<string, [string, string]> = { timeout: ['พักชั่วคราว', 'Time-out'], self_exclusion: ['ระงับตัวเอง', 'Self-exclusion'] };
/** Why protection held or refused a deposit (the member-protection view's wording). */
const PROTECTION_REASONS: Record<string, [string, string]> = {
  RG_EXCLUDED: ['ระหว่างพักการเล่น', 'During a break from play'], RG_DEPOSIT_LIMIT: ['เกินวงเงินฝาก', 'Above the deposit limit'], AML_REVIEW: ['ตรวจสอบ AML', 'AML review'],
};

/** A periodic job run's outcome (worker/periodic-jobs.ts: ok, failed; null while it runs). */
const JOB_OUTCOMES: Record<string, [string, string]> = { ok: ['สำเร็จ', 'Done'], failed: ['ล้มเหลว', 'Failed'] };
/** The reward period jobs (cashback, affiliate) by name. */
const REWARD_JOBS: Record<string, [string, string]> = {
  cashback: ['คืนยอดเสีย', 'Cashback'], affiliate: ['ค่าแนะนำเพื่อน', 'Affiliate'],
  'cashback-period': ['รอบคืนยอดเสีย', 'Cashback period'], 'affiliate-period': ['รอบค่าแนะนำเพื่อน', 'Affiliate period'],
};
/** LINE notification kinds (packages/contracts line.ts LINE_KIND_LABELS, with English). */
const LINE_KINDS: Record<string, [string, string]> = {
  deposit_credited: ['ฝากเงินเข้าแล้ว', 'Deposit credited'], deposit_held: ['ยอดฝากรอตรวจสอบ', 'Deposit held'], withdrawal_requested: ['แจ้งถอนเงิน', 'Withdrawal requested'],
  withdrawal_paid: ['ถอนเงินสำเร็จ', 'Withdrawal paid'], withdrawal_rejected: ['ถอนเงินไม่สำเร็จ', 'Withdrawal rejected'], bonus_granted: ['ได้รับโบนัส', 'Bonus granted'],
  cashback_available: ['คืนยอดเสีย', 'Cashback available'], affiliate_income_available: ['รายได้แนะนำเพื่อน', 'Affiliate income available'],
};
/** A LINE message's delivery status. */
const LINE_STATUSES: Record<string, [string, string]> = { sent: ['ส่งแล้ว', 'Sent'], pending: ['รอส่ง', 'Waiting'], retrying: ['กำลังลองใหม่', 'Retrying'], failed: ['ส่งไม่สำเร็จ', 'Failed'], skipped: ['ไม่ส่ง', 'Skipped'] };

/** Ledger transfer codes (packages/ledger transfers.ts TRANSFER_CODES) on the member's statement. */
const TRANSFERS: Record<string, [string, string]> = {
  DEPOSIT_RECEIVED: ['รับเงินฝาก', 'Deposit received'], DEPOSIT: ['ฝากเงิน', 'Deposit'], DEPOSIT_REFUND: ['คืนเงินผู้โอน', 'Deposit refund'], WITHDRAW: ['ถอนเงิน', 'Withdrawal'],
  GAME_IN: ['โอนเข้าเกม', 'Into the game'], GAME_OUT: ['โอนออกจากเกม', 'Out of the game'], GAME_RESULT: ['ผลเกม', 'Game result'], BONUS: ['โบนัส', 'Bonus'],
  CASHBACK: ['คืนยอดเสีย', 'Cashback'], AFFILIATE: ['ค่าแนะนำเพื่อน', 'Affiliate'], WHEEL: ['วงล้อ', 'Wheel'], ITEM_CODE: ['โค้ดรางวัล', 'Item code'],
  ADJUSTMENT: ['ปรับยอด', 'Adjustment'], REVERSAL: ['กลับรายการ', 'Reversal'], BONUS_FORFEIT: ['ริบโบนัส', 'Bonus forfeited'],
};
/** A house-account debit read from the bank feed, and why it matched or not (withdrawals/record-house-debit.ts). */
const HOUSE_DEBITS: Record<string, [string, string]> = {
  unmatched: ['ไม่ตรงกับรายการใด', 'Unmatched'], duplicate: ['ซ้ำ', 'Duplicate'], matched: ['ตรงกับรายการถอน', 'Matched'],
  MATCHED: ['ตรงกับรายการถอน', 'Matches a withdrawal'], SEVERAL_RECORDED_PAYOUTS: ['ตรงกับหลายรายการที่บันทึกไว้', 'Matches several recorded payouts'],
  DUPLICATE_OF_CONFIRMED: ['ซ้ำกับรายการที่ยืนยันแล้ว', 'Duplicate of a confirmed payout'], NO_DESTINATION: ['ไม่มีบัญชีปลายทาง', 'No destination account'],
  NO_RECORDED_PAYOUT: ['ไม่มีรายการโอนที่บันทึกไว้', 'No recorded payout'],
};

/** A member's game wallet compared with the partner's (GAME_WALLET_STATES). */
const GAME_WALLETS: Record<string, [string, string]> = {
  ok: ['ตรงกัน', 'Matches'], difference: ['มีส่วนต่าง', 'Difference'], unknown: ['อ่านยอดค่ายเกมไม่ได้', 'Partner unreadable'], in_flight: ['มีรายการโอนค้าง', 'Transfer in flight'], busy: ['กำลังทำรายการ', 'Busy'],
};

export type LabelKind = 'withdrawal' | 'hold' | 'role' | 'member' | 'outbox' | 'deposit' | 'subject' | 'game-case' | 'wallet' | 'exclusion' | 'protection-reason' | 'job-outcome' | 'reward-job' | 'line-kind' | 'line-status' | 'transfer' | 'house-debit' | 'game-wallet';
const TABLES: Record<LabelKind, Record<string, [string, string]>> = {
  withdrawal: WITHDRAWAL_STATES, hold: HOLD_REASONS, role: ROLES, member: MEMBER_STATUSES, outbox: OUTBOX_STATUSES, deposit: DEPOSIT_STATUSES, subject: SUBJECT_TYPES, 'game-case': GAME_CASES, wallet: WALLETS,
  exclusion: EXCLUSIONS, 'protection-reason': PROTECTION_REASONS, 'job-outcome': JOB_OUTCOMES, 'reward-job': REWARD_JOBS, 'line-kind': LINE_KINDS, 'line-status': LINE_STATUSES, transfer: TRANSFERS, 'house-debit': HOUSE_DEBITS, 'game-wallet': GAME_WALLETS,
};

/** `label('withdrawal', 'pending_approval')` → รออนุมัติ (or Waiting for approval in English mode). */
export function useLabel(): (kind: LabelKind, code: string | null | undefined) => string {
  const tx = useBilingual();
  return (kind, code) => {
    if (code === null || code === undefined || code === '') return '—';
    const words = TABLES[kind][code];
    return words ? tx(words[0], words[1]) : code;
  };
}
