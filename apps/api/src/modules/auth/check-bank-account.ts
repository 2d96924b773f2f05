import { isRegistrationBankCode, isValidBankAccountNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderUnavailableError } from '../../adapters/name-inquiry/index.ts';
import type { AppContext } from '../../context.ts';
import { issueBankToken } from './bank-token.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { readRegistration } from './registrations.ts';

/**
 * Register step 2 (spec §5, `POST /auth-service/v1/checkBank`): the bank must be one of the 17
 * registration banks and the account 10 or 12 digits; name inquiry then gives the holder's name,
 * returned with a token that signup trusts. With NAME_INQUIRY_PROVIDER=declared (no provider,
 * docs/adr/0040) the same checks run and the token comes without names: the member types them at
 * signup and the account stays unverified until a deposit from it or staff confirm the name.
 *
 * It reveals no more than sign-up needs (issue 13 §3.6, issue 27 §1): only for a registration
 * (`X-Registration-Id`) whose phone was proved by its SMS code, which the token is bound to; at
 * most 5 accounts per registration and 10 per phone an hour (reading holder names costs a real
 * phone per five); and whether the account is already a member's is said only at signup. The
 * route caps calls per address (config REGISTRATION_ADDRESS_CEILING_PER_HOUR).
 * @throws AppError INCOMPLETE_BANK_INFO, REGISTRATION_REQUIRED, REGISTRATION_EXPIRED,
 *   PHONE_NOT_VERIFIED, RATE_LIMITED, BANK_ACCOUNT_NOT_FOUND, PROVIDER_UNAVAILABLE (name inquiry
 *   timed out or failed).
 */
export async function checkBankAccount(
  context: AppContext,
  input: { bankCode: string; accountNumber: string; registrationId: string | undefined },
): Promise<{ firstName?: string; lastName?: string; token: string }> {
  const registration = await readRegistration(context, input.registrationId, { requireVerified: true });
  if (!isRegistrationBankCode(input.bankCode) || !isValidBankAccountNumber(input.accountNumber)) {
    throw new AppError('INCOMPLETE_BANK_INFO');
  }
  const { phoneNumber } = registration;
  await context.rateLimiter.hit(RATE_LIMITS.checkBankPerRegistration, registration.id);
  await context.rateLimiter.hit(RATE_LIMITS.checkBankPerPhone, phoneNumber);

  const issue = (names: { firstName: string | null; lastName: string | null }) =>
    issueBankToken(
      { registrationId: registration.id, phoneNumber, bankCode: input.bankCode, accountNumber: input.accountNumber, ...names },
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
