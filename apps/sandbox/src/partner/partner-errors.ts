/**
 * The closed list of error codes the agent API answers with, and their HTTP status. Transfer
 * refusals (INSUFFICIENT_BALANCE, …) are not errors: they are `status: 'failed'` outcomes.
 */
export const PARTNER_ERROR_STATUS = {
  AUTH_FAILED: 401,
  INVALID_REQUEST: 400,
  INVALID_CURSOR: 400,
  MEMBER_NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  ROUND_NOT_FOUND: 404,
  REFERENCE_CONFLICT: 409,
  ROUND_NOT_CANCELLABLE: 409,
  INSUFFICIENT_BALANCE: 409,
  SLOT_OUTCOMES_FULL: 409,
  INTERNAL_ERROR: 500,
} as const;

export type PartnerErrorCode = keyof typeof PARTNER_ERROR_STATUS;

/** `{ code }` with its status, for `reply.code(status).send(body)`. */
export function partnerError(code: PartnerErrorCode): { status: number; body: { code: PartnerErrorCode } } {
  return { status: PARTNER_ERROR_STATUS[code], body: { code } };
}
