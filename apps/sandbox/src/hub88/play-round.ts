import { randomUUID } from 'node:crypto';
import { FINAL_BET_REFUSALS, type Hub88State, type Hub88Transaction, type TransactionKind } from './hub88-state.ts';
import { isFinal, type Hub88WalletCaller, type WalletAttempt, type WalletPath } from './wallet-caller.ts';

/**
 * How the sandbox Hub88 misbehaves, round by round (switch with POST /hub88/sandbox/faults):
 * - ok: bet, then win (amount 0 for a loss, closing the round);
 * - repeat: every call is sent twice with the identical body; the answers must be identical;
 * - timeout_after_answer: the first answer to each call is thrown away as if it timed out
 *   after Sabai answered; a bet is then rolled back (Hub88's policy), a win or rollback retried;
 * - rollback_before_bet: the bet's rollback arrives first, then the bet (which must be refused);
 * - rollback_after_bet: the bet, then its rollback (the round is cancelled, no win);
 * - win_before_bet: a win referencing the bet arrives first (must be refused), then bet and a new win;
 * - out_of_order: the win is sent at the same time as its bet (either may arrive first);
 * - bad_signature: the bet is signed with a wrong key (must be refused), then rolled back.
 */
export const HUB88_FAULTS = ['ok', 'repeat', 'timeout_after_answer', 'rollback_before_bet', 'rollback_after_bet', 'win_before_bet', 'out_of_order', 'bad_signature'] as const;
export type Hub88Fault = (typeof HUB88_FAULTS)[number];

export interface RoundInput {
  user: string;
  token: string;
  gameCode: string;
  currency: string;
  /** Hub88 units (× 100,000). */
  betUnits: number;
  /** Hub88 units; 0 for a loss (the win call still closes the round). */
  winUnits: number;
  round?: string;
}

export interface RoundResult {
  round: string;
  /** settled: bet and win went through; refused: the bet was refused (no money moved); rolled_back: the bet was cancelled. */
  outcome: 'settled' | 'refused' | 'rolled_back';
  /** The operator's status that refused the bet (for `refused`). */
  refusal?: string;
  /** The operator's balance from its last RS_OK or NOT_ENOUGH_MONEY answer, in Hub88 units. */
  balanceUnits: number | null;
  transactions: Hub88Transaction[];
  /** Answers that break the documented contract (a fault the operator did not absorb). */
  anomalies: string[];
}

export interface RoundContext {
  state: Hub88State;
  caller: Hub88WalletCaller;
}

interface Exchange {
  retry: boolean;
  dropFirst: boolean;
  repeat: boolean;
  badSignature?: boolean;
}

const PATHS: Record<TransactionKind, WalletPath> = { bet: '/transaction/bet', win: '/transaction/win', rollback: '/transaction/rollback' };

class RoundRun {
  readonly round: string;
  readonly anomalies: string[] = [];
  readonly transactions: Hub88Transaction[] = [];
  balanceUnits: number | null = null;

  constructor(
    private readonly context: RoundContext,
    private readonly input: RoundInput,
    private readonly fault: Hub88Fault,
  ) {
    this.round = input.round ?? `h88r_${randomUUID()}`;
  }

  private exchangeFor(kind: TransactionKind): Exchange {
    return { retry: kind !== 'bet', dropFirst: this.fault === 'timeout_after_answer', repeat: this.fault === 'repeat' };
  }

  newTransaction(kind: TransactionKind, amount: number, reference: string | null): Hub88Transaction {
    const transaction = this.context.state.record({
      transaction_uuid: randomUUID(),
      kind,
      user: this.input.user,
      round: this.round,
      game_code: this.input.gameCode,
      currency: this.input.currency,
      amount,
      reference_transaction_uuid: reference,
    });
    this.transactions.push(transaction);
    return transaction;
  }

  /** The documented request body of a transaction (docs.hub88.io Operator Wallet API). */
  bodyOf(transaction: Hub88Transaction): string {
    const common = {
      user: this.input.user,
      transaction_uuid: transaction.transaction_uuid,
      supplier_transaction_id: `sup_${transaction.transaction_uuid}`,
      token: this.input.token,
      supplier_user: `sabai_${this.input.user}`,
      round_closed: transaction.kind !== 'bet',
      round: this.round,
      request_uuid: randomUUID(),
      game_code: this.input.gameCode,
    };
    if (transaction.kind === 'rollback') return JSON.stringify({ ...common, reference_transaction_uuid: transaction.reference_transaction_uuid });
    const money = { is_free: false, currency: this.input.currency, amount: transaction.amount };
    if (transaction.kind === 'bet') return JSON.stringify({ ...common, ...money });
    return JSON.stringify({ ...common, ...money, reference_transaction_uuid: transaction.reference_transaction_uuid });
  }

