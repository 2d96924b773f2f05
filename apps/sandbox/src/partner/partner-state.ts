/**
 * Everything the sandbox partner remembers. Plain data, so it can be written to and read from the
 * optional JSON file (partner-persistence.ts); launch tokens and game sessions are deliberately
 * not in here (they die with the process, like a real provider's sessions on a redeploy).
 */

export interface PartnerMember {
  username: string;
  /** Generated once at creation; shown to the member as GameInfo.password. */
  password: string;
  balanceSatang: bigint;
  createdAt: string;
}

export type TransferDirection = 'in' | 'out';
export type TransferFailureReason = 'INSUFFICIENT_BALANCE' | 'MEMBER_NOT_FOUND' | 'INVALID_AMOUNT';

export type TransferOutcome =
  | { status: 'succeeded'; balanceAfterSatang: bigint }
  | { status: 'failed'; reason: TransferFailureReason };

/** A transfer reference's first outcome, kept forever (idempotency must outlive any retry). */
export interface StoredTransfer {
  reference: string;
  username: string;
  direction: TransferDirection;
  /** The amount as satang when it parsed, else the raw text (a refused amount is remembered too). */
  amountKey: string;
  outcome: TransferOutcome;
  at: string;
  /**
   * How often the balance moved for this reference, only when not once (the `apply_twice` fault):
   * the partner's own record of its bug, never sent to Sabai. Absent in older data files.
   */
  appliedTimes?: 2;
}

export type BetResult = 'win' | 'loss' | 'draw';
export type BetStatus = 'settled' | 'cancelled' | 'refunded';

/**
 * One entry of the bet-record feed. A round appears once as `settled`; a later cancel/refund
 * appends a NEW entry with the same roundId and the new status (the feed is append-only).
 */
export interface BetRecord {
  /** Position in the feed: 1, 2, 3, … with no gaps (records[i].sequence === i + 1). */
  sequence: number;
  roundId: string;
  username: string;
  gameCode: string;
  stakeSatang: bigint;
  payoutSatang: bigint;
  result: BetResult;
  status: BetStatus;
  settledAt: string;
}

export interface PartnerState {
  members: Map<string, PartnerMember>;
  transfers: Map<string, StoredTransfer>;
  records: BetRecord[];
  /** Latest feed entry of each round (what a cancel acts on). */
  latestByRound: Map<string, BetRecord>;
}

export function createEmptyState(): PartnerState {
  return { members: new Map(), transfers: new Map(), records: [], latestByRound: new Map() };
}

/** win = payout > stake, loss = payout < stake, draw = payout == stake (a push: not turnover). */
export function resultOf(stakeSatang: bigint, payoutSatang: bigint): BetResult {
  if (payoutSatang > stakeSatang) return 'win';
  if (payoutSatang < stakeSatang) return 'loss';
  return 'draw';
}

/** Appends a feed entry with the next sequence number. */
export function appendRecord(state: PartnerState, record: Omit<BetRecord, 'sequence'>): BetRecord {
  const entry: BetRecord = { ...record, sequence: state.records.length + 1 };
  state.records.push(entry);
  state.latestByRound.set(entry.roundId, entry);
  return entry;
}
