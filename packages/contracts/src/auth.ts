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
export const checkPhoneResponse = envelope(z.object({ phoneNumber: z.string(), available: z.literal(true) }));
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
