import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';
import { DEPOSIT_CHANNEL_KINDS } from '../deposit-kinds.ts';

/**
 * `GET /admin-api/v1/dashboard` (issue 11 "Dashboard", apps/api/src/modules/dashboard): today's
 * figures since `day` (the start of the Bangkok day, ISO UTC): credited deposits in total and by
 * channel (the house account or wallet that received them), paid withdrawals in total and by the
 * member's bank (a withdrawal's channel is always BANK, spec §withdrawal), the net, refunds, what
 * was given out, GGR and the result (baht; the money report's figures for today, issue 25 §3), the
 * counts of what waits for staff, the last `ledger:reconcile` run and the partner (game) status.
 * Money totals are null for a role without the `dashboard.money` permission (issue 25 §1: support
 * and marketing see counts, not money).
 */
export const adminDashboard = z.object({
  day: z.string().describe('start of the current Bangkok day, ISO-8601 UTC'),
  deposits: z.object({
    count: z.number().int(),
    amount: baht.nullable(),
    byChannel: z.array(
      z.object({
        channelId: z.string(),
        kind: z.enum(DEPOSIT_CHANNEL_KINDS),
        label: z.string().describe('bank code and account number, TrueMoney phone or PromptPay id, then the account name'),
        count: z.number().int(),
        amount: baht.nullable(),
      }),
    ),
  }),
  withdrawals: z.object({
    count: z.number().int(),
    amount: baht.nullable(),
    byBank: z.array(z.object({ bankCode: z.string(), count: z.number().int(), amount: baht.nullable() })),
  }),
  net: z.number().nullable().describe('baht: the house cash net of the day — deposits received minus withdrawals paid and refunds (the money report\'s cashNet, from the ledger; may be negative)'),
  /** Refunds paid back to senders today (baht). */
  refunds: baht.nullable(),
  /** What the house gave members today (baht, from its expense accounts in the ledger; issue 25 §3): adjustments and item codes included. */
  givenOut: z.object({ bonus: z.number(), itemCode: z.number(), wheel: z.number(), cashback: z.number(), affiliate: z.number(), adjustment: z.number(), total: z.number() }).nullable(),
  /** The members' game results today (baht; what they lost). */
  ggr: z.number().nullable(),
  /** ggr − givenOut.total: what the house earned today (baht). */
  result: z.number().nullable(),
  waiting: z.object({
    withdrawals: z.number().int(),
    heldDeposits: z.number().int(),
    adjustments: z.number().int(),
    deadJobs: z.number().int(),
    openGameCases: z.number().int(),
    affiliateWithdrawals: z.number().int(),
    /** Failed payouts finance has not closed (retry, pay by hand, return; issue 25 §2). */
    failedPayouts: z.number().int(),
  }),
  /**
   * `npm run ledger:reconcile` (money_reconcile_runs, migration 0031): the last run, sound or not,
   * null when none was recorded; `lastSoundAt` when the books were last found sound.
   */
  reconcile: z.object({
    lastRun: z
      .object({
        finishedAt: z.string(),
        isSound: z.boolean(),
        isFullRun: z.boolean().describe('every row checked, not only what is newer than the checkpoints'),
        violationCount: z.number().int(),
        violations: z.array(z.object({ invariant: z.string(), detail: z.string() })).describe('the first few'),
        ledgerFromTransferId: z.string().describe('int8 as text: transfers after it were checked'),
        ledgerThroughTransferId: z.string().describe('int8 as text: the newest transfer checked'),
      })
      .nullable(),
    lastSoundAt: z.string().nullable(),
  }),
  /**
   * The partner (game) reconciliation: open cases (a game wallet that differs from the partner's
   * and nothing explains), the suspense they booked (baht), the oldest one's age, and the last run
   * of the worker's `game-difference-watch` (null before the first).
   */
  partner: z.object({
    openCases: z.number().int(),
    suspense: baht.nullable(),
    oldestOpenSince: z.string().nullable(),
    lastWatch: z.object({ at: z.string(), outcome: z.enum(['ok', 'failed', 'running']) }).nullable(),
  }),
});
export type DashboardWire = z.infer<typeof adminDashboard>;
export const dashboardResponse = envelope(adminDashboard);
