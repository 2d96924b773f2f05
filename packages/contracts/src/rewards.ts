import { z } from 'zod';
import { baht, bahtToSatang, envelope } from './envelope.ts';

/** Most an item code may credit per redemption (100,000 baht). */
export const MAX_ITEM_CODE_SATANG = 10_000_000n;

/**
 * Rewards calls of the member API (spec §7, §9; money.md "Prize wheel", "Item code") and their
 * back-office calls. Money is baht (two decimals at most). Prize credit travels the same way: the
 * `prize` wallet holds satang, and 1 credit = 1.00 on the wire (100 satang), so a spin's 50 credit
 * is `50` here and 5,000 satang inside.
 */

/** Spec §9: one spin of the prize wheel costs 50 prize credit. */
export const SPIN_COST_CREDIT = 50;

/** An item code as stored: upper-case A–Z and digits, 4 to 32 characters. */
export const ITEM_CODE_PATTERN = /^[A-Z0-9]{4,32}$/;

/** What members type is trimmed and upper-cased before it is looked up (`ab12cd ` → `AB12CD`). */
export const normalizeItemCode = (raw: string): string => raw.trim().toUpperCase();

// ---------------------------------------------------------------------------------------------
// Item codes (member)

/** `POST /user-profile-composite/v1/topup/itemcode/redeem` (spec §7: payload `redeem_code`). */
export const itemCodeRedeemRequest = z.object({
  redeem_code: z.string().max(64).describe('the code as typed; trimmed and upper-cased by the server'),
});
export const itemCodeRedeemResponse = envelope(
  z.object({ code: z.string().describe('the normalized code'), Amount: baht.describe('credited to the main wallet') }).meta({ id: 'ItemCodeRedemption' }),
);
export type ItemCodeRedemption = z.infer<typeof itemCodeRedeemResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Item codes (back office)

export const createItemCodeRequest = z.object({
  code: z.string().max(64).describe('A–Z and 0–9, 4 to 32 characters after trimming and upper-casing'),
  amount: bahtToSatang({ maxSatang: MAX_ITEM_CODE_SATANG }).describe('baht credited per redemption, at most two decimals, at most 100,000'),
  totalUses: z.number().int().min(1).max(1_000_000).describe('redemptions allowed across all members'),
  expiresAt: z.iso.datetime({ offset: true }).describe('ISO-8601; redemptions at or after it are refused'),
  turnoverMultiple: z.number().int().min(0).max(100).default(1).describe('turnover the member must play before withdrawing: this × the credited amount (0 = none; default 1×)'),
});

export const itemCodeView = z
  .object({
    code: z.string(),
    Amount: baht,
    totalUses: z.number().int(),
    redeemedCount: z.number().int(),
    expiresAt: z.string(),
    isExpired: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string(),
    /** Turnover owed per redemption: this × the amount (0 = none). */
    turnoverMultiple: z.number().int(),
    /** Issue 25 §1: a code pays only once a money role approved its liability (amount × uses). */
    approvalStatus: z.enum(['pending', 'approved', 'rejected']),
    /** The approval request, on the answer to creating a code. */
    approvalId: z.string().optional(),
  })
  .meta({ id: 'ItemCode' });
export type ItemCodeView = z.infer<typeof itemCodeView>;
export const itemCodeResponse = envelope(itemCodeView);
export const itemCodeListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const itemCodeListResponse = envelope(z.array(itemCodeView));

// ---------------------------------------------------------------------------------------------
// Prize wheel (member)

/**
 * `credit`: baht to the main wallet; `prize_credit`: prize credit back to the prize wallet (e.g.
 * a free spin); `nothing`: no prize (Amount 0).
 */
export const wheelPrizeKind = z.enum(['credit', 'prize_credit', 'nothing']);

export const wheelPrize = z
  .object({
    id: z.number().int(),
    label: z.string().describe('Thai label drawn on the wheel segment'),
    kind: wheelPrizeKind,
    Amount: baht.describe('baht for credit, prize credit for prize_credit, 0 for nothing'),
    sortOrder: z.number().int().describe('position on the wheel, ascending clockwise from the top'),
  })
  .meta({ id: 'WheelPrize' });

/** `GET /prize-composite/v1/wheel` (our path: the spec shows the dialog, not its call). */
export const wheelResponse = envelope(
  z.object({
    isEnabled: z.boolean(),
    prizes: z.array(wheelPrize).describe('active prizes in wheel order'),
    prizeWallet: z.number().describe('the member’s prize credit'),
    spinCost: z.number().describe('prize credit per spin (spec §9: 50)'),
  }),
);

/**
 * `POST /prize-composite/v1/spins` (spec §7: payload `OpenBox`, its meaning not shown). The field
 * is accepted as a boolean, number or string and ignored: every call is one spin. Send an
 * `Idempotency-Key` header to make a retried call return the same draw instead of spinning again.
 */
export const spinRequest = z.object({
  OpenBox: z.union([z.boolean(), z.number(), z.string().max(50)]).optional(),
});
export const spinResponse = envelope(
  z
    .object({
      drawId: z.string().describe('spn_…, the audit record of this draw'),
      prize: wheelPrize,
      segmentIndex: z.number().int().nullable().describe('index of the prize in GET /prize-composite/v1/wheel `prizes`, for the animation; null if it is no longer on the wheel'),
      prizeWallet: z.number().describe('prize credit left after the spin'),
      spinCost: z.number(),
    })
    .meta({ id: 'WheelSpin' }),
);

export type WheelPrize = z.infer<typeof wheelPrize>;
export type WheelPrizeKind = z.infer<typeof wheelPrizeKind>;
export type Wheel = z.infer<typeof wheelResponse>['data'];
export type WheelSpin = z.infer<typeof spinResponse>['data'];
