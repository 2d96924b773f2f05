import { z } from 'zod';

/**
 * Hub88 Operator API, Wallet API wire (docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * and "Seamless Wallet response statuses - Operator API"). Requests are parsed with zod objects that
 * strip unknown keys: fields Hub88 adds later are ignored, never refused (issue 30 §4).
 *
 * Amounts: Hub88 sends integers, the currency amount × 100,000 ("$3.56 is 356000"). Sabai holds
 * satang, so one satang is 1,000 units; an amount finer than a satang is refused
 * (RS_ERROR_WRONG_TYPES) rather than rounded: money is never invented or lost in a conversion.
 */
export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/** The one currency of a Sabai site. */
export const HUB88_CURRENCY = 'THB';
/** Hub88 units per satang (units are currency × 100,000; a satang is currency × 100). */
export const UNITS_PER_SATANG = 1_000n;
/** The largest amount accepted in one call: 1,000,000,000.00 baht (the ledger's own limit). */
const MAX_UNITS = 100_000_000_000n * UNITS_PER_SATANG;

/** Satang → Hub88 units (a JSON integer; at most 10^14, inside the safe integer range). */
export const satangToUnits = (satang: bigint): number => Number(satang * UNITS_PER_SATANG);

/** Hub88 units → satang, or null when the amount is not a whole number of satang or out of range. */
export function unitsToSatang(units: number): bigint | null {
  if (!Number.isSafeInteger(units) || units < 0) return null;
  const value = BigInt(units);
  if (value > MAX_UNITS || value % UNITS_PER_SATANG !== 0n) return null;
  return value / UNITS_PER_SATANG;
}

const text = (max: number) => z.string().min(1).max(max);
const requestUuid = text(100);

export const userInfoRequest = z.object({ user: text(64), request_uuid: requestUuid });
export const userBalanceRequest = z.object({ user: text(64), request_uuid: requestUuid, token: text(100).optional(), game_code: z.string().max(200).nullish() });

const transactionBase = {
  user: text(64),
  request_uuid: requestUuid,
  transaction_uuid: text(100),
  token: text(100).optional(),
  round: z.string().max(200).nullish(),
  round_closed: z.boolean().nullish(),
  game_code: z.string().max(200).nullish(),
  supplier_transaction_id: z.string().max(200).nullish(),
  meta: z.unknown().optional(),
};
export const betRequest = z.object({
  ...transactionBase,
  token: text(100),
  currency: text(10),
  amount: z.number().int(),
  is_free: z.boolean().nullish(),
  bet: z.string().max(200).nullish(),
});
export const winRequest = z.object({
  ...transactionBase,
  reference_transaction_uuid: text(100),
  currency: text(10),
  amount: z.number().int(),
  is_free: z.boolean().nullish(),
  bet: z.string().max(200).nullish(),
});
export const rollbackRequest = z.object({ ...transactionBase, reference_transaction_uuid: text(100) });

export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/** Every Wallet API answer: HTTP 200 with a status; balance and currency when the member is known. */
export interface Hub88Response {
  user?: string;
  status: Hub88Status;
  request_uuid: string;
  currency?: string;
  balance?: number;
  [extra: string]: unknown;
}
