import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/**
 * Every member-API response body (ARCHITECTURE.md "Wire conventions"):
 * `{ success: boolean, message: string (Thai), data, code? }`. `code` is present on refusals and
 * is one of ERROR_CODES.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
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
export const numericSuccessEnvelope = <T extends z.ZodType, S extends NumericSuccess>(data: T, successValue: S) =>
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
    data: z.null(),
  })
  .meta({ id: 'Error' });

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Wire money: baht, a JSON number with at most two decimals (spec §3 `Amount`). */
export const baht = z.number().describe('baht, at most two decimals');
