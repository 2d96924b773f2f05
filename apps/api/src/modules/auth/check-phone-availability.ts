import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import type { AppContext } from '../../context.ts';

/**
 * Register step 1 (spec §5, `POST /auth-service/v1/checkPhone`): the phone must be a 10-digit
 * number and not registered yet.
 * @throws AppError INVALID_PHONE, PHONE_TAKEN, RATE_LIMITED (per IP).
 */
export async function checkPhoneAvailability(
  context: AppContext,
  input: { phoneNumber: string; ipAddress: string },
): Promise<{ phoneNumber: string; available: true }> {
  await context.rateLimiter.hit(RATE_LIMITS.checkPhonePerIp, input.ipAddress);
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  const { rowCount } = await context.db.query('SELECT 1 FROM members WHERE phone_number = $1', [input.phoneNumber]);
  if (rowCount > 0) throw new AppError('PHONE_TAKEN');
  return { phoneNumber: input.phoneNumber, available: true };
}
