import { z } from 'zod';

/**
 * Request headers that are part of the member wire (spec §7): the site key every member call
 * carries, the sign-up step's bank token and the idempotency key of a money request. Unknown
 * headers pass (browsers and proxies add their own).
 */
export const memberApiKeyHeaders = z.object({ 'x-api-key': z.string().describe('the appId from /v2/prefix') }).passthrough();

/** checkBank (issue 27 §1): the registration checkPhone started and verifyPhone proved. */
export const registrationHeaders = memberApiKeyHeaders.extend({
  'x-registration-id': z.string().max(64).optional().describe('data.registrationId of checkPhone; required (REGISTRATION_REQUIRED without it)'),
});
/** Sign-up (spec §5 step 3): the token checkBank returned, and the registration (issue 27 §1). */
export const signUpHeaders = registrationHeaders.extend({ tokenbank: z.string().optional().describe('the token returned by checkBank') });

/**
 * A money request (withdrawal, wheel spin): the same key answers the first outcome again, so a
 * retried call cannot move money twice. Absent: the server makes one (no protection on retry).
 */
export const idempotencyKeyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }).passthrough();

/** The withdrawal's headers: as `idempotencyKeyHeaders`, an empty key read as none (the request is then not protected on retry). */
export const withdrawalHeaders = z.object({ 'idempotency-key': z.string().max(200).optional() }).passthrough();
