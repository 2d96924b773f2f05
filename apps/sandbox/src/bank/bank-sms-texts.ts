import { findBankByCode } from '@sabai/contracts';
import { formatBaht, satangToDecimalString } from '@sabai/money';

/**
 * The SMS texts KBank and SCB send to the house account's phone when money comes in (and KBank's
 * when money goes out), in the exact formats of /work/shared/fixtures/bank-sms-samples.json. The operator's SMS forwarder sends them
 * to Sabai's bank feed unchanged.
 */

/** Asia/Bangkok is UTC+07:00 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
/** Buddhist Era year = Common Era year + 543. */
const BUDDHIST_ERA_OFFSET_YEARS = 543;

export interface BangkokWallClock {
  day: string;
  month: string;
  /** Two-digit Buddhist Era year: 2026 CE = 2569 BE → `69`. */
  yearBuddhistEra2: string;
  hour: string;
  minute: string;
}

export function toBangkokWallClock(instant: Date): BangkokWallClock {
  const bangkok = new Date(instant.getTime() + BANGKOK_OFFSET_MS);
  const two = (value: number): string => String(value).padStart(2, '0');
  return {
    day: two(bangkok.getUTCDate()),
    month: two(bangkok.getUTCMonth() + 1),
    yearBuddhistEra2: two((bangkok.getUTCFullYear() + BUDDHIST_ERA_OFFSET_YEARS) % 100),
    hour: two(bangkok.getUTCHours()),
    minute: two(bangkok.getUTCMinutes()),
  };
}

/** KBank masks an account as `X` + digits 3..8 (0-based) + `X`: `0011535946` → `X153594X`. */
export const maskAccountKbank = (accountNumber: string): string => `X${accountNumber.slice(3, 9)}X`;

/** SCB masks an account as `x` + its last six digits: `4021354011` → `x354011`. */
export const maskAccountScb = (accountNumber: string): string => `x${accountNumber.slice(-6)}`;

export interface CreditSmsInput {
  occurredAt: Date;
  houseAccountNumber: string;
  amountSatang: bigint;
  /** The house account's balance after this credit. */
  balanceAfterSatang: bigint;
  senderBankCode: string;
  senderAccountNumber: string;
  /** Required by SCB for a transfer between two SCB accounts (the text names the sender). */
  senderName: string | null;
}

/**
 * `DD/MM/YY HH:MM บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ`: plain amounts with two
 * decimals, no thousands separators, no sender bank.
 */
export function formatKbankCreditSms(input: CreditSmsInput): string {
  const clock = toBangkokWallClock(input.occurredAt);
  return (
    `${clock.day}/${clock.month}/${clock.yearBuddhistEra2} ${clock.hour}:${clock.minute} ` +
    `บช${maskAccountKbank(input.houseAccountNumber)} รับโอนจาก${maskAccountKbank(input.senderAccountNumber)} ` +
    `${satangToDecimalString(input.amountSatang)}บ คงเหลือ${satangToDecimalString(input.balanceAfterSatang)}บ`
  );
}

/**
 * From another bank: `DD/MM@HH:MM 100.00 จากBAAC/x838467เข้าx475366 ใช้ได้3,452.35บ`;
 * from an SCB account: `DD/MM@HH:MM 100.00 โอนจากNAME SURNAMEเข้าx354011 ใช้ได้2,375.46บ`.
 * The amount has no separators, the available balance has thousands separators; no year.
 * @throws Error for an unknown sender bank or an SCB sender without a name (programmer errors:
 *   make-transfer.ts checks both before any money moves).
 */
export function formatScbCreditSms(input: CreditSmsInput): string {
  const clock = toBangkokWallClock(input.occurredAt);
  const house = maskAccountScb(input.houseAccountNumber);
  const sender = describeScbSender(input);
  return (
    `${clock.day}/${clock.month}@${clock.hour}:${clock.minute} ${satangToDecimalString(input.amountSatang)} ` +
    `${sender}เข้า${house} ใช้ได้${formatBaht(input.balanceAfterSatang)}บ`
  );
}

function describeScbSender(input: CreditSmsInput): string {
  if (input.senderBankCode === '014') {
    if (!input.senderName) throw new Error('an SCB-to-SCB SMS names the sender: senderName is required');
    return `โอนจาก${input.senderName}`;
  }
  const bank = findBankByCode(input.senderBankCode);
  if (!bank) throw new Error(`unknown sender bank ${input.senderBankCode}`);
  return `จาก${bank.shortName}/${maskAccountScb(input.senderAccountNumber)}`;
}

export interface DebitSmsInput {
  occurredAt: Date;
  houseAccountNumber: string;
  recipientAccountNumber: string;
  amountSatang: bigint;
  /** The house account's balance after this debit. */
  balanceAfterSatang: bigint;
}

/**
 * Money out of a KBank house account (staff paying a withdrawal from the banking app):
 * `DD/MM/YY HH:MM หักบชX153594X เข้าX180745X 1000.00 คงเหลือ1285.29บ` (fixture bank 004, kind
 * debit): the amount without `บ`, the balance with it. The only debit text in the fixtures.
 */
export function formatKbankDebitSms(input: DebitSmsInput): string {
  const clock = toBangkokWallClock(input.occurredAt);
  return (
    `${clock.day}/${clock.month}/${clock.yearBuddhistEra2} ${clock.hour}:${clock.minute} ` +
    `หักบช${maskAccountKbank(input.houseAccountNumber)} เข้า${maskAccountKbank(input.recipientAccountNumber)} ` +
    `${satangToDecimalString(input.amountSatang)} คงเหลือ${satangToDecimalString(input.balanceAfterSatang)}บ`
  );
}
