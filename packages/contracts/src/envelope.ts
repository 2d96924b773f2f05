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
