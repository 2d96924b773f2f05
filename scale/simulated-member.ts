import { randomInt, randomUUID } from 'node:crypto';
import { MemberEventStream } from './event-stream.ts';
import { callJson, isRetryable, readField, readNumber, readString, sleep, type CallResult } from './http-client.ts';
import type { Metrics } from './metrics.ts';

/** The demo operator's BBL house account: its notifications are statement lines keyed by providerRef. */
const HOUSE_BANK_CODE = '002';
const HOUSE_ACCOUNT_NUMBER = '1170012345';
/** Retries of a money call that got no answer or a gateway error, with the same idempotency key. */
const MONEY_CALL_RETRIES = 2;
const RETRY_DELAY_MS = 500;
/** Weights of what a member does next (a wheel visit spins when the member has the credit). */
const OPERATION_WEIGHTS = [
  ['balance', 35],
  ['deposit', 15],
  ['withdrawal', 15],
  ['launch', 15],
  ['wheel', 20],
] as const;
type OperationKind = (typeof OPERATION_WEIGHTS)[number][0];

/** Everything the members share: where to call, the figures, the clock. */
export interface ScaleContext {
  appId: string;
  /** HAProxy, in front of every API process. */
  balancerUrl: string;
  /** The sandbox (the members' bank). */
  sandboxUrl: string;
  /** The API processes themselves, for the sign-up that must cross processes. */
  apis: Array<{ name: string; url: string; isUp: () => boolean }>;
  metrics: Metrics;
  /** Game codes the partner offers (fetched by the first member signed in). */
  gameCodes: string[];
  thinkMs: { min: number; max: number };
  depositBaht: { min: number; max: number };
  withdrawalBaht: { min: number; max: number };
}

export interface MemberPlan {
  index: number;
  phoneNumber: string;
  bankCode: string;
  accountNumber: string;
  password: string;
  /** The member's own client address, sent as X-Forwarded-For (the API trusts HAProxy and us, TRUST_PROXY). */
  ip: string;
  wantsBonus: boolean;
}

/** A deposit as the member's bank made it: the transfer, and what Sabai answered the bank's notification. */
export interface DepositRecord {
  transferId: string;
  /** The statement line's reference, which Sabai deduplicates by (`ref:<providerRef>`). */
  providerRef: string;
  amountBaht: number;
  sentAt: number;
  answeredAt: number;
  /** Sabai answered the notification 2xx: the deposit is Sabai's from then on. */
  isAcknowledged: boolean;
  /** What Sabai said (`credited`, `duplicate`, …) or why it was not delivered. */
  sabaiStatus: string | null;
  deliveryAttempts: number;
  /** Acknowledged only when the bank delivered it again after the run. */
  wasRedelivered: boolean;
}

export interface WithdrawalRecord {
  withdrawalId: string;
  sentAt: number;
  /** Acknowledged on a repeat of the call (same idempotency key) after no answer or a gateway error. */
  wasRetried: boolean;
}

export function planMember(index: number): MemberPlan {
  return {
    index,
    phoneNumber: `081${String(index).padStart(7, '0')}`,
    bankCode: '014',
    // 10 digits, last digit not 9: an account the sandbox's name inquiry knows.
    accountNumber: `77${String(index).padStart(7, '0')}1`,
    password: `scale-pass-${index}`,
    ip: `10.77.${(index >> 8) & 255}.${index & 255}`,
    wantsBonus: index % 5 === 0,
  };
}

/** How long a member waits for its code SMS: the worker sends it through the outbox, not the checkPhone call. */
const CODE_SMS_WAIT_MS = 30_000;
const CODE_SMS_POLL_MS = 250;

/**
 * One member of the scale test: signs up (checkPhone, the SMS code read from the sandbox's SMS
 * Gateway double, verifyPhone; then checkBank on one API process, signup on another with the
 * registration, proving the bank token is valid across processes), logs in through HAProxy, keeps a live
 * balance stream open, then deposits at the sandbox bank, withdraws, launches games, spins the
 * wheel and reads the balance until the run ends.
 */
