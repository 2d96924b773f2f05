import type { TransferSource } from './build-feed-notification.ts';
import type { FeedDelivery } from './feed-client.ts';
import type { HouseAccount } from './house-accounts.ts';

/** Transfers kept for the page and GET /bank/v1/transfers/:id; older ones are forgotten first. */
export const MAX_KEPT_TRANSFERS = 1_000;

export interface Transfer {
  transferId: string;
  occurredAt: Date;
  source: TransferSource;
  senderName: string;
  destination: HouseAccount;
  amountSatang: bigint;
  sourceBalanceAfterSatang: bigint;
  houseBalanceAfterSatang: bigint;
  delivery: FeedDelivery;
}

/** The sandbox bank's memory of transfers and what Sabai answered to each notification. */
export class TransferBook {
  readonly #transfers = new Map<string, Transfer>();

  add(transfer: Transfer): void {
    this.#transfers.set(transfer.transferId, transfer);
    if (this.#transfers.size > MAX_KEPT_TRANSFERS) {
      const oldest = this.#transfers.keys().next().value;
      if (oldest !== undefined) this.#transfers.delete(oldest);
    }
  }

  find(transferId: string): Transfer | undefined {
    return this.#transfers.get(transferId);
  }

  /** Newest first. */
  recent(limit: number): Transfer[] {
    return [...this.#transfers.values()].slice(-limit).reverse();
  }
}
