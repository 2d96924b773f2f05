import { randomBytes } from 'node:crypto';

/** Wallet API response statuses (docs.hub88.io "Seamless Wallet response statuses - Operator API"). */
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
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_TIMEOUT',
] as const;

/** Bet refusals Hub88 does not roll back (its retry policy: every other failed bet is rolled back). */
export const FINAL_BET_REFUSALS: ReadonlySet<string> = new Set(['RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED']);

export type TransactionKind = 'bet' | 'win' | 'rollback';

/**
 * Hub88's record of one wallet transaction (the Transactions API item). `status` is Hub88's view:
 * TS_SUCCESS (the operator answered RS_OK), TS_DECLINED (the operator refused it, or Hub88 rolled
 * the bet back), TS_PENDING (no answer yet: a retry or a rollback is under way).
 */
export interface Hub88Transaction {
  transaction_uuid: string;
  kind: TransactionKind;
  user: string;
  round: string;
  game_code: string;
  currency: string;
  /** Hub88 units (× 100,000). A rollback carries its bet's amount. */
  amount: number;
  reference_transaction_uuid: string | null;
  status: 'TS_SUCCESS' | 'TS_DECLINED' | 'TS_PENDING';
  /** The operator's last answer status (RS_…), or 'NO_ANSWER'. */
  last_response_status: string;
  /** The bet was rolled back by a later rollback that succeeded. */
  rolled_back: boolean;
  inserted_at: string;
  updated_at: string;
}

/** A game session opened by /game/url: Sabai's user and token, or a demo session with fun money. */
export interface Hub88Session {
  id: string;
  user: string | null;
  token: string | null;
  gameCode: string;
  currency: string;
  lobbyUrl: string;
  /** Demo play (currency XXX): no wallet calls, fun balance in Hub88 units. */
  demoBalanceUnits: number | null;
  createdAt: number;
}

const MAX_SESSIONS = 10_000;
const MAX_TRANSACTIONS = 1_000_000;

/** Everything the sandbox Hub88 remembers (in memory; gone at restart). */
export class Hub88State {
  readonly sessions = new Map<string, Hub88Session>();
  readonly transactions: Hub88Transaction[] = [];
  private readonly byUuid = new Map<string, Hub88Transaction>();

  constructor(private readonly now: () => Date) {}

  openSession(input: Omit<Hub88Session, 'id' | 'createdAt'>): Hub88Session {
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    const session: Hub88Session = { ...input, id: `h88s_${randomBytes(16).toString('hex')}`, createdAt: this.now().getTime() };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Appends a new transaction as TS_PENDING. @throws when its uuid is already known (a bug here). */
  record(input: Pick<Hub88Transaction, 'transaction_uuid' | 'kind' | 'user' | 'round' | 'game_code' | 'currency' | 'amount' | 'reference_transaction_uuid'>): Hub88Transaction {
    if (this.byUuid.has(input.transaction_uuid)) throw new Error(`transaction ${input.transaction_uuid} recorded twice`);
    if (this.transactions.length >= MAX_TRANSACTIONS) throw new Error('sandbox Hub88 transaction list is full');
    const at = this.now().toISOString();
    const transaction: Hub88Transaction = { ...input, status: 'TS_PENDING', last_response_status: 'NO_ANSWER', rolled_back: false, inserted_at: at, updated_at: at };
    this.transactions.push(transaction);
    this.byUuid.set(transaction.transaction_uuid, transaction);
    return transaction;
  }

  find(uuid: string): Hub88Transaction | undefined {
    return this.byUuid.get(uuid);
  }

  settle(transaction: Hub88Transaction, status: Hub88Transaction['status'], responseStatus: string): void {
    transaction.status = status;
    transaction.last_response_status = responseStatus;
    transaction.updated_at = this.now().toISOString();
  }

  /**
   * What Hub88's list says the operator owes a user in Hub88 units: Σ successful wins − Σ successful
   * bets that no successful rollback cancelled. The operator's balance must equal its start + this.
   */
  netUnitsOf(user: string): number {
    let net = 0;
    for (const transaction of this.transactions) {
      if (transaction.user !== user || transaction.status !== 'TS_SUCCESS') continue;
      if (transaction.kind === 'win') net += transaction.amount;
      if (transaction.kind === 'bet' && !transaction.rolled_back) net -= transaction.amount;
    }
    return net;
  }
}