  /** Sends a transaction per the exchange rules; settles Hub88's record from the answer. */
  async exchange(transaction: Hub88Transaction, how: Exchange): Promise<WalletAttempt> {
    const path = PATHS[transaction.kind];
    const body = this.bodyOf(transaction);
    const { caller, state } = this.context;
    let answer: WalletAttempt;
    if (how.badSignature) answer = await caller.send(path, body, { badSignature: true });
    else if (how.retry) answer = await caller.untilFinal(path, body, { dropFirstAnswer: how.dropFirst });
    else {
      answer = await caller.send(path, body);
      if (how.dropFirst) answer = { kind: 'no_answer', reason: 'timed out after the operator answered (fault)' };
    }
    if (how.repeat && isFinal(answer)) {
      // The repeat is retried until answered too (a lost repeat proves nothing); its answer must be the same bytes.
      const again = await caller.untilFinal(path, body);
      if (isFinal(again) && again.raw !== answer.raw) this.anomalies.push(`${transaction.kind} repeated: answer differs (${again.status})`);
    }
    if (isFinal(answer)) {
      state.settle(transaction, answer.status === 'RS_OK' ? 'TS_SUCCESS' : 'TS_DECLINED', answer.status);
      if (typeof answer.body.balance === 'number' && (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')) this.balanceUnits = answer.body.balance;
    } else {
      state.settle(transaction, 'TS_PENDING', unfinishedStatus(answer));
    }
    return answer;
  }

  /** Hub88's policy for a bet without success: roll it back, retrying until the operator answers. */
  async rollBack(bet: Hub88Transaction): Promise<void> {
    const rollback = this.newTransaction('rollback', bet.amount, bet.transaction_uuid);
    const answer = await this.exchange(rollback, this.exchangeFor('rollback'));
    if (isFinal(answer) && answer.status === 'RS_OK') {
      bet.rolled_back = true;
      if (bet.status === 'TS_PENDING') this.context.state.settle(bet, 'TS_DECLINED', bet.last_response_status);
    } else this.anomalies.push(`rollback not accepted: ${answer.kind === 'answer' ? answer.status : answer.reason}`);
  }

  /**
   * Pays the round's win (retried until answered). `isRace`: sent beside its bet, so a refusal is
   * expected; it is retried until answered too (Hub88 retries every win), so a race win whose first
   * attempt found no operator (an API killed mid-call) is not left pending in Hub88's list.
   */
  async payWin(bet: Hub88Transaction, isRace = false): Promise<Hub88Transaction> {
    const win = this.newTransaction('win', this.input.winUnits, bet.transaction_uuid);
    const answer = await this.exchange(win, isRace ? { retry: true, dropFirst: false, repeat: false } : this.exchangeFor('win'));
    if (!isRace && (!isFinal(answer) || answer.status !== 'RS_OK')) this.anomalies.push(`win not accepted: ${answer.kind === 'answer' ? answer.status : answer.reason}`);
    return win;
  }

  result(outcome: RoundResult['outcome'], refusal?: string): RoundResult {
    return { round: this.round, outcome, ...(refusal ? { refusal } : {}), balanceUnits: this.balanceUnits, transactions: this.transactions, anomalies: this.anomalies };
  }
}

/**
 * Plays one round against the operator's wallet as Hub88 does (bet, then win; a bet without
 * success is rolled back, wins and rollbacks are retried until answered), with `fault` on top.
 * Hub88's list (context.state) records every transaction and its fate. Never throws for the
 * operator's answers; anomalies list what broke the contract.
 */
export async function playHub88Round(context: RoundContext, input: RoundInput, fault: Hub88Fault = 'ok'): Promise<RoundResult> {
  const run = new RoundRun(context, input, fault);
  const bet = run.newTransaction('bet', input.betUnits, null);
  if (fault === 'rollback_before_bet') return rollbackBeforeBet(run, bet);
  if (fault === 'win_before_bet') {
    const early = run.newTransaction('win', input.winUnits, bet.transaction_uuid);
    const answer = await run.exchange(early, { retry: false, dropFirst: false, repeat: false });
    if (isFinal(answer) && answer.status === 'RS_OK') run.anomalies.push('win accepted before its bet');
  }
  const racing = fault === 'out_of_order' ? run.payWin(bet, true) : null;
  const betAnswer = await run.exchange(bet, { retry: false, dropFirst: fault === 'timeout_after_answer', repeat: fault === 'repeat', badSignature: fault === 'bad_signature' });
  if (fault === 'bad_signature' && isFinal(betAnswer) && betAnswer.status === 'RS_OK') run.anomalies.push('bet with a bad signature accepted');
  const racedWin = racing ? await racing : undefined;
  if (racedWin?.status === 'TS_SUCCESS' && !(isFinal(betAnswer) && betAnswer.status === 'RS_OK')) run.anomalies.push('win accepted for a bet that did not go through');
  if (isFinal(betAnswer) && FINAL_BET_REFUSALS.has(betAnswer.status)) {
    return run.result('refused', betAnswer.status);
  }
  if (!isFinal(betAnswer) || betAnswer.status !== 'RS_OK') {
    await run.rollBack(bet);
    return run.result('rolled_back', isFinal(betAnswer) ? betAnswer.status : undefined);
  }
  if (fault === 'rollback_after_bet') {
    await run.rollBack(bet);
    return run.result('rolled_back');
  }
  // The raced win may have lost the race (refused: its bet was not there yet): pay with a new win.
  if (racedWin?.status !== 'TS_SUCCESS') await run.payWin(bet);
  return run.result('settled');
}

/** What an answer Hub88 does not act on said: its status, its HTTP status, or NO_ANSWER. */
function unfinishedStatus(attempt: WalletAttempt): string {
  return attempt.kind === 'answer' ? attempt.status || `HTTP_${attempt.httpStatus}` : 'NO_ANSWER';
}

async function rollbackBeforeBet(run: RoundRun, bet: Hub88Transaction): Promise<RoundResult> {
  await run.rollBack(bet);
  const answer = await run.exchange(bet, { retry: false, dropFirst: false, repeat: false });
  if (isFinal(answer) && answer.status === 'RS_OK') run.anomalies.push('bet accepted after its rollback');
  return run.result('rolled_back', isFinal(answer) ? answer.status : undefined);
}
