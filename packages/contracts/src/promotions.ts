import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * Spec §3 "Promotion" (and §9 units: type 1 = multiples, otherwise baht; 0 = unlimited). For
 * type 1 the amount is a multiple (1.5 = 1.5×); for other types it is baht. `BonusAmount`,
 * `TurnoverType`, `description` and the window are ours (docs/adr/0010).
 */
export const promotion = z
  .object({
    _id: z.string(),
    title: z.string(),
    ImageUrl: z.string().nullable(),
    description: z.string().nullable(),
    minimumDeposit: z.number(),
    DepositType: z.number().describe('1: BonusAmount is a multiple of the deposit; otherwise baht'),
    BonusAmount: z.number(),
    MaxBonus: z.number().describe('0 = no cap'),
    MaxBonusType: z.number(),
    TurnoverType: z.number().describe('1: TurnoverAmount is a multiple of deposit + bonus; otherwise baht'),
    TurnoverAmount: z.number(),
    MaxWithdrawAmount: z.number().describe('0 = no cap'),
    MaxWithdrawType: z.number(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    /** Ours (issue 26 §3): for a signed-in member, false when they can no longer get it (absent for a visitor). */
    isAvailable: z.boolean().optional(),
    /** Ours: why not, in Thai (first deposit only, received already, received today, none left). */
    unavailableReason: z.string().nullable().optional(),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof promotion>;

export const promotionsResponse = envelope(z.array(promotion));
export const bonusSettingRequest = z.object({ isBonus: z.boolean() });
export const bonusSettingResponse = envelope(z.object({ isBonus: z.boolean() }));
