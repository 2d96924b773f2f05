import { z } from 'zod';

/**
 * The bank's payout wire as the API's payout adapter reads it (issue 10 §2: contracts own every
 * wire), spoken by the sandbox bank (apps/sandbox `POST /bank/v1/payouts`,
 * `GET /bank/v1/payouts/:reference`; apps/api/src/adapters/payout/sandbox-payout.ts). A reply that
 * does not fit is an `unknown` outcome there (settled later by asking again), never a guess.
 */

/** A payout that went through: the bank's own reference for it. */
const payoutSucceeded = z.object({ status: z.literal('succeeded'), providerRef: z.string().min(1) });
/** A payout the bank refused; its reason (or "payout failed" when it gave none). */
const payoutFailed = z.object({ status: z.literal('failed'), failureReason: z.string().default('payout failed') });

/** Answer to `POST /bank/v1/payouts` (HTTP 2xx): succeeded with a reference, or failed with a reason. */
export const bankPayoutSendReply = z.discriminatedUnion('status', [payoutSucceeded, payoutFailed]);
export type BankPayoutSendReply = z.infer<typeof bankPayoutSendReply>;

/** Answer to `GET /bank/v1/payouts/:reference` (HTTP 2xx): as the send's, or `not_found` (never received). */
export const bankPayoutStatusReply = z.discriminatedUnion('status', [payoutSucceeded, payoutFailed, z.object({ status: z.literal('not_found') })]);
export type BankPayoutStatusReply = z.infer<typeof bankPayoutStatusReply>;
