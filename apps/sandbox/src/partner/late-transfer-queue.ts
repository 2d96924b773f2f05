import type { TransferCreditInput } from './transfer-credit.ts';

/** Most transfers waiting at a time (the `apply_late` fault answers 500 without queueing beyond). */
export const MAX_LATE_TRANSFERS = 1_000;

export interface LateTransfer extends TransferCreditInput {
  /** When its timer applies it, by the partner's clock (ISO 8601). */
  dueAt: string;
}

interface Entry {
  transfer: LateTransfer;
  timer: NodeJS.Timeout;
}

/**
 * Transfers the `apply_late` fault answered 500 to and applies later, each on its own timer, in
 * arrival order. In memory only, like a partner's work queue: `dropAll` (at close) forgets them
 * as a crash would. Timers are unref'd, so a waiting transfer never keeps the process alive.
 */
export class LateTransferQueue {
  readonly #entries = new Map<string, Entry>();
  readonly #delayMs: number;
  readonly #now: () => Date;

  constructor(options: { delayMs: number; now: () => Date }) {
    this.#delayMs = options.delayMs;
    this.#now = options.now;
  }

  get(reference: string): LateTransfer | undefined {
    return this.#entries.get(reference)?.transfer;
  }

  /** Waiting transfers, first queued first (copies). */
  list(): LateTransfer[] {
    return [...this.#entries.values()].map((entry) => ({ ...entry.transfer }));
  }

  /**
   * Queues a transfer; `onDue` gets it when its timer fires (not when `takeAll` took it first).
   * False, queueing nothing, when the reference is already queued or MAX_LATE_TRANSFERS are.
   */
  enqueue(input: TransferCreditInput, onDue: (transfer: LateTransfer) => void): boolean {
    if (this.#entries.has(input.reference) || this.#entries.size >= MAX_LATE_TRANSFERS) return false;
    const transfer: LateTransfer = { ...input, dueAt: new Date(this.#now().getTime() + this.#delayMs).toISOString() };
    const timer = setTimeout(() => {
      this.#entries.delete(input.reference);
      onDue(transfer);
    }, this.#delayMs);
    timer.unref();
    this.#entries.set(input.reference, { transfer, timer });
    return true;
  }

  /** Removes every waiting transfer and returns them in queue order, for applying now. */
  takeAll(): LateTransfer[] {
    const taken = this.list();
    this.dropAll();
    return taken;
  }

  /** Forgets every waiting transfer and stops its timer (the app is closing). */
  dropAll(): void {
    for (const entry of this.#entries.values()) clearTimeout(entry.timer);
    this.#entries.clear();
  }
}
