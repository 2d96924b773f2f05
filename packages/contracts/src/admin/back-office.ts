import { z } from 'zod';
import { bahtToSatang, envelope } from '../envelope.ts';
import { DEPOSIT_CHANNEL_KIND_INFO, DEPOSIT_CHANNEL_KINDS, FEED_KINDS } from '../deposit-kinds.ts';

/** `bank: bankCode + accountNumber; truemoney: phoneNumber; promptpay: promptPayId + bankCode + accountNumber` (the create-channel refusal). */
const REQUIRED_CHANNEL_FIELDS = DEPOSIT_CHANNEL_KINDS.map((kind) => `${kind}: ${DEPOSIT_CHANNEL_KIND_INFO[kind].requiredFields.join(' + ')}`).join('; ');

/**
 * Wire schemas of the back-office screens added for issue 11 (promotions, deposit channels, feed
 * sources, wheel prizes, item codes, reward jobs, reports, the member ledger statement). Staff
 * calls only (`/admin-api/v1/…`); money is baht with at most two decimals on the wire, bigint
 * satang inside (money.md). Every change carries a `reason` (audited with before/after).
 */

const reason = z.string().trim().min(3).max(500);
/** A promotion amount: `type` 0 = baht (≤ 2 decimals), 1 = a multiple of the deposit (≤ 2 decimals, 0.5 = 50 %). */
const typedAmount = z.object({ type: z.union([z.literal(0), z.literal(1)]), value: z.number().min(0).max(1_000_000_000) });

/** A promotion as staff edit it (migration 0008 + eligibility rules of migration 0017). */
export const promotionFields = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2_000).nullable().default(null),
    imageUrl: z.string().url().max(500).nullable().default(null),
    minimumDeposit: z.number().min(0).max(1_000_000_000),
    bonus: typedAmount,
    maxBonus: typedAmount,
    turnover: typedAmount,
    maxWithdraw: typedAmount,
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }).nullable(),
    eligibility: z.enum(['any', 'first_deposit']),
    oncePerMember: z.boolean(),
    oncePerDay: z.boolean(),
    maxGrantsTotal: z.number().int().min(1).max(100_000_000).nullable(),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict()
  .refine((value) => value.endsAt === null || new Date(value.endsAt) > new Date(value.startsAt), { message: 'endsAt must be after startsAt', path: ['endsAt'] })
  .refine((value) => value.bonus.value > 0, { message: 'bonus must be above 0', path: ['bonus'] });
export type PromotionFields = z.infer<typeof promotionFields>;

export const createPromotionRequest = z.object({ id: z.string().regex(/^[a-z0-9_-]{3,40}$/), promotion: promotionFields, reason }).strict();
export const updatePromotionRequest = z.object({ promotion: promotionFields, reason }).strict();
export const closePromotionRequest = z.object({ reason }).strict();
/**
 * `POST /admin-api/v1/promotions/:promotionId/budget` (issue 25 §1): ask for the promotion's total
 * bonus budget (baht, the liability). It grants nothing until owner/finance approve (approvals queue).
 */
export const promotionBudgetRequest = z.object({ budget: bahtToSatang(), reason }).strict();

export const staffPromotion = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  minimumDeposit: z.number(),
  bonus: typedAmount,
  maxBonus: typedAmount,
  turnover: typedAmount,
  maxWithdraw: typedAmount,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  eligibility: z.enum(['any', 'first_deposit']),
  oncePerMember: z.boolean(),
  oncePerDay: z.boolean(),
  maxGrantsTotal: z.number().int().nullable(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  grants: z.number().int(),
  bonusPaid: z.number(),
  /**
   * The bonus budget (issue 25 §1: a promotion grants only within a budget finance or the owner
   * approved): `state` none = nothing approved (it grants nothing), pending = a request waits in
   * Approvals, approved = `approved` baht (bonuses paid stay within it), unlimited = made before
   * the rule (no cap). `requested`: the pending request's amount, baht (null without one).
   */
  budget: z.object({
    state: z.enum(['none', 'pending', 'approved', 'unlimited']),
    approved: z.number().nullable(),
    requested: z.number().nullable(),
  }),
});
export type StaffPromotion = z.infer<typeof staffPromotion>;

