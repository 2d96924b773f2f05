import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with m = 19 MiB, t = 2, p = 1 (ARCHITECTURE.md "Security", the OWASP
 * minimum for argon2id). About 20–60 ms a hash on these machines.
 */
/** `Algorithm.Argon2id`; the package's enum is an ambient const enum, unusable as a value here. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/** True when `password` matches `passwordHash`; false for a mismatch or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified when the phone is unknown so that a wrong phone takes
 * as long as a wrong password (no timing oracle for registered numbers).
 */
let decoyHash: Promise<string> | undefined;
export const getDecoyPasswordHash = (): Promise<string> =>
  (decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`));
