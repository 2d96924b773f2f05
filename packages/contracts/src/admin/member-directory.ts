import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';

/**
 * Back-office wire schemas of the member directory (issue 25 §4, docs/adr/0052;
 * apps/api/src/modules/members/routes-directory.ts): the paged list with filters, staff notes,
 * edits of bank account / name under four-eyes, and a member's bet, bonus and adjustment history.
 * Money in answers is baht.
 */

/** The directory's filters: signed up today (Bangkok day), suspended, protected (a time-out, a self-exclusion or a limit in force), bank account not verified. */
export const MEMBER_DIRECTORY_FILTERS = ['all', 'new_today', 'suspended', 'protected', 'unverified_bank'] as const;
export type MemberDirectoryFilter = (typeof MEMBER_DIRECTORY_FILTERS)[number];
/** Rows per page at most (style.md: explicit limits). */
export const MEMBER_DIRECTORY_MAX_PAGE_SIZE = 100;
/** The deepest page the directory serves (offset paging; narrow the filter or search instead). */
export const MEMBER_DIRECTORY_MAX_OFFSET = 10_000;

/** `GET /admin-api/v1/member-directory`: newest members first; `q` matches phone (digits) or name (≥ 2 characters). */
export const memberDirectoryQuery = z.object({
  filter: z.enum(MEMBER_DIRECTORY_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEMBER_DIRECTORY_MAX_PAGE_SIZE).default(25),
});
export type MemberDirectoryQuery = z.input<typeof memberDirectoryQuery>;

export const memberDirectoryRow = z.object({
  memberId: z.string(),
  phoneNumber: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNumber: z.string(),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
  bankVerified: z.boolean(),
  /** A time-out, a self-exclusion or a deposit / loss limit in force. */
  protected: z.boolean(),
});
export type MemberDirectoryRowWire = z.infer<typeof memberDirectoryRow>;
export const memberDirectoryResponse = envelope(z.object({
  rows: z.array(memberDirectoryRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching members in all (counted up to MEMBER_DIRECTORY_MAX_OFFSET + pageSize). */
  total: z.number().int(),
}));

/** `POST /admin-api/v1/members/:memberId/notes`. */
export const memberNoteBody = z.object({ body: z.string().trim().min(1, 'กรุณาเขียนบันทึก').max(2000) });
export const memberNote = z.object({ id: z.string(), author: z.string(), body: z.string(), at: z.string() });
export type MemberNoteWire = z.infer<typeof memberNote>;
export const memberNotesResponse = envelope(z.array(memberNote));
export const memberNoteResponse = envelope(memberNote);

/**
 * `POST /admin-api/v1/members/:memberId/edits`: ask to change the bank account and / or the name
 * (at least one); a different staff member approves it in the approvals queue (kind `member.edit`).
 * The phone has its own four-eyes flow (`POST /admin-api/v1/members/:memberId/phone-change`).
 */
export const memberEditBody = z.object({
  bankCode: z.string().regex(/^[0-9]{3}$/, 'รหัสธนาคาร 3 หลัก').optional(),
  bankAccountNumber: z.string().regex(/^([0-9]{10}|[0-9]{12})$/, 'เลขบัญชี 10 หรือ 12 หลัก').optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  reason: z.string().trim().min(3, 'กรุณาระบุเหตุผล').max(500),
}).strict();
export type MemberEditBody = z.input<typeof memberEditBody>;

/** A member edit request (an approvals row of kind `member.edit`), with the values before and asked for. */
export const memberEdit = z.object({
  approvalId: z.string(),
  status: z.enum(['pending', 'executed', 'rejected']),
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
  reason: z.string().nullable(),
  requester: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the caller may approve or reject it (pending, not their own request, a role that approves). */
  canDecide: z.boolean(),
});
export type MemberEditWire = z.infer<typeof memberEdit>;
export const memberEditResponse = envelope(memberEdit);
export const memberEditsResponse = envelope(z.array(memberEdit));

/** `GET /admin-api/v1/members/:memberId/history/:kind`: newest first, paged. */
export const MEMBER_HISTORY_KINDS = ['bets', 'bonuses', 'adjustments'] as const;
export const memberHistoryParams = z.object({ memberId: z.string().regex(/^mbr_[a-z0-9]{20}$/), kind: z.enum(MEMBER_HISTORY_KINDS) });
export const memberHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const memberBetRow = z.object({ roundId: z.string(), partner: z.string(), gameCode: z.string(), stake: baht, payout: baht, result: z.string(), status: z.string(), at: z.string() });
export const memberBonusRow = z.object({
  grantId: z.string(), promotionId: z.string(), promotionName: z.string().nullable(), deposit: baht, bonus: baht, turnoverNeeded: baht,
  status: z.string(), endReason: z.string().nullable(), forfeited: baht.nullable(), at: z.string(), endedAt: z.string().nullable(),
});
export const memberAdjustmentRow = z.object({
  adjustmentId: z.string(), direction: z.enum(['credit', 'debit']), amount: baht, reason: z.string(), status: z.string(),
  requestedBy: z.string(), decidedBy: z.string().nullable(), decisionReason: z.string().nullable(), at: z.string(), decidedAt: z.string().nullable(),
});
export const memberHistoryResponse = envelope(z.object({
  kind: z.enum(MEMBER_HISTORY_KINDS),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether another page follows. */
  hasMore: z.boolean(),
  rows: z.array(z.union([memberBetRow, memberBonusRow, memberAdjustmentRow])),
}));
export type MemberBetRowWire = z.infer<typeof memberBetRow>;
export type MemberBonusRowWire = z.infer<typeof memberBonusRow>;
export type MemberAdjustmentRowWire = z.infer<typeof memberAdjustmentRow>;
