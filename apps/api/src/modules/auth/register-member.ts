import {
  ageInYears,
  bangkokDate,
  MINIMUM_SIGNUP_AGE_YEARS,
  parseDateOfBirth,
  isRegistrationBankCode,
  isValidBankAccountNumber,
  isValidDeclaredName,
  isValidPassword,
  isValidPhoneNumber,
  normalizeDeclaredName,
} from '@sabai/contracts';
import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { newAffiliateKey, newMemberId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AppContext } from '../../context.ts';
import { readBankToken, type BankProof } from './bank-token.ts';
import { readRegistration } from './registrations.ts';
import { openMemberWallets } from '../wallet/index.ts';

export interface RegisterMemberInput {
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  bankCode: string;
  accountNumber: string;
  /**
   * With a name-inquiry provider: optional, and when given they must equal the names the bank
   * token proves. Without one (declared, docs/adr/0040): required, Thai or Latin letters.
   */
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The referrer's affiliateKey from a referral link; empty or absent for none. */
  affiliateKey?: string | null | undefined;
  /** Bonus preference (spec §5 step 3, default off). */
  wantsBonus?: boolean | undefined;
  /** `YYYY-MM-DD` (issue 12): required, 20 years or older on today's date in Thailand. */
  dateOfBirth?: string | undefined;
  /** The `tokenBank` header returned by checkBank. */
  bankToken: string | undefined;
  /** The `X-Registration-Id` header (issue 27 §1): a registration whose phone was proved by its SMS code. */
  registrationId: string | undefined;
}

/** Affiliate keys are random; a collision is retried this many times before giving up. */
const AFFILIATE_KEY_ATTEMPTS = 5;

/**
 * Sign-up (`POST /auth-service/v1/signup`). First the registration (`X-Registration-Id`, issue 27
 * §1): its phone proved by the SMS code and equal to the form's; then in the order the member
 * fills the form (spec §5): phone, password, bank, then the bank token (required: see
 * docs/adr/0003; bound to the registration), names and
 * the referral, then the date of birth (issue 12: 20 years or older, docs/adr/0021) and player
 * protection (no new account with the phone or bank account of a member whose time-out or
 * self-exclusion still lasts). Creates the member, their wallet accounts (balances 0) and a unique affiliate key
 * in one transaction, which also completes the registration (one member per registration). One
 * member per phone and per bank account is enforced by unique constraints, so two racing sign-ups
 * cannot both succeed.
 *
 *
 * The bound account is verified at once when name inquiry named its holder (the token carries
 * the names); with a token without names (NAME_INQUIRY_PROVIDER=declared) the typed names are
 * stored and the account stays unverified until a credited deposit from it shows the same name
 * or staff confirm it (docs/adr/0040); withdrawals wait for that.
 *
 * @throws AppError REGISTRATION_REQUIRED, REGISTRATION_EXPIRED, PHONE_NOT_VERIFIED, INVALID_PHONE, PASSWORD_RULES, COMMON_PASSWORD, PASSWORD_MISMATCH,
 *   INCOMPLETE_BANK_INFO, BANK_TOKEN_INVALID, NAME_MISMATCH, NAME_REQUIRED, HOLDER_NAME_INVALID, REFERRER_NOT_FOUND,
 *   DATE_OF_BIRTH_REQUIRED, UNDER_AGE, RG_SIGNUP_EXCLUDED, PHONE_TAKEN, BANK_ACCOUNT_TAKEN.
 */
