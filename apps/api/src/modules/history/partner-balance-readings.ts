/**
 * The game partner's balance readings a member's `profile/balance` shows (issue 29 §3, docs/adr/0053
 * addendum of branch h5): every page polls the balance, and each poll asked the partner over HTTP,
 * which was most of the call's CPU (and, at an operator's scale, a partner's rate limit). A reading
 * is reused while it is younger than `maxAgeMs` AND the member's game wallet in our ledger is the
 * one it was read beside (`ledgerKey`): a transfer in or out, or booked rounds, change the ledger's
 * figure, so the next call asks again at once. The answer keeps saying when the partner was read
 * (`gameWalletReadAt`), so an older figure is never passed off as a new one.
 *
 * A process-local accelerator, not a source of truth (ARCHITECTURE.md "Processes"): nothing is
 * decided from it (withdrawals and transfers ask the partner themselves), a restart only empties it.
 * Bounded: at most `maxEntries` members (the oldest reading is dropped first). Concurrent misses for
 * one member share one partner call. A failed read is not kept (the caller shows the ledger's
 * figure and the next call asks again).
 */

/** One reading of a member's game balance at the partner. */
export interface PartnerBalanceReading {
  satang: bigint;
  /** When the partner answered (the app's clock). */
  readAt: Date;
}

/** Most members whose reading one process keeps (~150 bytes each). */
export const PARTNER_READINGS_MAX_ENTRIES = 20_000;

export interface PartnerBalanceReadings {
  /**
   * The reading of `username`'s game balance: a kept one when younger than maxAgeMs at `now()`
   * and read beside the same `ledgerKey`, else a new one from `readLive` (kept for the next call).
   * @throws what readLive throws (nothing is kept then).
   */
  read(input: { username: string; ledgerKey: string; now: () => Date; readLive: () => Promise<bigint> }): Promise<PartnerBalanceReading>;
  /** How many readings are kept (tests, metrics). */
  readonly size: number;
}

/** Readings kept at most `maxAgeMs` ms (0: none kept, every call asks the partner). */
export function createPartnerBalanceReadings(options: { maxAgeMs: number; maxEntries?: number }): PartnerBalanceReadings {
  const maxEntries = options.maxEntries ?? PARTNER_READINGS_MAX_ENTRIES;
  if (!Number.isInteger(options.maxAgeMs) || options.maxAgeMs < 0) throw new RangeError('maxAgeMs must be a non-negative integer');
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  /** By username, oldest insertion first (Map order). */
  const kept = new Map<string, { ledgerKey: string; reading: PartnerBalanceReading }>();
  /** Partner calls in flight, by username + ledger key. */
  const inFlight = new Map<string, Promise<PartnerBalanceReading>>();

  const keep = (username: string, ledgerKey: string, reading: PartnerBalanceReading) => {
    kept.delete(username);
    kept.set(username, { ledgerKey, reading });
    while (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
  };

  return {
    get size() {
      return kept.size;
    },
    async read({ username, ledgerKey, now, readLive }) {
      if (options.maxAgeMs === 0) return { satang: await readLive(), readAt: now() };
      const entry = kept.get(username);
      if (entry && entry.ledgerKey === ledgerKey && now().getTime() - entry.reading.readAt.getTime() < options.maxAgeMs) return entry.reading;
      const flightKey = `${username}\u0000${ledgerKey}`;
      const running = inFlight.get(flightKey);
      if (running) return running;
      const asked = (async () => {
        try {
          const reading = { satang: await readLive(), readAt: now() };
          keep(username, ledgerKey, reading);
          return reading;
        } finally {
          inFlight.delete(flightKey);
        }
      })();
      inFlight.set(flightKey, asked);
      return asked;
    },
  };
}
