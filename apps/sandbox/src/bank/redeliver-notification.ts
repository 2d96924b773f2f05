import type { SandboxBank } from './sandbox-bank.ts';
import type { Transfer } from './transfer-book.ts';

/**
 * Sends a transfer's notification to Sabai again, byte for byte (same text / receivedAt /
 * provider reference; for SMS Gateway the same event id, as the app's retries), e.g. after the
 * API base URL was set or the API was down. The feed deduplicates, so a second landing answers
 * `duplicate`, never a second credit.
 * @returns the transfer with its new delivery, or undefined when the sandbox no longer knows it.
 */
export async function redeliverNotification(bank: SandboxBank, transferId: string): Promise<Transfer | undefined> {
  const transfer = bank.transfers.find(transferId);
  if (!transfer) return undefined;
  const { kind, sourceId, body, format } = transfer.delivery;
  transfer.delivery = await bank.feed.deliver({ kind, sourceId, body, ...(format ? { format } : {}) });
  return transfer;
}
