import type { ProviderSendResult, ProviderTransferStatus } from '../../lib/external-transfer.ts';

/**
 * The game partner (an aggregator's "agent" API with a transfer wallet; spec §1 GameInfo): the
 * operator opens one game account per member and moves credit in and out of it; members play at
 * the partner; bet records come back for turnover. Every transfer carries our own reference, so
 * an unknown outcome is settled by asking the partner, never by a blind retry or void.
 */
export interface PartnerGame {
  code: string;
  name: string;
  /** LIVECASINO, EGAMES, POKER, TRADING (spec §3 Game provider entry). */
  category: string;
  provider: string;
  imageUrl: string;
}

export interface PartnerBetRecord {
  roundId: string;
  username: string;
  gameCode: string;
  stakeSatang: bigint;
  payoutSatang: bigint;
  result: 'win' | 'loss' | 'draw';
  status: 'settled' | 'cancelled' | 'refunded';
  settledAt: Date;
}

/** A transfer's answer (lib/external-transfer.ts): unknown = timeout, network failure, 5xx — applied or not, ask getTransferStatus. */
export type PartnerTransferResult = ProviderSendResult<{ balanceAfterSatang: bigint }>;
/** The partner's answer about our reference (its balance after, when it says). */
export type PartnerTransferStatus = ProviderTransferStatus<{ balanceAfterSatang: bigint | null }>;

/** The provider could not answer (timeout, network, 5xx, malformed reply). */
export class PartnerUnavailableError extends Error {
  constructor(detail: string) {
    super(`game partner unavailable: ${detail}`);
    this.name = 'PartnerUnavailableError';
  }
}

/** The partner understood the request and refused it (4xx with its code): the caller's mistake, not an outage. */
export class PartnerRefusedError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`game partner refused: ${code}`);
    this.name = 'PartnerRefusedError';
    this.code = code;
  }
}

export interface PartnerAdapter {
  readonly partnerName: string;
  /**
   * `transfer`: credit moves into a game account at the partner (spec GameInfo). `seamless`: the
   * money stays in the main wallet and the partner calls us per bet (docs/adr/0046); nothing is
   * ever moved or held there.
   */
  readonly walletMode: 'transfer' | 'seamless';
  /** Idempotent: an existing username returns its account. @throws PartnerUnavailableError */
  createMember(username: string): Promise<{ username: string; password: string }>;
  /** The member's live game balance. @throws PartnerUnavailableError */
  getBalance(username: string): Promise<bigint>;
  /** Moves credit in or out, once per reference. Never throws for provider trouble. */
  transfer(input: { reference: string; username: string; direction: 'in' | 'out'; amountSatang: bigint }): Promise<PartnerTransferResult>;
  getTransferStatus(reference: string): Promise<PartnerTransferStatus>;
  /** @throws PartnerUnavailableError */
  listGames(category?: string): Promise<PartnerGame[]>;
  /**
   * A short-lived URL that opens the game for the member.
   * @throws PartnerRefusedError (unknown game or member, bad request), PartnerUnavailableError
   */
  launchUrl(input: { username: string; gameCode: string; returnUrl: string }): Promise<string>;
  /** Bet records after `cursor` (null = from the start), at most `limit`. @throws PartnerUnavailableError */
  betRecordsSince(cursor: string | null, limit: number): Promise<{ records: PartnerBetRecord[]; nextCursor: string | null }>;
}
