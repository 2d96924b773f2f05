import { randomBytes, randomInt } from 'node:crypto';

const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** No 0/O, 1/I/L: affiliate keys are read aloud and typed from screenshots. */
const READABLE_UPPER = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomString(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** `mbr_` + 20 random lowercase alphanumerics (~103 bits); shown to staff, never guessable. */
export const newMemberId = (): string => `mbr_${randomString(LOWER_ALPHANUMERIC, 20)}`;

/** Prefixed random ids shown to people and staff (style.md): `dep_`, `wdr_`, `ppr_`, `gtr_` + 20 characters. */
export const newPrefixedId = (prefix: 'dep' | 'wdr' | 'ppr' | 'gtr' | 'bns' | 'wgr' | 'afw' | 'grc' | 'gadj' | 'stf' | 'rfd' | 'adj' | 'hdb' | 'apr' | 'slp'): string => `${prefix}_${randomString(LOWER_ALPHANUMERIC, 20)}`;

/** 8 readable uppercase characters (~39 bits); unique by constraint, retried on collision. */
export const newAffiliateKey = (): string => randomString(READABLE_UPPER, 8);

/** 256-bit session token, base64url (43 characters). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
