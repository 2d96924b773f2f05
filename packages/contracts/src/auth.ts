import { z } from 'zod';
import { SUCCESS_VALUE, baht, envelope, numericSuccessEnvelope } from './envelope.ts';

/**
 * Auth calls of spec §7. Request schemas check shape and bounds only; the rules with their own
 * Thai messages (spec §5) are checked by the use cases so each refusal names the right error.
 */
// A bundler may drop an unused schema built with it (pure: no side effects).
const field = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().max(max);

export const loginRequest = z.object({ phoneNumber: field(32), Password: field(128) });
export const checkPhoneRequest = z.object({ phoneNumber: field(32) });
/** `POST /auth-service/v1/password/check` (ours, issue 26 §3): a new password checked at its field, before the sign-up's later steps. */
export const passwordCheckRequest = z.object({ Password: field(128) });
export const checkBankRequest = z.object({ BankAccount: field(32), BankCode: field(8) });
export const signupRequest = z.object({
  phoneNumber: field(32),
  Password: field(128),
  Confirm_Password: field(128),
  BankAccount: field(32),
  BankCode: field(8),
  firstName: field(100).optional(),
  lastName: field(100).optional(),
  affiliateKey: field(32).nullish(),
  isBonus: z.boolean().optional(),
  /** Issue 12: `YYYY-MM-DD`, 20 years or older. Optional in the shape so its absence gets its own Thai refusal (DATE_OF_BIRTH_REQUIRED). */
  dateOfBirth: field(10).optional(),
});
export const changePasswordRequest = z.object({
  phone_number: field(32).optional(),
  old_Password: field(128),
  Password: field(128),
  Confirm_Password: field(128),
});

const wallet = z.object({
  mainWallet: baht,
  gameWallet: baht,
  affiliateWallet: baht,
  cashbackWallet: baht,
  residualWallet: baht,
  prizeWallet: baht,
  spinWallet: baht,
});

/** Spec §3 "User info". Money in baht; dates ISO-8601 UTC. */
export const userInfo = z
  .object({
    PhoneNumber: z.string(),
    BankAccount: z.string(),
    BankCode: z.string(),
    regisdate: z.string().describe('registration time, ISO-8601'),
    ItemCode: z.array(z.string()).describe('item codes this member has redeemed'),
    totalDeposit: baht,
    totalWithdraw: baht,
    affiliateKey: z.string(),
    GameInfo: z
      .object({
        username: z.string().describe('the game account at the partner: GAME_USERNAME_PREFIX + affiliateKey, lower case'),
        password: z.string().describe('empty until the account is opened at the partner (first deposit or game launch)'),
        Partner: z.string(),
      })
      .describe('never null: known from sign-up, opened at the partner on first need'),
    userRank: z.object({ userRank: z.string(), userExp: z.number() }),
    internalWallet: wallet,
    userName: z.object({ firstName: z.string(), lastName: z.string(), fullName: z.string() }),
    BonusInfo: z.object({
      bonusId: z.string().nullable(),
      isBonus: z.boolean(),
      TurnoverType: z.number().describe('always 0: needTurnover is in baht (the promotion\'s multiples are resolved when the grant is made)'),
      needTurnover: baht,
      nowTurnover: baht,
      maxWithdrawType: z.number().describe('always 0: maxWithdrawAmount is in baht, 0 = no cap'),
      maxWithdrawAmount: baht,
      reviceDate: z.string().nullable(),
      DepositAmount: baht,
    }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = envelope(userInfo).extend({
  authToken: z.string().describe('send as Authorization: Bearer <authToken>'),
});
/**
 * Spec §7 step 1, and (issue 27 §1) the start of a registration: a one-time code is sent to the
 * phone by SMS. `registrationId` travels in the `X-Registration-Id` header of verifyPhone's body,
 * checkBank and signup; nothing of the flow is keyed by the client's address.
 */
export const checkPhoneResponse = envelope(
  z.object({
    phoneNumber: z.string(),
    available: z.literal(true),
    registrationId: z.string().describe('send as the X-Registration-Id header of checkBank and signup, and in verifyPhone'),
    /** Seconds until a new code may be asked for (resend). */
    resendAfterSeconds: z.number().int(),
    /** Seconds the code sent now stays valid. */
    codeExpiresInSeconds: z.number().int(),
  }),
);
/** The header that carries the registration (issue 27 §5). */
export const REGISTRATION_ID_HEADER = 'x-registration-id';
/** `POST /auth-service/v1/verifyPhone` (issue 27 §5): the code the SMS carried. */
export const verifyPhoneRequest = z.object({ registrationId: field(64), code: field(16) });
export const verifyPhoneResponse = envelope(z.object({ registrationId: z.string(), phoneNumber: z.string(), phoneVerified: z.literal(true) }));
/** `POST /auth-service/v1/verifyPhone/resend` (issue 27 §1): a new code for the same registration, after resendAfterSeconds. */
export const resendPhoneCodeRequest = z.object({ registrationId: field(64) });
export const phoneCodeSentResponse = envelope(z.object({ resendAfterSeconds: z.number().int(), codeExpiresInSeconds: z.number().int() }));
/** `POST /auth-service/v1/password-reset/start` (issue 27 §3, §5): answers the same whether or not the phone is a member's. */
export const passwordResetStartRequest = z.object({ phoneNumber: field(32) });
/** `POST /auth-service/v1/password-reset/finish`: the code and the new password (sign-up's rules); every session ends. */
export const passwordResetFinishRequest = z.object({ phoneNumber: field(32), code: field(16), newPassword: field(128) });
/**
 * Spec §7: data *may* hold firstName and lastName. With a name-inquiry provider they are the bank's
 * holder names (signup takes them as proven); with NAME_INQUIRY_PROVIDER=declared they are absent
 * and the member types them at signup (the account stays unverified until a deposit or staff
 * confirm it, docs/adr/0040).
 */
export const checkBankResponse = envelope(
  z.object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    token: z.string().describe('send back as the tokenBank header of signup; valid for 15 minutes'),
  }),
);
export const signupResponse = envelope(z.object({ phoneNumber: z.string(), affiliateKey: z.string() }));
/** Spec §7: "success 0 is the valid case" (docs/adr/0004). */
export const refreshResponse = numericSuccessEnvelope(userInfo, SUCCESS_VALUE.refresh);
/** Spec §7: "a success value of 0 is treated as success" (docs/adr/0004). */
export const changePasswordResponse = numericSuccessEnvelope(z.null(), SUCCESS_VALUE.changePassword);
export const emptyResponse = envelope(z.null());