export class SimulatedMember {
  token: string | null = null;
  stream: MemberEventStream | null = null;
  /** The processes checkBank and signup ran on, when they were two different ones. */
  crossSignup: { checkBankOn: string; signupOn: string } | null = null;
  joinError: string | null = null;
  readonly deposits: DepositRecord[] = [];
  readonly withdrawals: WithdrawalRecord[] = [];
  moneyCallRetries = 0;
  spins = 0;

  constructor(
    readonly plan: MemberPlan,
    private readonly scale: ScaleContext,
  ) {}

  /** Sign-up, login and the event stream. @returns false (with joinError) when the member could not join. */
  async join(): Promise<boolean> {
    let isSignedUp = false;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (!isSignedUp) isSignedUp = await this.#signUp(attempt);
      // After a failed attempt the sign-up may have happened with its answer lost: logging in tells.
      if (isSignedUp || attempt > 0) await this.#logIn();
      if (this.token) break;
      await sleep(1_000);
    }
    if (!this.token) return false;
    if (this.scale.gameCodes.length === 0) await this.#loadGameCodes();
    this.stream = new MemberEventStream(`${this.scale.balancerUrl}/user-profile-composite/v1/events`, this.#memberHeaders());
    await this.stream.start();
    return true;
  }

  /** Operations until `untilMs` (performance.now clock); the first one is a deposit. */
  async play(untilMs: number): Promise<void> {
    let isFirst = true;
    while (performance.now() < untilMs) {
      await sleep(randomInt(this.scale.thinkMs.min, this.scale.thinkMs.max + 1));
      if (performance.now() >= untilMs) break;
      const kind: OperationKind = isFirst ? 'deposit' : pickOperation();
      isFirst = false;
      await this.#perform(kind);
    }
  }

