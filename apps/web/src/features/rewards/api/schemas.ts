import type { ResponseSchema } from '../../../lib/api.ts';

/**
 * The rewards calls' envelopes (cashback, affiliate, item code, prize wheel), checked by hand: the
 * site does not depend on zod directly and `@sabai/contracts` does not export the rewards schemas
 * (`packages/contracts/src/rewards.ts`) from its index. Each checker mirrors the contract and accepts
 * exactly the fields the site reads.
 */
type Envelope<T> = { message: string; data: T };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isArrayOf = <T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] => Array.isArray(value) && value.every(isItem);

/** The envelope with its data checked; the success value itself is checked by apiRequest (`successValue`). */
export function envelopeOf<T>(isData: (data: unknown) => data is T): ResponseSchema<Envelope<T>> {
  return {
    safeParse(value) {
      if (isRecord(value) && isText(value.message) && isData(value.data)) {
        return { success: true, data: { message: value.message, data: value.data } };
      }
      return { success: false, error: 'response does not match the expected shape' };
    },
  };
}

/** `{ Amount }`: what a cashback claim or an affiliate-income withdrawal moved into play money (baht). */
export interface MovedAmount {
  Amount: number;
}
export const isMovedAmount = (value: unknown): value is MovedAmount => isRecord(value) && isNumber(value.Amount);

/** An affiliate-income withdrawal: Status 1 moved into play money now, 2 waiting for staff (ADR 0011). */
export interface IncomeWithdrawal extends MovedAmount {
  Status?: 1 | 2;
}
export const isIncomeWithdrawal = (value: unknown): value is IncomeWithdrawal =>
  isMovedAmount(value) && (!('Status' in value) || value.Status === 1 || value.Status === 2);

// --- Affiliate (spec §3 "Affiliate data") -------------------------------------------------------

export interface AffiliateRow {
  createdAt: string;
  Amount: number;
  /** Income withdrawals only: 1 done, 2 waiting for staff, 3 rejected (spec §4 statuses). */
  Status?: 1 | 2 | 3;
}
export interface AffiliateIncomeRow extends AffiliateRow {
  level: number;
}
export interface ReferredUser {
  /** Masked by the server (`081***5678`). */
  phoneNumber: string;
  regisdate: string;
  level: number;
}
export interface AffiliateSetting {
  useAffiliate: boolean;
  minWithdraw: number;
  turnover: number;
  level1: { enable: boolean; percent: number };
  level2: { enable: boolean; percent: number };
}
export interface AffiliateSummary {
  /** Accumulated income not yet withdrawn, baht. */
  balance: number;
  /** Income withdrawals. */
  transaction: AffiliateRow[];
  Users: ReferredUser[];
  /** Commission rows. */
  transaction_incomes: AffiliateIncomeRow[];
  setting: AffiliateSetting;
}

const isAffiliateRow = (value: unknown): value is AffiliateRow => isRecord(value) && isText(value.createdAt) && isNumber(value.Amount);
const isIncomeRow = (value: unknown): value is AffiliateIncomeRow =>
  isRecord(value) && isText(value.createdAt) && isNumber(value.Amount) && isNumber(value.level);
const isReferredUser = (value: unknown): value is ReferredUser =>
  isRecord(value) && isText(value.phoneNumber) && isText(value.regisdate) && isNumber(value.level);
const isLevel = (value: unknown): value is { enable: boolean; percent: number } => isRecord(value) && isBoolean(value.enable) && isNumber(value.percent);
const isAffiliateSetting = (value: unknown): value is AffiliateSetting =>
  isRecord(value) &&
  isBoolean(value.useAffiliate) &&
  isNumber(value.minWithdraw) &&
  isNumber(value.turnover) &&
  isLevel(value.level1) &&
  isLevel(value.level2);

export const isAffiliateSummary = (value: unknown): value is AffiliateSummary =>
  isRecord(value) &&
  isNumber(value.balance) &&
  isArrayOf(value.transaction, isAffiliateRow) &&
  isArrayOf(value.Users, isReferredUser) &&
  isArrayOf(value.transaction_incomes, isIncomeRow) &&
  isAffiliateSetting(value.setting);

// --- Item code (contracts rewards.ts itemCodeRedeemResponse) -------------------------------------

export interface ItemCodeRedemption {
  code: string;
  /** Credited to the main wallet, baht. */
  Amount: number;
}
export const isItemCodeRedemption = (value: unknown): value is ItemCodeRedemption => isRecord(value) && isText(value.code) && isNumber(value.Amount);

// --- Prize wheel (contracts rewards.ts wheelResponse, spinResponse) --------------------------------

export type WheelPrizeKind = 'credit' | 'prize_credit' | 'nothing';
export interface WheelPrize {
  id: number;
  label: string;
  kind: WheelPrizeKind;
  Amount: number;
  /** Position on the wheel, ascending clockwise from the top. */
  sortOrder: number;
}
export interface Wheel {
  isEnabled: boolean;
  /** Active prizes in wheel order. */
  prizes: WheelPrize[];
  /** The member's prize credit. */
  prizeWallet: number;
  spinCost: number;
}
export interface WheelSpin {
  drawId: string;
  prize: WheelPrize;
  /** Index of the prize in the wheel's `prizes`; null if it is no longer on the wheel. */
  segmentIndex: number | null;
  prizeWallet: number;
  spinCost: number;
}

const PRIZE_KINDS: readonly unknown[] = ['credit', 'prize_credit', 'nothing'];
export const isWheelPrize = (value: unknown): value is WheelPrize =>
  isRecord(value) &&
  isNumber(value.id) &&
  isText(value.label) &&
  PRIZE_KINDS.includes(value.kind) &&
  isNumber(value.Amount) &&
  isNumber(value.sortOrder);

export const isWheel = (value: unknown): value is Wheel =>
  isRecord(value) && isBoolean(value.isEnabled) && isArrayOf(value.prizes, isWheelPrize) && isNumber(value.prizeWallet) && isNumber(value.spinCost);

export const isWheelSpin = (value: unknown): value is WheelSpin =>
  isRecord(value) &&
  isText(value.drawId) &&
  isWheelPrize(value.prize) &&
  (value.segmentIndex === null || (isNumber(value.segmentIndex) && Number.isInteger(value.segmentIndex))) &&
  isNumber(value.prizeWallet) &&
  isNumber(value.spinCost);
