import { z } from 'zod';
import { parseBahtToSatang } from '@sabai/money';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

/**
 * Every member-API response body (ARCHITECTURE.md "Wire conventions"):
 * `{ success: boolean, message: string (Thai), data, code? }`. `code` is present on refusals and
 * is one of ERROR_CODES.
 */
export const envelope = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data,
  });

/**
 * The envelope of the three calls whose success value spec §7 gives as a number (docs/adr/0004):
 * change-password and refresh answer `success: 0`, the affiliate income withdrawal `success: 1`.
 * Their refusals are the ordinary error envelope (`success: false`, a code, a 4xx status).
 */
export const numericSuccessEnvelope = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodType, S extends NumericSuccess>(data: T, successValue: S) =>
  z.object({
    success: z.literal(successValue).describe(`spec §7: ${successValue} is this call's success value`),
    message: z.string(),
    data,
  });

/** Spec §7 success values: 0 for change-password and refresh, 1 for the affiliate income withdrawal. */
export const SUCCESS_VALUE = { changePassword: 0, refresh: 0, affiliateIncomeWithdrawal: 1 } as const;
export type NumericSuccess = 0 | 1;

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string().describe('Thai message for the member'),
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    /** The form field the refusal is about, when one is (e.g. `currentPassword`): the client marks that field. */
    field: z.string().optional(),
    data: z.null(),
  })
  .meta({ id: 'Error' });

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Wire money: baht, a JSON number with at most two decimals (spec §3 `Amount`). */
export const baht = z.number().describe('baht, at most two decimals');

/**
 * What a wire issue may carry so the server answers with the right code and Thai message (the
 * API's error handler reads `params.errorCode` / `params.errorMessage` of the first such issue).
 */
export interface WireIssueParams {
  errorCode: ErrorCode;
  errorMessage?: string;
}

/**
 * Baht coming in (spec §3 `Amount`) → satang: a JSON number > 0 with at most two decimals and at
 * most `maxSatang` (default the money package's MAX_AMOUNT_SATANG), parsed by the one tested
 * function (@sabai/money parseBahtToSatang), never by float arithmetic. Anything else is an
 * INVALID_AMOUNT issue (`errorMessage` replaces the standard Thai message).
 * Output: `bigint` satang; use cases take `amountSatang: bigint`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bahtToSatang(options: { maxSatang?: bigint; wholeBahtOnly?: boolean; minSatang?: bigint; errorMessage?: string; allowZero?: boolean } = {}) {
  return z
    .number()
    .transform((value, context): bigint => {
      const parsed = parseBahtToSatang(value, { allowZero: options.allowZero === true });
      const amountSatang = parsed.ok ? parsed.amountSatang : null;
      const fits =
        amountSatang !== null &&
        (options.maxSatang === undefined || amountSatang <= options.maxSatang) &&
        (options.minSatang === undefined || amountSatang >= options.minSatang) &&
        (!options.wholeBahtOnly || amountSatang % 100n === 0n);
      if (amountSatang === null || !fits) {
        const params: WireIssueParams = { errorCode: 'INVALID_AMOUNT', ...(options.errorMessage ? { errorMessage: options.errorMessage } : {}) };
        context.issues.push({ code: 'custom', message: parsed.ok ? 'amount out of range' : `amount: ${parsed.error}`, input: value, params: { ...params } });
        return z.NEVER;
      }
      return amountSatang;
    })
    .describe('baht, > 0, at most two decimals');
}
