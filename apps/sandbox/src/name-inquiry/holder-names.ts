import { createHash } from 'node:crypto';

/**
 * Deterministic account holders for the sandbox bank network: the same bank + account always has
 * the same Thai name, so tests and demos are repeatable.
 *
 * Rules (documented in apps/sandbox/README.md):
 * - an account number whose last digit is 9 does not exist (name inquiry says "not found");
 * - the demo member's account (Kasikorn 0401234567) belongs to สมชาย ใจดี;
 * - any other 10- or 12-digit account has a name picked by SHA-256 of "bank:account".
 */
const FIRST_NAMES = [
  'สมชาย', 'สมหญิง', 'ประเสริฐ', 'วิไลวรรณ', 'ธนพล', 'กนกวรรณ', 'สุรเชษฐ์', 'พิมพ์ชนก', 'อนุชา', 'ศิริพร',
  'ณัฐวุฒิ', 'จันทร์เพ็ญ', 'วีระพงษ์', 'รัตนา', 'ชัยวัฒน์', 'สุดารัตน์', 'กิตติพัฒน์', 'อรอุมา', 'ปิยะพงษ์', 'นภัสสร',
];
const LAST_NAMES = [
  'ใจดี', 'ศรีสุข', 'วงศ์ทอง', 'แก้วมณี', 'บุญมา', 'สุขสวัสดิ์', 'ทองคำ', 'พรหมวงศ์', 'จันทร์แก้ว', 'รุ่งเรือง',
  'ศักดิ์ดี', 'มั่นคง', 'เพชรรัตน์', 'สายทอง', 'อินทร์แก้ว', 'ชัยมงคล', 'ประเสริฐสุข', 'นาคสวัสดิ์', 'เจริญผล', 'ธนากร',
];
const KNOWN_HOLDERS: Record<string, { firstName: string; lastName: string }> = {
  '004:0401234567': { firstName: 'สมชาย', lastName: 'ใจดี' },
};

export type HolderLookup = { found: true; firstName: string; lastName: string } | { found: false };

export function lookUpHolder(bankCode: string, accountNumber: string): HolderLookup {
  if (!/^\d{3}$/.test(bankCode) || !/^(\d{10}|\d{12})$/.test(accountNumber)) return { found: false };
  if (accountNumber.endsWith('9')) return { found: false };
  const known = KNOWN_HOLDERS[`${bankCode}:${accountNumber}`];
  if (known) return { found: true, ...known };
  return { found: true, ...pickHolderName(`${bankCode}:${accountNumber}`) };
}

/**
 * A deterministic Thai name for any key (SHA-256 of the key picks first and last name). Also
 * names TrueMoney wallets (`truemoney:<phone>`) in the sandbox bank.
 */
export function pickHolderName(key: string): { firstName: string; lastName: string } {
  const digest = createHash('sha256').update(key).digest();
  const firstName = FIRST_NAMES[digest.readUInt16BE(0) % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[digest.readUInt16BE(2) % LAST_NAMES.length]!;
  return { firstName, lastName };
}
