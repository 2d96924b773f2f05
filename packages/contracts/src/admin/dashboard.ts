import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';

/**
 * `GET /admin-api/v1/dashboard` (issue 11 "Dashboard", apps/api/src/modules/dashboard): today's
 * figures since `day` (the start of the Bangkok day, ISO UTC): credited deposits in total and by
 * channel, paid withdrawals, the net (baht), and the counts of what waits for staff.
 */
export const adminDashboard = z.object({
  day: z.string().describe('start of the current Bangkok day, ISO-8601 UTC'),
  deposits: z.object({
    count: z.number().int(),
    amount: baht,
    byChannel: z.array(z.object({ channelId: z.string(), count: z.number().int(), amount: baht })),
  }),
  withdrawals: z.object({ count: z.number().int(), amount: baht }),
  net: z.number().describe('baht: credited deposits minus paid withdrawals (may be negative)'),
  waiting: z.object({
    withdrawals: z.number().int(),
    heldDeposits: z.number().int(),
    adjustments: z.number().int(),
    deadJobs: z.number().int(),
    openGameCases: z.number().int(),
    affiliateWithdrawals: z.number().int(),
  }),
});
export type DashboardWire = z.infer<typeof adminDashboard>;
export const dashboardResponse = envelope(adminDashboard);
