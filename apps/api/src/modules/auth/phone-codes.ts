import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { codeSmsText, queueSms, type CodePurpose } from '../sms/index.ts';

/**
 * One-time codes sent by SMS (issue 27 §1, docs/adr/0042): 6 digits from a CSPRNG
 * (crypto.randomInt), valid 5 minutes, 5 tries, a new one after 60 seconds; stored only as
 * HMAC-SHA256(OTP secret, purpose | owner | code), compared in constant time.
 */
export const CODE_RULES = { digits: 6, ttlMs: 5 * 60_000, maxTries: 5, resendAfterMs: 60_000 } as const;

/** The answer every code-sending call gives (phoneCodeSentResponse). */
export const codeTimes = () => ({ resendAfterSeconds: CODE_RULES.resendAfterMs / 1000, codeExpiresInSeconds: CODE_RULES.ttlMs / 1000 });

/** 6 digits, leading zeros kept, uniform (randomInt has no modulo bias). */
export const newPhoneCode = (): string => String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');

/** The stored form of a code: bound to its purpose and owner, so a code of one flow never opens another. */
export function hashPhoneCode(secret: string, purpose: CodePurpose, ownerKey: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${ownerKey}|${code}`, 'utf8').digest('hex');
}

/**
 * Checks, outside any transaction (the limits count in their own rows), that a new code may be
 * sent for (purpose, owner) to `phoneNumber`: 60 s after the last one (CODE_RESEND_TOO_SOON with
 * Retry-After), at most 5 an hour and 10 a day per phone (RATE_LIMITED).
 */
export async function assertCodeMaySend(context: AppContext, input: { purpose: CodePurpose; ownerKey: string; phoneNumber: string }): Promise<void> {
  const now = context.now();
  const { rows } = await context.db.query<{ sent_at: Date }>(
    'SELECT sent_at FROM phone_codes WHERE purpose = $1 AND owner_key = $2 ORDER BY id DESC LIMIT 1',
    [input.purpose, input.ownerKey],
  );
  const last = rows[0];
  if (last) {
    const waitMs = new Date(last.sent_at).getTime() + CODE_RULES.resendAfterMs - now.getTime();
    if (waitMs > 0) throw new AppError('CODE_RESEND_TOO_SOON', { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } });
  }
  await context.rateLimiter.hit(RATE_LIMITS.codeSendsPerPhoneHour, input.phoneNumber);
  await context.rateLimiter.hit(RATE_LIMITS.codeSendsPerPhoneDay, input.phoneNumber);
}

/**
 * Records a new code for (purpose, owner) in `tx` (older ones of the same owner die: only the
 * newest counts) and, when `send` is true, queues its SMS in the same transaction. `send: false`
 * records a code nobody receives (password reset of a phone that is no member's: the answer and
 * the work stay the same, issue 27 §3). `siteName` (site settings, read before the transaction:
 * PGlite's one connection is the transaction's) names the site in the SMS.
 */
export async function recordPhoneCode(
  context: AppContext,
  tx: Queryable,
  input: { purpose: CodePurpose; ownerKey: string; phoneNumber: string; memberId: string | null; send: boolean; siteName: string },
): Promise<void> {
  const now = context.now();
  const code = newPhoneCode();
  await tx.query(
    `INSERT INTO phone_codes (purpose, owner_key, phone_number, member_id, code_hash, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [input.purpose, input.ownerKey, input.phoneNumber, input.memberId, hashPhoneCode(context.otpSecret, input.purpose, input.ownerKey, code), now, new Date(now.getTime() + CODE_RULES.ttlMs)],
  );
  if (!input.send) return;
  const { text, masked } = codeSmsText(input.siteName, input.purpose, code, CODE_RULES.ttlMs / 60_000);
  await queueSms(tx, { toPhone: input.phoneNumber, purpose: `code_${input.purpose}`, memberId: input.memberId, text, maskedText: masked, otpSecret: context.otpSecret, now });
}

/**
 * Checks `code` against the live code of (purpose, owner) and uses it up. A try is taken before
 * the compare (one UPDATE), so parallel guesses cannot pass the 5; a wrong one also counts against
 * the phone (10 an hour over every purpose).
 * @returns the phone the code was sent to and its member, if any.
 * @throws AppError CODE_EXPIRED (no live code: none, expired, used, or its tries spent),
 *   CODE_INVALID (wrong; the message says the tries left), RATE_LIMITED (the phone's wrong codes).
 */
export async function consumePhoneCode(
  context: AppContext,
  input: { purpose: CodePurpose; ownerKey: string; code: string; /** Check and count the try, but leave the code live (a flow that needs two codes uses it up later). */ isCheckOnly?: boolean },
): Promise<{ phoneNumber: string; memberId: string | null; codeId: bigint }> {
  const now = context.now();
  const { rows } = await context.db.query<{ id: bigint; phone_number: string }>(
    'SELECT id, phone_number FROM phone_codes WHERE purpose = $1 AND owner_key = $2 ORDER BY id DESC LIMIT 1',
    [input.purpose, input.ownerKey],
  );
  const live = rows[0];
  if (!live) throw new AppError('CODE_EXPIRED');
  await context.rateLimiter.assertNotExceeded(RATE_LIMITS.codeFailuresPerPhone, live.phone_number);
  const taken = await context.db.query<{ code_hash: string; tries: number; member_id: string | null }>(
    `UPDATE phone_codes SET tries = tries + 1 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND tries < $3 RETURNING code_hash, tries, member_id`,
    [live.id, now, CODE_RULES.maxTries],
  );
  const row = taken.rows[0];
  if (!row) throw new AppError('CODE_EXPIRED');
  const given = Buffer.from(hashPhoneCode(context.otpSecret, input.purpose, input.ownerKey, input.code.trim()), 'utf8');
  const stored = Buffer.from(row.code_hash, 'utf8');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await context.rateLimiter.hit(RATE_LIMITS.codeFailuresPerPhone, live.phone_number).catch(ignoreLimit);
    const left = CODE_RULES.maxTries - Number(row.tries);
    if (left <= 0) throw new AppError('CODE_EXPIRED');
    throw new AppError('CODE_INVALID', { message: `รหัส OTP ไม่ถูกต้อง (ลองได้อีก ${left} ครั้ง)` });
  }
  if (input.isCheckOnly !== true) await usePhoneCode(context.db, live.id, now);
  return { phoneNumber: live.phone_number, memberId: row.member_id, codeId: live.id };
}

/**
 * Uses up a code that was checked (consumePhoneCode with isCheckOnly), at most once.
 * @throws AppError CODE_EXPIRED when it was used meanwhile (a second request with the same codes).
 */
export async function usePhoneCode(db: Queryable, codeId: bigint, now: Date): Promise<void> {
  const used = await db.query('UPDATE phone_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [codeId, now]);
  if (used.rowCount === 0) throw new AppError('CODE_EXPIRED');
}

/** A wrong code is answered CODE_INVALID whether or not counting it reached the phone's limit. */
const ignoreLimit = (error: unknown): void => {
  if (!(error instanceof AppError)) throw error;
};
