import { z } from 'zod';
import type { TransferRequest } from './make-transfer.ts';
import { DEPOSIT_CHANNEL_KINDS } from '@sabai/contracts';

const text = (maxLength: number) => z.string().max(maxLength).optional();

const transferRequestSchema = z.object({
  destination: z.enum(DEPOSIT_CHANNEL_KINDS),
  fromBankCode: text(3),
  fromAccountNumber: text(32),
  senderName: text(200),
  toBankCode: text(3),
  toAccountNumber: text(32),
  toWalletPhone: text(32),
  senderPhone: text(32),
  promptPayPayload: text(1_024),
  amount: z.union([z.string().max(32), z.number()]).optional(),
  houseNotification: z.boolean().optional(),
});

/**
 * Reads a transfer from a JSON body or a posted form: strings are trimmed and '' counts as absent
 * (a form sends every field). Limits on every field; the rules live in make-transfer.ts.
 * @returns the request, or null when its shape is wrong (missing destination, a field too long…).
 */
export function readTransferRequest(body: unknown): TransferRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const cleaned = Object.fromEntries(
    Object.entries(body).flatMap(([key, value]) => {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      return trimmed === '' || trimmed === null ? [] : [[key, trimmed]];
    }),
  );
  const parsed = transferRequestSchema.safeParse(cleaned);
  return parsed.success ? parsed.data : null;
}