export async function registerMember(
  context: AppContext,
  input: RegisterMemberInput,
): Promise<{ memberId: string; phoneNumber: string; affiliateKey: string }> {
  const registration = await readRegistration(context, input.registrationId, { requireVerified: true });
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  // The form's phone is the one the code proved, nothing else.
  if (input.phoneNumber !== registration.phoneNumber) throw new AppError('PHONE_NOT_VERIFIED');
  if (!isValidPassword(input.password)) throw new AppError('PASSWORD_RULES');
  if (isCommonPassword(input.password)) throw new AppError('COMMON_PASSWORD');
  if (input.password !== input.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
  if (!isRegistrationBankCode(input.bankCode) || !isValidBankAccountNumber(input.accountNumber)) {
    throw new AppError('INCOMPLETE_BANK_INFO');
  }

  const proof = input.bankToken ? readBankToken(input.bankToken, context.bankTokenSecret, context.now().getTime()) : undefined;
  if (!proof || proof.registrationId !== registration.id || proof.phoneNumber !== input.phoneNumber || proof.bankCode !== input.bankCode || proof.accountNumber !== input.accountNumber) {
    throw new AppError('BANK_TOKEN_INVALID');
  }
  const holder = holderOf(proof, input);

  const referralKey = input.affiliateKey?.trim().toUpperCase() ?? '';
  let referrer: { id: string; referrer_level1_id: string | null } | undefined;
  if (referralKey !== '') {
    const { rows } = await context.db.query<{ id: string; referrer_level1_id: string | null }>(
      'SELECT id, referrer_level1_id FROM members WHERE affiliate_key = $1',
      [referralKey],
    );
    referrer = rows[0];
    if (!referrer) throw new AppError('REFERRER_NOT_FOUND');
  }

  if (!parseDateOfBirth(input.dateOfBirth)) throw new AppError('DATE_OF_BIRTH_REQUIRED');
  const age = ageInYears(input.dateOfBirth!, bangkokDate(context.now()));
  if (age === null || age < 0) throw new AppError('DATE_OF_BIRTH_REQUIRED');
  if (age < MINIMUM_SIGNUP_AGE_YEARS) throw new AppError('UNDER_AGE');
  // Player protection (issue 12): its exclusions table (migration 0020) is read
  // here: that module's face imports auth (member routes), and lint forbids the cycle.
  const excluded = await context.db.query(
    `SELECT 1 FROM responsible_gaming_exclusions e JOIN members m ON m.id = e.member_id
     WHERE (m.phone_number = $1 OR (m.bank_code = $2 AND m.bank_account_number = $3)) AND e.ends_at > $4 LIMIT 1`,
    [input.phoneNumber, input.bankCode, input.accountNumber, context.now()],
  );
  if (excluded.rows.length > 0) throw new AppError('RG_SIGNUP_EXCLUDED');

  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt += 1) {
    const memberId = newMemberId();
    const affiliateKey = newAffiliateKey();
    try {
      await context.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name,
             affiliate_key, referrer_level1_id, referrer_level2_id, bonus_preference, date_of_birth,
             bank_account_verified_at, bank_account_verified_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            memberId,
            input.phoneNumber,
            passwordHash,
            input.bankCode,
            input.accountNumber,
            holder.firstName,
            holder.lastName,
            affiliateKey,
            referrer?.id ?? null,
            referrer?.referrer_level1_id ?? null,
            input.wantsBonus ?? false,
            input.dateOfBirth,
            holder.isProven ? context.now() : null,
            holder.isProven ? 'name_inquiry' : null,
          ],
        );
        await openMemberWallets(tx, memberId);
        const completed = await tx.query(
          'UPDATE registrations SET completed_at = $2, member_id = $3 WHERE id = $1 AND completed_at IS NULL',
          [registration.id, context.now(), memberId],
        );
        if (completed.rowCount === 0) throw new AppError('REGISTRATION_EXPIRED');
      });
      return { memberId, phoneNumber: input.phoneNumber, affiliateKey };
    } catch (error) {
      if (postgresErrorCode(error) !== '23505') throw error;
      const constraint = violatedConstraint(error);
      if (constraint === 'members_phone_number_key') throw new AppError('PHONE_TAKEN');
      if (constraint === 'members_bank_account_key') throw new AppError('BANK_ACCOUNT_TAKEN');
      if (constraint === 'members_affiliate_key_key' && attempt < AFFILIATE_KEY_ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * The names the member is registered with: the bank's when the token proves them (typed names,
 * if sent, must equal them); otherwise the typed ones, normalized (docs/adr/0040).
 * @throws AppError NAME_MISMATCH, NAME_REQUIRED, HOLDER_NAME_INVALID.
 */
function holderOf(
  proof: BankProof,
  input: Pick<RegisterMemberInput, 'firstName' | 'lastName'>,
): { firstName: string; lastName: string; isProven: boolean } {
  if (proof.firstName !== null && proof.lastName !== null) {
    const isSameName = (given: string | undefined, proven: string) => given === undefined || given.trim() === '' || given.trim() === proven;
    if (!isSameName(input.firstName, proof.firstName) || !isSameName(input.lastName, proof.lastName)) throw new AppError('NAME_MISMATCH');
    return { firstName: proof.firstName, lastName: proof.lastName, isProven: true };
  }
  const firstName = normalizeDeclaredName(input.firstName ?? '');
  const lastName = normalizeDeclaredName(input.lastName ?? '');
  if (firstName === '' || lastName === '') throw new AppError('NAME_REQUIRED');
  if (!isValidDeclaredName(firstName) || !isValidDeclaredName(lastName)) throw new AppError('HOLDER_NAME_INVALID');
  return { firstName, lastName, isProven: false };
}
