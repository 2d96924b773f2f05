import { isRegistrationBankCode, isValidBankAccountNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderUnavailableError } from '../../adapters/name-inquiry/index.ts';
import type { AppContext } from '../../context.ts';
import { issueBankToken } from './bank-token.ts';

/**
 * Register step 2 (spec §5, `POST /auth-service/v1/checkBank`): the bank must be one of the 17
 * registration banks and the account 10 or 12 digits, not bound to another member; name inquiry
 * then gives the holder's name, returned with a token that signup trusts.
 *
 * The route limits calls per client address: the answer reveals who holds an account.
 * @throws AppError INCOMPLETE_BANK_INFO, BANK_ACCOUNT_TAKEN, BANK_ACCOUNT_NOT_FOUND,
 *   PROVIDER_UNAVAILABLE (name inquiry timed out or failed).
 */
export async function checkBankAccount(
  context: AppContext,
  input: { bankCode: string; accountNumber: string },
): Promise<{ firstName: string; lastName: string; token: string }> {
  if (!isRegistrationBankCode(input.bankCode) || !isValidBankAccountNumber(input.accountNumber)) {
    throw new AppError('INCOMPLETE_BANK_INFO');
  }
  const { rowCount } = await context.db.query(
    'SELECT 1 FROM members WHERE bank_code = $1 AND bank_account_number = $2',
    [input.bankCode, input.accountNumber],
  );
  if (rowCount > 0) throw new AppError('BANK_ACCOUNT_TAKEN');

  let holder;
  try {
    holder = await context.nameInquiry.lookupAccountHolder({ bankCode: input.bankCode, accountNumber: input.accountNumber });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('PROVIDER_UNAVAILABLE');
    throw error;
  }
  if (!holder.found) throw new AppError('BANK_ACCOUNT_NOT_FOUND');

  const token = issueBankToken(
    { bankCode: input.bankCode, accountNumber: input.accountNumber, firstName: holder.firstName, lastName: holder.lastName },
    context.bankTokenSecret,
    { nowMs: context.now().getTime(), ttlMs: context.config.BANK_TOKEN_TTL_MS },
  );
  return { firstName: holder.firstName, lastName: holder.lastName, token };
}
