import { isRegistrationBankCode, isValidBankAccountNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderUnavailableError } from '../../adapters/name-inquiry/index.ts';
import type { AppContext } from '../../context.ts';
import { issueBankToken } from './bank-token.ts';
import { clientAddressKey } from '../../lib/client-address.ts';

/**
 * Register step 2 (spec §5, `POST /auth-service/v1/checkBank`): the bank must be one of the 17
 * registration banks and the account 10 or 12 digits; name inquiry then gives the holder's name,
 * returned with a token that signup trusts. With NAME_INQUIRY_PROVIDER=declared (no provider,
 * docs/adr/0040) the same checks run and the token comes without names: the member types them at
 * signup and the account stays unverified until a deposit from it or staff confirm the name.
 *
 * It reveals no more than sign-up needs (issue 13 §3.6): only after this address passed the phone
 * step (checkPhone) in the last BANK_TOKEN_TTL_MS, for the phone it checked last, which the token
 * is bound to; at most CHECKS_PER_PHONE_STEP accounts per phone and hour; and whether the account
 * is already a member's is said only at signup. The route also limits calls per address.
 * @throws AppError INCOMPLETE_BANK_INFO, PHONE_STEP_REQUIRED, RATE_LIMITED, BANK_ACCOUNT_NOT_FOUND,
 *   PROVIDER_UNAVAILABLE (name inquiry timed out or failed).
 */
export async function checkBankAccount(
  context: AppContext,
  input: { bankCode: string; accountNumber: string; ipAddress: string },
): Promise<{ firstName?: string; lastName?: string; token: string }> {
  if (!isRegistrationBankCode(input.bankCode) || !isValidBankAccountNumber(input.accountNumber)) {
    throw new AppError('INCOMPLETE_BANK_INFO');
  }
  const { rows } = await context.db.query<{ phone_number: string }>(
    `SELECT phone_number FROM registration_phone_steps WHERE address_key = $1 AND checked_at > $2 ORDER BY checked_at DESC LIMIT 1`,
    [clientAddressKey(input.ipAddress), new Date(context.now().getTime() - context.config.BANK_TOKEN_TTL_MS)],
  );
  const phoneNumber = rows[0]?.phone_number;
  if (!phoneNumber) throw new AppError('PHONE_STEP_REQUIRED');
  await context.rateLimiter.hit(CHECKS_PER_PHONE_STEP, phoneNumber);

  const issue = (names: { firstName: string | null; lastName: string | null }) =>
    issueBankToken(
      { phoneNumber, bankCode: input.bankCode, accountNumber: input.accountNumber, ...names },
      context.bankTokenSecret,
      { nowMs: context.now().getTime(), ttlMs: context.config.BANK_TOKEN_TTL_MS },
    );
  // No provider (docs/adr/0040): a token without names; the member types them at signup.
  if (context.nameInquiry === null) return { token: issue({ firstName: null, lastName: null }) };

  let holder;
  try {
    holder = await context.nameInquiry.lookupAccountHolder({ bankCode: input.bankCode, accountNumber: input.accountNumber });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('PROVIDER_UNAVAILABLE');
    throw error;
  }
  if (!holder.found) throw new AppError('BANK_ACCOUNT_NOT_FOUND');

  const token = issue({ firstName: holder.firstName, lastName: holder.lastName });
  return { firstName: holder.firstName, lastName: holder.lastName, token };
}

/** A member registering tries an account or two; more is someone reading holder names. */
const CHECKS_PER_PHONE_STEP = { name: 'check-bank:phone', limit: 5, windowMs: 60 * 60_000 } as const;
