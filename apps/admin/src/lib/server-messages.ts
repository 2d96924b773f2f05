import { ERRORS, type ErrorCode } from '@sabai/contracts';
import { currentLanguage } from './language';

/**
 * English wording of every refusal code of the API (packages/contracts/src/errors.ts), so English
 * mode is complete including server messages (issue 25 §4). The server speaks Thai; a message that
 * differs from the code's standard wording carries detail (amounts, which field), so it is kept
 * after the English in brackets. Typed `Record<ErrorCode, …>`: a new code without English fails typecheck.
 */
const ENGLISH: Record<ErrorCode | 'NETWORK' | 'BAD_RESPONSE', string> = {
  NETWORK: 'Cannot reach the server',
  BAD_RESPONSE: 'The server answered in an unexpected shape',
  VALIDATION_FAILED: 'Invalid data: check it and try again',
  INVALID_CREDENTIALS: 'Wrong phone number or password',
  INVALID_PHONE: 'Invalid phone number',
  INCOMPLETE_BANK_INFO: 'Fill in every bank field first',
  INCOMPLETE_FORM: 'Fill in every field',
  PASSWORD_MISMATCH: 'The passwords do not match',
  PASSWORD_RULES: 'A password has 6 to 64 characters',
  REGISTRATION_REQUIRED: 'Verify the phone number with the SMS code first (step 1)',
  PHONE_NOT_VERIFIED: 'Enter the code sent to the phone first',
  REGISTRATION_EXPIRED: 'The registration expired: start again',
  CODE_INVALID: 'Wrong code: check it and try again',
  CODE_EXPIRED: 'The code expired: ask for a new one',
  CODE_RESEND_TOO_SOON: 'Wait a moment before asking for a new code',
  COMMON_PASSWORD: 'This password is too easy to guess',
  NAME_REQUIRED: 'Enter the first and last name',
  PHONE_TAKEN: 'This phone number is already registered',
  BANK_ACCOUNT_TAKEN: 'This bank account is already registered',
  BANK_ACCOUNT_NOT_FOUND: 'Bank account not found: check the bank and account number',
  BANK_TOKEN_INVALID: 'The bank account check expired: check the account again',
  NAME_MISMATCH: 'The name must match the bank account name',
  HOLDER_NAME_INVALID: 'Enter the name in Thai or English letters, as on the bank account',
  REFERRER_NOT_FOUND: 'Referrer code not found',
  WRONG_OLD_PASSWORD: 'The current password is wrong',
  SAME_PASSWORD: 'The new password must differ from the current one',
  ACCOUNT_SUSPENDED: 'This account is suspended',
  UNAUTHENTICATED: 'Please sign in again',
  STAFF_SESSION_EXPIRED: 'Your session ended (idle or too long): sign in again; what you typed is kept',
  STAFF_WRONG_CURRENT_PASSWORD: 'The current password is wrong',
  API_KEY_INVALID: 'Access not allowed',
  FORBIDDEN: 'This action is not allowed',
  SITE_CLOSED: 'The site is closed for maintenance',
  SETTINGS_EXIST: 'The site is already set up: edit the settings instead',
  SETUP_INCOMPLETE: 'Setup is not complete: finish the required items before opening the site',
  SITE_NOT_SET_UP: 'The site opens soon',
  RATE_LIMITED: 'Too many requests: wait a moment and try again',
  LOGIN_LOCKED: 'Too many failed sign-ins: wait 15 minutes',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The data sent is too large',
  PROVIDER_UNAVAILABLE: 'The bank service is unavailable for now: try again',
  INVALID_AMOUNT: 'Invalid amount: baht with at most 2 decimals',
  WITHDRAW_BELOW_MINIMUM: 'Below the minimum withdrawal',
  WITHDRAW_ABOVE_MAXIMUM: 'Above the maximum withdrawal',
  WITHDRAW_DISABLED: 'Withdrawals are closed for now',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  TURNOVER_NOT_MET: 'Turnover not met yet',
  BANK_ACCOUNT_NOT_VERIFIED: 'The member\'s bank account is not verified yet',
  NO_ACTIVE_BONUS: 'No active bonus',
  BONUS_FORFEIT_CHANGED: 'The bonus to forfeit changed: check it again',
  WITHDRAW_IN_PROGRESS: 'A withdrawal is already in progress',
  WITHDRAW_FAILED: 'The bank refused the withdrawal; the money is back in the wallet',
  GAME_TRANSFER_PENDING: 'A game wallet transfer is in progress: try again shortly',
  MEMBER_BUSY: 'Another action of this member is in progress: try again shortly',
  GAME_CREDIT_ON_THE_WAY: 'Credit is on its way to the game wallet',
  GAME_NOT_FOUND: 'Game not found',
  INVALID_RETURN_URL: 'Invalid return link',
  GAME_CASE_NOT_FOUND: 'Game reconciliation case not found',
  GAME_CASE_NOT_OPEN: 'This game reconciliation case is already closed',
  GAME_PROVIDER_UNAVAILABLE: 'The game provider is unavailable for now',
  ITEM_CODE_NOT_FOUND: 'Code not found',
  ITEM_CODE_EXPIRED: 'This code expired',
  ITEM_CODE_USED_UP: 'This code is used up',
  ITEM_CODE_ALREADY_REDEEMED: 'Already redeemed',
  NOT_ENOUGH_PRIZE_CREDIT: 'Not enough points for a spin',
  NO_CASHBACK: 'No cashback to claim',
  CASHBACK_BELOW_MINIMUM: 'Below the minimum cashback',
  AFFILIATE_BELOW_MINIMUM: 'Below the minimum affiliate withdrawal',
  AFFILIATE_WITHDRAW_WAITING: 'An affiliate withdrawal is already waiting',
  FEATURE_DISABLED: 'Not available yet',
  IDEMPOTENCY_CONFLICT: 'This request was already sent with different data',
  PROMPTPAY_UNAVAILABLE: 'PromptPay deposits are unavailable for now',
  PROMPTPAY_TOO_MANY_OPEN: 'Too many open PromptPay QR codes',
  FEED_AUTH_FAILED: 'Feed signature, source or timestamp invalid',
  LINE_SIGNATURE_INVALID: 'LINE signature invalid',
  STATE_CONFLICT: 'This item was already handled',
  PAYOUT_ALREADY_RECORDED: 'The payout of this item is already recorded',
  PAYOUT_REFERENCE_USED: 'This bank reference is already recorded on another item',
  PAYOUT_CHANNEL_INVALID: 'The paying account is not an active house bank account',
  RG_EXCLUDED: 'The member is in a self-exclusion period',
  RG_DEPOSIT_LIMIT_REACHED: 'Above the member\'s deposit limit',
  RG_LOSS_LIMIT_REACHED: 'The member reached their loss limit',
  DATE_OF_BIRTH_REQUIRED: 'Enter a valid date of birth',
  UNDER_AGE: 'Members must be 20 or older',
  RG_SIGNUP_EXCLUDED: 'This phone or bank account is in a self-exclusion period',
  STAFF_INVALID_CREDENTIALS: 'Wrong username or password',
  STAFF_INVALID_TOTP: 'Wrong or already used authenticator code: use a new code from the app',
  STAFF_LOCKED: 'Too many failed sign-ins: the account is locked for 15 minutes',
  STAFF_PASSWORD_CHANGE_REQUIRED: 'Change your password first',
  STAFF_FORBIDDEN: 'Your role may not do this',
  REWARD_JOB_TOTAL_CHANGED: 'The run\'s total changed since the request; nothing was paid. Reject this request and run again',
  INTERNAL_ERROR: 'Something went wrong: try again',
};

/**
 * The message to show for a refusal: the server's (Thai) in Thai mode; in English mode the code's
 * English wording, followed by the server's Thai in brackets when it says more than the standard wording.
 */
export function serverMessage(code: string, thai: string, language = currentLanguage()): string {
  if (language === 'th') return thai;
  const english = (ENGLISH as Record<string, string | undefined>)[code];
  if (!english) return thai;
  const standard = (ERRORS as Record<string, { message: string } | undefined>)[code]?.message;
  return standard === undefined || standard === thai || thai === '' ? english : `${english} (${thai})`;
}