  async #perform(kind: OperationKind): Promise<void> {
    if (kind === 'balance') await this.#call('balance', 'GET', '/user-profile-composite/v1/profile/balance');
    else if (kind === 'deposit') await this.deposit();
    else if (kind === 'withdrawal') await this.#withdraw();
    else if (kind === 'launch') await this.#launch();
    else await this.#visitWheel();
  }

  async #signUp(attempt: number): Promise<boolean> {
    const { plan, scale } = this;
    const askedAtMs = Date.now();
    const phone = await this.#call('checkPhone', 'POST', '/auth-service/v1/checkPhone', { phoneNumber: plan.phoneNumber });
    const registrationId = readString(readField(phone.body, 'data'), 'registrationId');
    if (phone.outcome !== 'ok' || !registrationId) {
      this.joinError = `checkPhone ${phone.status} ${phone.code ?? ''}`;
      return false;
    }
    // Issue 27: the code goes by SMS (the worker sends it to the sandbox's SMS Gateway double).
    const code = await this.#readCodeSms(askedAtMs);
    if (!code) {
      this.joinError = 'no code SMS';
      return false;
    }
    const verified = await this.#call('verifyPhone', 'POST', '/auth-service/v1/verifyPhone', { registrationId, code });
    if (verified.outcome !== 'ok') {
      this.joinError = `verifyPhone ${verified.status} ${verified.code ?? ''}`;
      return false;
    }
    const registration = { 'x-registration-id': registrationId };
    const up = scale.apis.filter((api) => api.isUp());
    const checkBankApi = up[(plan.index + attempt) % Math.max(1, up.length)] ?? scale.apis[0]!;
    const signupApi = up.find((api) => api !== checkBankApi) ?? checkBankApi;
    const bank = await callJson(scale.metrics, 'checkBank', `${checkBankApi.url}/auth-service/v1/checkBank`, {
      method: 'POST',
      headers: { ...this.#memberHeaders(), ...registration },
      body: { BankCode: plan.bankCode, BankAccount: plan.accountNumber },
    });
    const bankData = readField(bank.body, 'data');
    const bankToken = readString(bankData, 'token');
    if (bank.outcome !== 'ok' || !bankToken) {
      this.joinError = `checkBank ${bank.status} ${bank.code ?? ''}`;
      return false;
    }
    const signup = await callJson(scale.metrics, 'signup', `${signupApi.url}/auth-service/v1/signup`, {
      method: 'POST',
      headers: { ...this.#memberHeaders(), ...registration, tokenbank: bankToken },
      body: {
        phoneNumber: plan.phoneNumber,
        Password: plan.password,
        Confirm_Password: plan.password,
        BankAccount: plan.accountNumber,
        BankCode: plan.bankCode,
        firstName: readString(bankData, 'firstName') ?? '',
        lastName: readString(bankData, 'lastName') ?? '',
        affiliateKey: '',
        isBonus: plan.wantsBonus,
        dateOfBirth: '1990-01-15',
      },
    });
    if (signup.outcome !== 'ok') {
      this.joinError = `signup ${signup.status} ${signup.code ?? ''}`;
      return false;
    }
    this.joinError = null;
    if (signupApi !== checkBankApi) this.crossSignup = { checkBankOn: checkBankApi.name, signupOn: signupApi.name };
    return true;
  }

  /** The 6-digit code of the newest SMS to this member sent since `sinceMs` (sandbox clock, same machine), or null after CODE_SMS_WAIT_MS. */
  async #readCodeSms(sinceMs: number): Promise<string | null> {
    const deadline = Date.now() + CODE_SMS_WAIT_MS;
    while (Date.now() < deadline) {
      const listed = await callJson(this.scale.metrics, null, `${this.scale.sandboxUrl}/sms/v1/messages?to=${this.plan.phoneNumber}`, { method: 'GET' });
      const newest = Array.isArray(listed.body) ? (listed.body[0] as unknown) : undefined;
      const createdAt = readString(newest, 'createdAt');
      const code = /\b(\d{6})\b/.exec(readString(newest, 'text') ?? '')?.[1];
      if (code && createdAt && Date.parse(createdAt) >= sinceMs - 1_000) return code;
      await sleep(CODE_SMS_POLL_MS);
    }
    return null;
  }

  async #logIn(): Promise<void> {
    const login = await this.#call('login', 'POST', '/auth-service/v1/login', { phoneNumber: this.plan.phoneNumber, Password: this.plan.password });
    const token = readString(login.body, 'authToken');
    if (login.outcome === 'ok' && token) {
      this.token = token;
      this.joinError = null;
    } else {
      this.joinError = `login ${login.status} ${login.code ?? ''}`;
    }
  }

  async #loadGameCodes(): Promise<void> {
    const games = await this.#call('games', 'GET', '/game-composite/v1/games');
    const list = readField(games.body, 'data');
    if (!Array.isArray(list)) return;
    const codes = list.map((game: unknown) => readString(game, 'code')).filter((code): code is string => code !== undefined);
    if (this.scale.gameCodes.length === 0) this.scale.gameCodes.push(...codes);
  }

  /**
   * A transfer from the member's bank account to the house account at the sandbox bank, which
   * notifies Sabai's bank feed through HAProxy (retrying a 5xx or no answer with the same body).
   */
  async deposit(): Promise<void> {
    const { plan, scale } = this;
    const amountBaht = randomInt(scale.depositBaht.min, scale.depositBaht.max + 1);
    const sentAt = performance.now();
    const transfer = await callJson(
      scale.metrics,
      null,
      `${scale.sandboxUrl}/bank/v1/transfers`,
      {
        method: 'POST',
        body: { destination: 'bank', fromBankCode: plan.bankCode, fromAccountNumber: plan.accountNumber, toBankCode: HOUSE_BANK_CODE, toAccountNumber: HOUSE_ACCOUNT_NUMBER, amount: `${amountBaht}.00` },
      },
    );
    const answeredAt = performance.now();
    const transferId = readString(transfer.body, 'transferId');
    const delivered = readField(transfer.body, 'delivered');
    if (transfer.outcome !== 'ok' || !transferId) {
      scale.metrics.record('deposit', answeredAt - sentAt, transfer.status, `BANK_${readString(readField(transfer.body, 'error'), 'code') ?? 'TRANSFER_FAILED'}`);
      return;
    }
    const deliveryStatus = readString(delivered, 'status');
    const sabaiAnswer = readField(delivered, 'response');
    const attempts = readField(delivered, 'attempts');
    const record: DepositRecord = {
      transferId,
      providerRef: `stm-${transferId}`,
      amountBaht,
      sentAt,
      answeredAt,
      isAcknowledged: deliveryStatus === 'delivered',
      sabaiStatus: readString(delivered, 'sabaiStatus') ?? deliveryStatus ?? null,
      deliveryAttempts: Array.isArray(attempts) ? attempts.length : 0,
      wasRedelivered: false,
    };
    this.deposits.push(record);
    scale.metrics.record('deposit', answeredAt - sentAt, readNumber(delivered, 'httpStatus') ?? 0, readString(sabaiAnswer, 'code'));
  }

  /** After the run: the bank sends a notification Sabai never acknowledged again (as an operator would ask it to). */
  async redeliverUnacknowledged(): Promise<void> {
    for (const record of this.deposits.filter((deposit) => !deposit.isAcknowledged)) {
      const again = await callJson(this.scale.metrics, 'deposit-redelivery', `${this.scale.sandboxUrl}/bank/v1/transfers/${record.transferId}/redeliver`, { method: 'POST' });
      const delivered = readField(again.body, 'delivered');
      if (again.outcome === 'ok' && readString(delivered, 'status') === 'delivered') {
        record.isAcknowledged = true;
        record.wasRedelivered = true;
        record.sabaiStatus = readString(delivered, 'sabaiStatus') ?? 'delivered';
      }
    }
  }

  async #withdraw(): Promise<void> {
    const amountBaht = randomInt(this.scale.withdrawalBaht.min, this.scale.withdrawalBaht.max + 1);
    const sentAt = performance.now();
    const answer = await this.#moneyCall('withdrawal', '/fund-composite/v1/withdrawal', { Amount: amountBaht, Channel: 'BANK' });
    const withdrawalId = readString(readField(answer.result.body, 'data'), 'withdrawalId');
    if (answer.result.outcome === 'ok' && withdrawalId) this.withdrawals.push({ withdrawalId, sentAt, wasRetried: answer.wasRetried });
  }

  async #launch(): Promise<void> {
    const codes = this.scale.gameCodes;
    const gameCode = codes[randomInt(Math.max(1, codes.length))] ?? 'unknown-game';
    await this.#call('launch', 'POST', '/game-composite/v1/launch', { gameCode });
  }

  async #visitWheel(): Promise<void> {
    const wheel = await this.#call('wheel', 'GET', '/prize-composite/v1/wheel');
    const data = readField(wheel.body, 'data');
    const credit = readNumber(data, 'prizeWallet') ?? 0;
    const cost = readNumber(data, 'spinCost') ?? Number.POSITIVE_INFINITY;
    if (wheel.outcome !== 'ok' || credit < cost) return;
    const spin = await this.#moneyCall('spin', '/prize-composite/v1/spins', { OpenBox: true });
    if (spin.result.outcome === 'ok') this.spins += 1;
  }

  /** A POST with an idempotency key, repeated with the same key after no answer or a gateway error. */
  async #moneyCall(kind: string, path: string, body: unknown): Promise<{ result: CallResult; wasRetried: boolean }> {
    const idempotencyKey = randomUUID();
    let result = await this.#call(kind, 'POST', path, body, { 'idempotency-key': idempotencyKey });
    let wasRetried = false;
    for (let retry = 0; retry < MONEY_CALL_RETRIES && isRetryable(result.status); retry += 1) {
      await sleep(RETRY_DELAY_MS);
      this.moneyCallRetries += 1;
      wasRetried = true;
      result = await this.#call(kind, 'POST', path, body, { 'idempotency-key': idempotencyKey });
    }
    return { result, wasRetried };
  }

  #call(kind: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
    return callJson(this.scale.metrics, kind, `${this.scale.balancerUrl}${path}`, {
      method,
      headers: { ...this.#memberHeaders(), ...headers },
      ...(body === undefined ? {} : { body }),
    });
  }

  #memberHeaders(): Record<string, string> {
    return {
      'x-api-key': this.scale.appId,
      'x-forwarded-for': this.plan.ip,
      'accept-language': 'th',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
  }
}

function pickOperation(): OperationKind {
  const total = OPERATION_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = randomInt(total);
  for (const [kind, weight] of OPERATION_WEIGHTS) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return 'balance';
}
