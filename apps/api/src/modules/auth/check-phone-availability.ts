import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import { clientAddressKey } from '../../lib/client-address.ts';

/**
 * Register step 1 (spec §5, `POST /auth-service/v1/checkPhone`): the phone must be a 10-digit
 * number and not registered yet. Records the step for the client address (checkBank needs it).
 * @throws AppError INVALID_PHONE, PHONE_TAKEN. (The route limits calls per client address.)
 */
export async function checkPhoneAvailability(
  context: AppContext,
  input: { phoneNumber: string; ipAddress: string },
): Promise<{ phoneNumber: string; available: true }> {
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  const { rowCount } = await context.db.query('SELECT 1 FROM members WHERE phone_number = $1', [input.phoneNumber]);
  if (rowCount > 0) throw new AppError('PHONE_TAKEN');
  // The phone step this address passed: checkBank from it is bound to this phone (issue 13 §3.6).
  await context.db.query(
    `INSERT INTO registration_phone_steps (address_key, phone_number, checked_at) VALUES ($1, $2, $3)
     ON CONFLICT (address_key, phone_number) DO UPDATE SET checked_at = EXCLUDED.checked_at`,
    [clientAddressKey(input.ipAddress), input.phoneNumber, context.now()],
  );
  return { phoneNumber: input.phoneNumber, available: true };
}
