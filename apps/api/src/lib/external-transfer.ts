/**
 * The one primitive behind every movement of money that an outside party carries out (issue 10 §4):
 * payouts to a member's bank (withdrawals) and transfers to and from the game partner.
 *
 * Each has an intent row (`withdrawals`, `game_transfers`) and a pending ledger transfer that
 * reserves the money. The intent is claimed and COMMITTED before the provider is called with our
 * reference, so a crash after the call can only leave it "sending". From there:
 *
 *   sending ──provider: succeeded──▶ succeeded  (pending transfer posted)
 *      │    ──provider: failed─────▶ failed     (pending transfer voided: the money is the member's again)
 *      │    ──not found after the grace──▶ failed (the provider never received it)
 *      └──── unknown / not found within the grace ──▶ stays sending; asked again later, never resent
 *
 * The grace must exceed the longest time the provider may still apply a call it received
 * (config.ts checks GAME_TRANSFER_VOID_GRACE_MS; PAYOUT_UNKNOWN_GRACE_MS for the bank).
 *
 * Adapters answer with values, never throws, for provider trouble: `ProviderSendResult` when
 * sending, `ProviderTransferStatus` when asked by reference; "unknown" is a value too.
 */
export type ProviderSendResult<Receipt> =
  | { outcome: 'succeeded'; receipt: Receipt }
  | { outcome: 'failed'; reason: string }
  /** Timeout, network failure, 5xx: applied or not. Ask later by reference. */
  | { outcome: 'unknown'; detail: string };

export type ProviderTransferStatus<Receipt> =
  | { status: 'succeeded'; receipt: Receipt }
  | { status: 'failed'; reason: string }
  | { status: 'not_found' }
  | { status: 'unknown'; detail: string };

/** How an intent in `sending` settles: succeeded (post) or failed (void). */
export type Settlement<Receipt> = { result: 'succeeded'; receipt: Receipt } | { result: 'failed'; reason: string };

/** Failure reason when the provider never received the call (not found after the grace). */
export const NOT_RECEIVED_BY_PROVIDER = 'NOT_RECEIVED_BY_PROVIDER';

/**
 * The settlement a provider's answer about our reference calls for, or null (stay `sending`).
 * "Not found" settles as failed only once `sentForMs` exceeds `voidGraceMs`; "unknown" never settles.
 */
export function settlementFromStatus<Receipt>(
  status: ProviderTransferStatus<Receipt>,
  timing: { sentForMs: number; voidGraceMs: number },
  notReceivedReason: string = NOT_RECEIVED_BY_PROVIDER,
): Settlement<Receipt> | null {
  switch (status.status) {
    case 'succeeded':
      return { result: 'succeeded', receipt: status.receipt };
    case 'failed':
      return { result: 'failed', reason: status.reason };
    case 'not_found':
      return timing.sentForMs > timing.voidGraceMs ? { result: 'failed', reason: notReceivedReason } : null;
    case 'unknown':
      return null;
  }
}

/** The settlement a send's own answer calls for, or null (unknown: stay `sending`, ask later). */
export function settlementFromSend<Receipt>(result: ProviderSendResult<Receipt>): Settlement<Receipt> | null {
  if (result.outcome === 'succeeded') return { result: 'succeeded', receipt: result.receipt };
  if (result.outcome === 'failed') return { result: 'failed', reason: result.reason };
  return null;
}

/**
 * Settles one intent in `sending` by asking the provider about our reference: the shared
 * recovery step of payouts and game transfers. `settle` posts or voids in one transaction and
 * returns whether this call settled it (false: already settled by someone else).
 * @returns whether this call settled it.
 */
export async function settleByAskingProvider<Receipt>(input: {
  reference: string;
  sentAt: Date;
  now: Date;
  voidGraceMs: number;
  notReceivedReason?: string;
  ask: (reference: string) => Promise<ProviderTransferStatus<Receipt>>;
  settle: (settlement: Settlement<Receipt>) => Promise<boolean>;
}): Promise<boolean> {
  const status = await input.ask(input.reference);
  const settlement = settlementFromStatus(status, { sentForMs: input.now.getTime() - input.sentAt.getTime(), voidGraceMs: input.voidGraceMs }, input.notReceivedReason);
  return settlement ? input.settle(settlement) : false;
}