/** A deposit channel: a house bank account, a TrueMoney wallet, or a PromptPay proxy on a bank account. */
export const createDepositChannelRequest = z
  .object({
    id: z.string().regex(/^chn_[a-z0-9_]{1,40}$/),
    kind: z.enum(DEPOSIT_CHANNEL_KINDS),
    bankCode: z.string().regex(/^\d{3}$/).nullable().default(null),
    accountNumber: z.string().regex(/^\d{10,12}$/).nullable().default(null),
    accountName: z.string().trim().min(1).max(100),
    phoneNumber: z.string().regex(/^0\d{9}$/).nullable().default(null),
    promptPayId: z.string().regex(/^(\d{10}|\d{13}|\d{15})$/).nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    reason,
  })
  .strict()
  .superRefine((value, check) => {
    if (DEPOSIT_CHANNEL_KIND_INFO[value.kind].requiredFields.every((field) => value[field])) return;
    check.addIssue({ code: 'custom', message: REQUIRED_CHANNEL_FIELDS, path: ['kind'] });
  });
export const depositChannelStateRequest = z.object({ state: z.enum(['active', 'hidden', 'disabled']), reason }).strict();
export const staffDepositChannel = z.object({
  id: z.string(),
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string(),
  phoneNumber: z.string().nullable(),
  promptPayId: z.string().nullable(),
  state: z.enum(['active', 'hidden', 'disabled']),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  /** Staff credit this channel's deposits from its statement themselves (issue 24 §1). */
  isCheckedByStaff: z.boolean(),
  /** Active feed sources reading it (for PromptPay: its bank account's). */
  activeFeedSources: z.number().int(),
  /** Members are offered it only when a deposit into it can be credited: a feed source or staff (issue 24 §1). */
  isCreditable: z.boolean(),
});
/** `POST /admin-api/v1/deposit-channels/:channelId/checked-by-staff`: staff credit it from the statement (or no longer). */
export const depositChannelCheckedByStaffRequest = z.object({ isCheckedByStaff: z.boolean(), reason }).strict();

/** A new bank-feed source; its secret is generated and shown once in the answer. */
export const createFeedSourceRequest = z
  .object({
    id: z.string().regex(/^src_[a-z0-9_]{1,40}$/),
    kind: z.enum(FEED_KINDS),
    protocol: z.enum(['sabai_v1', 'sms_gateway']).default('sabai_v1'),
    channelId: z.string().regex(/^chn_[a-z0-9_]{1,40}$/),
    reason,
  })
  .strict()
  .refine((value) => value.protocol !== 'sms_gateway' || value.kind === 'sms', { message: 'the SMS gateway forwards SMS only', path: ['protocol'] });
export const disableFeedSourceRequest = z.object({ reason }).strict();

/** A wheel segment (migration 0005): the draw picks an active prize with probability weight / sum of weights. */
export const wheelPrizeFields = z
  .object({
    label: z.string().trim().min(1).max(60),
    kind: z.enum(['credit', 'prize_credit', 'nothing']),
    amount: z.number().min(0).max(1_000_000),
    weight: z.number().int().min(1).max(1_000_000),
    sortOrder: z.number().int().min(0).max(1_000),
    isActive: z.boolean(),
  })
  .strict()
  .refine((value) => (value.kind === 'nothing' ? value.amount === 0 : value.amount > 0), { message: 'nothing: amount 0; otherwise above 0', path: ['amount'] });
export const saveWheelPrizeRequest = z.object({ prize: wheelPrizeFields, reason }).strict();
export const staffWheelPrize = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(['credit', 'prize_credit', 'nothing']),
  amount: z.number(),
  weight: z.number().int(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  /** This prize's chance among the active ones, in percent (0 when inactive). */
  chancePercent: z.number(),
});

/** A batch of single-use item codes: `count` random codes `prefix` + 8 characters. */
export const createItemCodeBatchRequest = z
  .object({
    prefix: z.string().regex(/^[A-Z0-9]{0,12}$/),
    count: z.number().int().min(1).max(500),
    amount: bahtToSatang({ maxSatang: 10_000_000n, minSatang: 1n }),
    usesPerCode: z.number().int().min(1).max(1_000_000).default(1),
    expiresAt: z.string().datetime({ offset: true }),
    /** Turnover a redemption owes before a withdrawal: this × the amount (0 = none, at most 100; default 1×). */
    turnoverMultiple: z.number().int().min(0).max(100).default(1),
    reason,
  })
  .strict();
