import { randomInt } from 'node:crypto';
import type { PartnerContext } from './partner-context.ts';
import type { PartnerMember } from './partner-state.ts';

export const USERNAME_PATTERN = /^[a-z0-9]{3,20}$/;
const PASSWORD_LENGTH = 8;
/** No look-alikes (0/o, 1/l/i): members type this password at the partner. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Opens the member's game account, or returns the existing one unchanged (same password):
 * `created` tells which. The username must match USERNAME_PATTERN (checked by the route).
 */
export function createMember(context: PartnerContext, username: string): { member: PartnerMember; created: boolean } {
  const existing = context.state.members.get(username);
  if (existing) return { member: existing, created: false };
  const member: PartnerMember = { username, password: generatePassword(), balanceSatang: 0n, createdAt: context.now().toISOString() };
  context.state.members.set(username, member);
  context.persist();
  return { member, created: true };
}

function generatePassword(): string {
  let password = '';
  for (let index = 0; index < PASSWORD_LENGTH; index += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}
