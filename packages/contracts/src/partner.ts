import { z } from 'zod';

/**
 * The game partner's agent API as the API reads it (apps/api/src/adapters/partner/sandbox-partner.ts,
 * served by apps/sandbox/src/partner): each reply body the adapter accepts. Money is a decimal
 * string of baht ("-12.50" allowed for a net), read to satang by the adapter.
 */
export const partnerDecimal = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

/** `POST /partner/v1/members`: the game account opened (or already there). */
export const partnerMemberReply = z.object({ username: z.string(), password: z.string() });
/** `GET /partner/v1/members/:username/balance`. */
export const partnerBalanceReply = z.object({ balance: partnerDecimal });
/** A transfer in or out, or its status asked by our reference. */
export const partnerTransferReply = z.object({
  reference: z.string(),
  status: z.enum(['succeeded', 'failed', 'not_found']),
  balanceAfter: partnerDecimal.optional(),
  reason: z.string().optional(),
});
/** `GET /partner/v1/bets?cursor=`: settled rounds after the cursor. */
export const partnerBetsReply = z.object({
  records: z.array(
    z.object({
      roundId: z.string().min(1).max(100),
      username: z.string(),
      gameCode: z.string(),
      stake: partnerDecimal,
      payout: partnerDecimal,
      result: z.enum(['win', 'loss', 'draw']),
      status: z.enum(['settled', 'cancelled', 'refunded']),
      settledAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
/** `GET /partner/v1/games`: what the partner can launch. */
export const partnerGamesReply = z.object({
  games: z.array(z.object({ code: z.string(), name: z.string(), category: z.string(), provider: z.string(), imageUrl: z.string() })),
});
/** A launch the partner refused: its code. */
export const partnerRefusalReply = z.object({ code: z.string().max(64) });
/** A launch URL. */
export const partnerLaunchReply = z.object({ url: z.string().url() });