export const disableItemCodeRequest = z.object({ reason }).strict();

// --- Answers of the staff actions above ---------------------------------------------------------------

/** `POST /admin-api/v1/promotions`, `…/:promotionId`, `…/:promotionId/close`: the promotion as saved. */
export const staffPromotionResponse = envelope(staffPromotion);
/** `POST /admin-api/v1/deposit-channels` and `…/:channelId/state`: the channel as saved. */
export const staffDepositChannelResponse = envelope(staffDepositChannel);
/** `POST /admin-api/v1/feed-sources`: the new source and its secret, shown in this answer only (`cache-control: no-store`). */
export const createdFeedSourceResponse = envelope(z.object({
  sourceId: z.string(),
  secret: z.string(),
  /** Where the source posts (SMS Gateway for Android: the webhook URL to enter in the app), on the host staff used. */
  webhookUrl: z.string(),
}));
/** `POST /admin-api/v1/feed-sources/:sourceId/disable`. */
export const disabledFeedSourceResponse = envelope(z.object({ sourceId: z.string(), isActive: z.literal(false) }));
/** `POST /admin-api/v1/wheel-prizes` and `…/:prizeId`: the prize as saved, with its chance now. */
export const staffWheelPrizeResponse = envelope(staffWheelPrize);
/** `POST /admin-api/v1/item-codes/batch`: the new codes (each single-use unless `usesPerCode`), baht each. */
export const itemCodeBatchResponse = envelope(z.object({
  codes: z.array(z.string()), Amount: z.number(), usesPerCode: z.number().int(), expiresAt: z.string(), turnoverMultiple: z.number().int(),
  /** Issue 25 §1: executed within the requester's daily limit, else pending a money role's approval (the codes do not pay until then). */
  approvalStatus: z.enum(['pending', 'executed', 'rejected']), approvalId: z.string(),
}));
/** `POST /admin-api/v1/item-codes/:code/disable`: the code now expires at once. */
export const disabledItemCodeResponse = envelope(z.object({ code: z.string(), expiresAt: z.string(), isExpired: z.literal(true) }));

/** Reports: a date range of Bangkok days, `YYYY-MM-DD`, at most 92 days. */
export const reportRangeQuery = z
  .object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
  .refine((value) => value.from <= value.to, { message: 'from must not be after to' })
  .refine((value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 <= 92, { message: 'at most 92 days' });
/** `GET /admin-api/v1/reports/daily?from=&to=&period=`: by Bangkok day (at most 92 days) or month (at most 731 days). */
export const moneyReportQuery = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    period: z.enum(['day', 'month']).default('day'),
  })
  .refine((value) => value.from <= value.to, { message: 'from must not be after to' })
  .refine((value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 <= (value.period === 'day' ? 92 : 731), { message: 'at most 92 days (by day) or 731 days (by month)' });
/** Money through one house bank or wallet account. */
export const channelFlow = z.object({ channelId: z.string(), label: z.string(), count: z.number().int(), amount: z.number() });
/**
 * Every money flow of a period, from the house accounts' movements in the ledger (issue 25 §3,
 * apps/api/src/modules/reports/money-report.ts), baht (signed where it may be negative):
 * cashNet = deposits − withdrawals − refunds + otherCash; result = ggr − givenOut.total;
 * membersChange = what members hold more = cashNet + givenOut.total − ggr + unexplained + inTransit.
 */
export const moneyFigures = z.object({
  deposits: z.object({ count: z.number().int(), amount: z.number(), byChannel: z.array(channelFlow) }),
  withdrawals: z.object({ count: z.number().int(), amount: z.number(), byChannel: z.array(channelFlow) }),
  refunds: z.object({ count: z.number().int(), amount: z.number() }),
  otherCash: z.number(),
  givenOut: z.object({ bonus: z.number(), itemCode: z.number(), wheel: z.number(), cashback: z.number(), affiliate: z.number(), adjustment: z.number(), total: z.number() }),
  ggr: z.number().describe('the members\' game results: what they lost (negative: won)'),
  unexplained: z.number().describe('game suspense booked'),
  inTransit: z.number().describe('payouts in flight and held deposits, change over the period'),
  cashNet: z.number(),
  result: z.number(),
  membersChange: z.number(),
});
export type MoneyFiguresWire = z.infer<typeof moneyFigures>;
export const dailyReport = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(['day', 'month']),
  periods: z.array(moneyFigures.extend({ period: z.string().describe('YYYY-MM-DD or YYYY-MM (Bangkok)') })),
  total: moneyFigures,
});
/** `GET /admin-api/v1/reports/staff-actions?from=&to=`: audited staff actions per staff member and action, and the adjustments each applied (baht). */
export const staffActionsReport = z.object({
  from: z.string(),
  to: z.string(),
  actions: z.array(z.object({ actor: z.string(), action: z.string(), count: z.number().int() })),
  adjustments: z.array(z.object({ requestedBy: z.string(), approvedBy: z.string().nullable(), count: z.number().int(), credited: z.number(), debited: z.number() })),
});
export const staffActionsReportResponse = envelope(staffActionsReport);

