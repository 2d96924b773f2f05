import { z } from 'zod';
import { baht, bahtToSatang, envelope } from './envelope.ts';

/**
 * Player protection (issue 12) under `/user-profile-composite/v1/responsible-gaming/…`: limits
 * (baht, null = none) per rolling 24 h / 7 d / 30 d, pending loosenings (cooling-off then the
 * member's confirmation), time-out / self-exclusion, the reality-check interval and play session,
 * the member's activity. Instants ISO-8601 UTC.
 */
export const RG_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const RG_REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export const RG_EXCLUSION_PERIODS = { timeout: ['24h', '7d', '30d'], self_exclusion: ['6m', '1y', '5y'] } as const;

const periodAmounts = z.object({ day: baht.nullable(), week: baht.nullable(), month: baht.nullable() });
const periodTotals = z.object({ day: baht, week: baht, month: baht });

export const rgSettings = z.object({
  depositLimit: periodAmounts,
  lossLimit: periodAmounts,
  pending: z.array(
    z.object({
      kind: z.enum(['deposit', 'loss']),
      period: z.enum(RG_LIMIT_PERIODS),
      amount: baht.nullable().describe('null: the limit is removed'),
      effectiveAt: z.string().describe('from then the member may confirm it'),
    }),
  ),
  exclusion: z.object({ kind: z.enum(['timeout', 'self_exclusion']), endsAt: z.string() }).nullable(),
  realityCheckMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
});
export type RgSettings = z.infer<typeof rgSettings>;
export const rgSettingsResponse = envelope(rgSettings);

export const rgLimitsRequest = z.object({ depositLimit: periodAmounts, lossLimit: periodAmounts });
export type RgLimitsRequest = z.infer<typeof rgLimitsRequest>;

/**
 * What the API reads (`PUT …/responsible-gaming/limits`): the same shape, each limit parsed from
 * wire baht into satang at the edge (null = no limit). Rules (which limit applies, cooling-off):
 * apps/api/src/modules/responsible-gaming/rg-rules.ts.
 */
const periodLimitsSatang = z.object({ day: bahtToSatang().nullable(), week: bahtToSatang().nullable(), month: bahtToSatang().nullable() });
export const rgLimitsBody = z.object({ depositLimit: periodLimitsSatang, lossLimit: periodLimitsSatang });
/** `POST …/responsible-gaming/exclusion`: time-out (24h, 7d, 30d) or self-exclusion (6m, 1y, 5y); the period is checked against the kind by the use case. */
export const rgExclusionBody = z.object({ kind: z.enum(['timeout', 'self_exclusion']), period: z.string().max(4) });
/** `PUT …/responsible-gaming/reality-check`: 15, 30 or 60 minutes (checked by the use case with a Thai message). */
export const rgRealityCheckBody = z.object({ minutes: z.number().int() });

export const rgExclusionResponse = envelope(z.object({ kind: z.enum(['timeout', 'self_exclusion']), endsAt: z.string() }));

export const rgActivity = z.object({
  deposits: periodTotals,
  netLoss: periodTotals,
  /** Deposits refused by the member's own limit or exclusion (30 days), paid back to their bank account. */
  returnedDeposits: z.array(
    z.object({ amount: baht, reason: z.enum(['RG_DEPOSIT_LIMIT', 'RG_EXCLUDED']), status: z.enum(['returning', 'returned']), createdAt: z.string(), message: z.string() }),
  ),
});
export type RgActivity = z.infer<typeof rgActivity>;
export const rgActivityResponse = envelope(rgActivity);

export const rgPlaySession = z.object({
  startedAt: z.string(),
  netResult: z.number().describe('baht won (positive) or lost (negative) in rounds settled since startedAt'),
  realityCheckMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
});
export type RgPlaySession = z.infer<typeof rgPlaySession>;
export const rgPlaySessionResponse = envelope(rgPlaySession);
