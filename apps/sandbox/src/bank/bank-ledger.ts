import { HOUSE_LEDGER_KEYS, HOUSE_OPENING_BALANCE_SATANG } from './house-accounts.ts';

/** Every customer account starts with 50,000.00 baht so demo members can pay right away. */
export const CUSTOMER_OPENING_BALANCE_SATANG = 5_000_000n;
/** Most accounts the sandbox keeps in memory; a runaway test loop fails loudly instead of eating RAM. */
export const MAX_LEDGER_ACCOUNTS = 100_000;

export type MoveResult =
  | { ok: true; fromBalanceAfterSatang: bigint; toBalanceAfterSatang: bigint }
  | { ok: false; error: 'INSUFFICIENT_FUNDS' };

/**
 * The sandbox bank's own books, in memory: one balance (bigint satang) per account key
 * (`bank:<code>:<account>` or `truemoney:<phone>`, see house-accounts.ts). House accounts open
 * with HOUSE_OPENING_BALANCE_SATANG, every other account on first use with
 * CUSTOMER_OPENING_BALANCE_SATANG. A move is synchronous, so it is atomic on Node's one thread.
 */
export class BankLedger {
  readonly #balances = new Map<string, bigint>();

  constructor() {
    for (const key of HOUSE_LEDGER_KEYS) this.#balances.set(key, HOUSE_OPENING_BALANCE_SATANG);
  }

  /** A house account registered at run time opens like the demo's (house-phones.ts); an account already in use keeps its balance. */
  openHouseAccount(key: string): void {
    if (!this.#balances.has(key)) this.#balances.set(key, HOUSE_OPENING_BALANCE_SATANG);
  }

  balanceOf(key: string): bigint {
    return this.#balances.get(key) ?? CUSTOMER_OPENING_BALANCE_SATANG;
  }

  /** Moves `amountSatang` (> 0) from one account to another; refuses to overdraw `fromKey`. */
  move(fromKey: string, toKey: string, amountSatang: bigint): MoveResult {
    if (amountSatang <= 0n) throw new RangeError(`move of ${amountSatang} satang: amounts must be positive`);
    if (fromKey === toKey) throw new RangeError(`move from ${fromKey} to itself`);
    const fromBalance = this.balanceOf(fromKey);
    if (fromBalance < amountSatang) return { ok: false, error: 'INSUFFICIENT_FUNDS' };
    const toBalance = this.balanceOf(toKey);
    this.#ensureRoomFor(fromKey, toKey);
    this.#balances.set(fromKey, fromBalance - amountSatang);
    this.#balances.set(toKey, toBalance + amountSatang);
    return { ok: true, fromBalanceAfterSatang: fromBalance - amountSatang, toBalanceAfterSatang: toBalance + amountSatang };
  }

  #ensureRoomFor(...keys: string[]): void {
    const newKeys = keys.filter((key) => !this.#balances.has(key)).length;
    if (this.#balances.size + newKeys > MAX_LEDGER_ACCOUNTS) {
      throw new Error(`sandbox bank ledger is full (${MAX_LEDGER_ACCOUNTS} accounts)`);
    }
  }
}
