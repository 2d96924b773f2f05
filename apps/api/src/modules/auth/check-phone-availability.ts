import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';

/**
 * Register step 1 (spec §5, `POST /auth-service/v1/checkPhone`): the phone must be a 10-digit
 * number and not registered yet.
 * @throws AppError INVALID_PHONE, PHONE_TAKEN. (The route limits calls per client address.)
 */
export async function checkPhoneAvailability(
  context: AppContext,
  input: { phoneNumber: string },
): Promise<{ phoneNumber: string; available: true }> {
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  const { rowCount } = await context.db.query('SELECT 1 FROM members WHERE phone_number = $1', [input.phoneNumber]);
  if (rowCount > 0) throw new AppError('PHONE_TAKEN');
  return { phoneNumber: input.phoneNumber, available: true };
}
