import { signToken, verifyToken } from '../../lib/signed-token.ts';

/**
 * The checkBank token: proof, signed by us, that name inquiry said `firstName lastName` holds
 * account `accountNumber` at bank `bankCode`, asked during registration `registrationId` of the
 * proved phone `phoneNumber` (issue 27 §1: bound to the registration, never to a client address).
 * Signup trusts the names only through it, for that registration and phone.
 * Without a provider (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040) both names are null: the
 * token proves only that the account passed checkBank's checks for that phone, and signup takes
 * the typed names as declared, not proven.
 */
export interface BankProof {
  registrationId: string;
  phoneNumber: string;
  bankCode: string;
  accountNumber: string;
  firstName: string | null;
  lastName: string | null;
}

export function issueBankToken(proof: BankProof, secret: string, options: { nowMs: number; ttlMs: number }): string {
  return signToken({ purpose: 'bank-proof', ...proof, exp: options.nowMs + options.ttlMs }, secret);
}

/** The proof inside a valid, unexpired token, or undefined. */
export function readBankToken(token: string, secret: string, nowMs: number): BankProof | undefined {
  const payload = verifyToken(token, secret, nowMs);
  if (!payload || payload.purpose !== 'bank-proof') return undefined;
  const { registrationId, phoneNumber, bankCode, accountNumber, firstName, lastName } = payload;
  if (typeof registrationId !== 'string' || typeof phoneNumber !== 'string' || typeof bankCode !== 'string' || typeof accountNumber !== 'string') return undefined;
  if (firstName === null && lastName === null) return { registrationId, phoneNumber, bankCode, accountNumber, firstName: null, lastName: null };
  if (typeof firstName !== 'string' || typeof lastName !== 'string') return undefined;
  return { registrationId, phoneNumber, bankCode, accountNumber, firstName, lastName };
}