/** The member ledger statement: one wallet, newest first, keyset-paged by entry id. */
export const statementQuery = z.object({
  wallet: z.enum(['main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin']).default('main'),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const statementLine = z.object({
  entryId: z.number().int(),
  at: z.string(),
  code: z.string(),
  sourceType: z.string().nullable(),
  sourceId: z.string().nullable(),
  /** Signed change of the wallet: positive = credit (money in), negative = debit. Pending amounts excluded. */
  change: z.number(),
  /** The wallet's posted balance right after this entry. */
  balance: z.number(),
});
export const memberStatement = z.object({ wallet: z.string(), balance: z.number(), lines: z.array(statementLine), nextBefore: z.number().int().nullable() });

/** Reward jobs: the latest period runs. */
export const rewardRun = z.object({
  job: z.string(),
  periodStart: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  outcome: z.string().nullable(),
  detail: z.unknown(),
});

// --- Answers and path parameters (`GET` lists the back office parses with these) ----------------

/** `GET /admin-api/v1/promotions`: every promotion with its grants and bonus paid (baht). */
export const staffPromotionsResponse = envelope(z.array(staffPromotion));
/** `POST /admin-api/v1/promotions/:promotionId` and `…/close`. */
export const promotionParams = z.object({ promotionId: z.string().max(40) });

export type StaffDepositChannel = z.infer<typeof staffDepositChannel>;
/** `GET /admin-api/v1/deposit-channels`: every channel, in display order. */
export const staffDepositChannelsResponse = envelope(z.array(staffDepositChannel));
/** `POST /admin-api/v1/deposit-channels/:channelId/state`. */
export const depositChannelParams = z.object({ channelId: z.string().max(44) });
/** `POST /admin-api/v1/feed-sources/:sourceId/disable`. */
export const feedSourceDisableParams = z.object({ sourceId: z.string().max(44) });

export type StaffWheelPrize = z.infer<typeof staffWheelPrize>;
/** `GET /admin-api/v1/wheel-prizes`: every segment with its chance among the active ones. */
export const staffWheelPrizesResponse = envelope(z.array(staffWheelPrize));
/** `POST /admin-api/v1/wheel-prizes/:prizeId`. */
export const wheelPrizeParams = z.object({ prizeId: z.coerce.number().int().positive() });
/** `POST /admin-api/v1/item-codes/:code/disable`. */
export const itemCodeParams = z.object({ code: z.string().max(32) });

export type DailyReportWire = z.infer<typeof dailyReport>;
/** `GET /admin-api/v1/reports/daily?from=&to=&period=`: every money flow per Bangkok day or month, from the ledger (baht). */
export const dailyReportResponse = envelope(dailyReport);

/** `GET /admin-api/v1/members/:memberId/statement` and `…/protection`: any id up to 40 characters (an unknown member is NOT_FOUND, not a validation refusal). */
export const memberViewParams = z.object({ memberId: z.string().max(40) });
export type MemberStatementWire = z.infer<typeof memberStatement>;
export const memberStatementResponse = envelope(memberStatement);

export type RewardRunWire = z.infer<typeof rewardRun>;
/** `GET /admin-api/v1/jobs/runs?limit=`: the latest period runs of the reward jobs, newest first. */
export const rewardRunsResponse = envelope(z.array(rewardRun));
