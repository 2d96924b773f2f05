import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUCCESS_VALUE, changePasswordRequest, changePasswordResponse, checkBankRequest, checkBankResponse, checkPhoneRequest, checkPhoneResponse, emptyResponse, errorEnvelope,
  loginRequest, loginResponse, refreshResponse, signupRequest, signupResponse, memberApiKeyHeaders, signUpHeaders, registrationHeaders, REGISTRATION_ID_HEADER,
  verifyPhoneRequest, verifyPhoneResponse, resendPhoneCodeRequest, phoneCodeSentResponse, passwordResetStartRequest, passwordResetFinishRequest,
  phoneChangeStartRequest, phoneChangeFinishRequest, phoneChangeFinishResponse, passwordCheckRequest,
} from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireMember } from './authenticate.ts';
import { requireSessionMember } from './member-ref.ts';
import { RATE_LIMITS, registrationAddressRules } from '../../lib/rate-limiter.ts';
import { changePassword } from './change-password.ts';
import { checkBankAccount } from './check-bank-account.ts';
import { checkNewPassword } from './check-new-password.ts';
import { startRegistration } from './start-registration.ts';
import { verifyRegistrationPhone } from './verify-registration-phone.ts';
import { resendRegistrationCode } from './resend-registration-code.ts';
import { startPasswordReset } from './start-password-reset.ts';
import { finishPasswordReset } from './finish-password-reset.ts';
import { startPhoneChange } from './start-phone-change.ts';
import { finishPhoneChange } from './finish-phone-change.ts';
import { getUserInfo } from './get-user-info.ts';
import { logIn } from './log-in.ts';
import { registerMember } from './register-member.ts';
import { revokeSession } from './sessions.ts';

const TAGS = ['auth'];
const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };
const securedHeaders = memberApiKeyHeaders;

/** The header's value, when one string was sent. */
const headerText = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The auth-service calls of spec §7, with issue 27's phone proof (verifyPhone, resend), password
 * reset and the member's phone change. Routes validate, call one use case, map the answer.
 */
export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  registerRegistrationStepRoutes(app, context);
  registerSignUpRoute(app, context);
  registerSessionRoutes(app, context);
  registerRecoveryRoutes(app, context);
}

/** Registration steps 1 and 2 (issue 27): the phone and its code, the password's rules, the bank account. */
function registerRegistrationStepRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Per-address abuse ceilings (issue 27 §1: high enough for a carrier NAT address).
  const perAddress = registrationAddressRules(context.config.REGISTRATION_ADDRESS_CEILING_PER_HOUR);

  routes.post('/auth-service/v1/checkPhone', {
    schema: { tags: TAGS, summary: 'Register step 1: is this phone usable? Starts a registration and sends a code by SMS', headers: securedHeaders, body: checkPhoneRequest, response: { 200: checkPhoneResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_PHONE', ipRateLimit: perAddress.checkPhone },
    handler: async (request) => {
      const data = await startRegistration(context, { phoneNumber: request.body.phoneNumber, ipAddress: request.ip });
      return { success: true, message: 'เบอร์โทรศัพท์นี้ใช้สมัครสมาชิกได้ ระบบส่งรหัส OTP ทาง SMS แล้ว', data };
    },
  });

  routes.post('/auth-service/v1/password/check', {
    schema: { tags: TAGS, summary: 'Register step 1: is this new password accepted (length, not a common password)? Stores nothing', headers: securedHeaders, body: passwordCheckRequest, response: { 200: emptyResponse, ...refusals } },
    config: { validationErrorCode: 'PASSWORD_RULES', ipRateLimit: RATE_LIMITS.passwordCheckPerIp },
    handler: async (request) => {
      checkNewPassword(request.body.Password);
      return { success: true, message: 'รหัสผ่านนี้ใช้ได้', data: null };
    },
  });

  routes.post('/auth-service/v1/verifyPhone', {
    schema: { tags: TAGS, summary: 'Register step 1b: the code the SMS carried proves the phone', headers: securedHeaders, body: verifyPhoneRequest, response: { 200: verifyPhoneResponse, ...refusals } },
    config: { validationErrorCode: 'CODE_INVALID', ipRateLimit: perAddress.verifyPhone },
    handler: async (request) => {
      const data = await verifyRegistrationPhone(context, { registrationId: request.body.registrationId, code: request.body.code });
      return { success: true, message: 'ยืนยันเบอร์โทรศัพท์สำเร็จ', data };
    },
  });

  routes.post('/auth-service/v1/verifyPhone/resend', {
    schema: { tags: TAGS, summary: 'A new code for the registration (after resendAfterSeconds)', headers: securedHeaders, body: resendPhoneCodeRequest, response: { 200: phoneCodeSentResponse, ...refusals } },
    config: { validationErrorCode: 'REGISTRATION_EXPIRED', ipRateLimit: perAddress.verifyPhone },
    handler: async (request) => {
      const data = await resendRegistrationCode(context, { registrationId: request.body.registrationId });
      return { success: true, message: 'ส่งรหัส OTP ใหม่ทาง SMS แล้ว', data };
    },
  });

  routes.post('/auth-service/v1/checkBank', {
    schema: { tags: TAGS, summary: 'Register step 2: bank account check and holder name (X-Registration-Id of a verified phone)', headers: registrationHeaders, body: checkBankRequest, response: { 200: checkBankResponse, ...refusals } },
    config: { validationErrorCode: 'INCOMPLETE_BANK_INFO', ipRateLimit: perAddress.checkBank },
    handler: async (request) => {
      const data = await checkBankAccount(context, {
        bankCode: request.body.BankCode,
        accountNumber: request.body.BankAccount,
        registrationId: headerText(request.headers[REGISTRATION_ID_HEADER]),
      });
      return { success: true, message: 'ตรวจสอบบัญชีธนาคารสำเร็จ', data };
    },
  });
}

/** Registration step 3: the member is created from the verified phone and the checked bank account. */
function registerSignUpRoute(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Per-address abuse ceilings (issue 27 §1: high enough for a carrier NAT address).
  const perAddress = registrationAddressRules(context.config.REGISTRATION_ADDRESS_CEILING_PER_HOUR);

  routes.post('/auth-service/v1/signup', {
    schema: {
      tags: TAGS,
      summary: 'Register step 3: create the member',
      headers: signUpHeaders,
      body: signupRequest,
      response: { 200: signupResponse, ...refusals },
    },
    config: { validationErrorCode: 'INCOMPLETE_FORM', ipRateLimit: perAddress.signup },
    handler: async (request) => {
      const body = request.body;
      const bankToken = request.headers.tokenbank;
      const member = await registerMember(context, {
        phoneNumber: body.phoneNumber,
        password: body.Password,
        confirmPassword: body.Confirm_Password,
        bankCode: body.BankCode,
        accountNumber: body.BankAccount,
        firstName: body.firstName,
        lastName: body.lastName,
        affiliateKey: body.affiliateKey,
        wantsBonus: body.isBonus,
        dateOfBirth: body.dateOfBirth,
        bankToken: typeof bankToken === 'string' ? bankToken : undefined,
        registrationId: headerText(request.headers[REGISTRATION_ID_HEADER]),
      });
      return { success: true, message: 'สมัครสมาชิกสำเร็จ', data: { phoneNumber: member.phoneNumber, affiliateKey: member.affiliateKey } };
    },
  });
}

/** The member's session: log in, who am I (refresh), change password, log out. */
function registerSessionRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth-service/v1/login', {
    schema: { tags: TAGS, summary: 'Log in with phone and password', headers: securedHeaders, body: loginRequest, response: { 200: loginResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_CREDENTIALS', ipRateLimit: RATE_LIMITS.loginPerIp },
    handler: async (request) => {
      const result = await logIn(context, {
        phoneNumber: request.body.phoneNumber,
        password: request.body.Password,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true, message: 'เข้าสู่ระบบสำเร็จ', authToken: result.authToken, data: result.userInfo };
    },
  });

  routes.get('/auth-service/v1/refresh', {
    schema: { tags: TAGS, summary: 'The signed-in member (spec §3 user info; success: 0, spec §7)', headers: securedHeaders, response: { 200: refreshResponse, ...refusals } },
    handler: async (request) => {
      // The session check and the member card in one statement (issue 29 §3): requireMember's check and 401.
      const data = await getUserInfo(context, requireSessionMember(context, request));
      // Spec §7: 0 is refresh's success value (docs/adr/0004).
      return { success: SUCCESS_VALUE.refresh, message: 'สำเร็จ', data };
    },
  });

  routes.put('/auth-service/v1/change-password', {
    schema: { tags: TAGS, summary: 'Change password; revokes the other sessions (success: 0, spec §7)', headers: securedHeaders, body: changePasswordRequest, response: { 200: changePasswordResponse, ...refusals } },
    config: { validationErrorCode: 'INCOMPLETE_FORM' },
    handler: async (request) => {
      const session = await requireMember(context, request);
      await changePassword(context, session, {
        phoneNumber: request.body.phone_number,
        oldPassword: request.body.old_Password,
        newPassword: request.body.Password,
        confirmPassword: request.body.Confirm_Password,
      });
      // Spec §7: 0 is change-password's success value (docs/adr/0004).
      return { success: SUCCESS_VALUE.changePassword, message: 'เปลี่ยนรหัสผ่านสำเร็จ', data: null };
    },
  });

  routes.post('/auth-service/v1/logout', {
    schema: { tags: TAGS, summary: 'Log out: revokes this session', headers: securedHeaders, response: { 200: emptyResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      await revokeSession(context.db, session.sessionId, context.now());
      return { success: true, message: 'ออกจากระบบแล้ว', data: null };
    },
  });
}

/** A forgotten password and a new phone number, each proved by codes sent by SMS. */
function registerRecoveryRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth-service/v1/password-reset/start', {
    schema: { tags: TAGS, summary: 'Forgot password: a code by SMS (the same answer whether or not the phone is a member\'s)', headers: securedHeaders, body: passwordResetStartRequest, response: { 200: phoneCodeSentResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_PHONE', ipRateLimit: RATE_LIMITS.passwordResetPerIp },
    handler: async (request) => {
      const data = await startPasswordReset(context, { phoneNumber: request.body.phoneNumber });
      return { success: true, message: 'หากเบอร์นี้เป็นสมาชิก ระบบได้ส่งรหัส OTP ทาง SMS แล้ว', data };
    },
  });

  routes.post('/auth-service/v1/password-reset/finish', {
    schema: { tags: TAGS, summary: 'Forgot password: the code and a new password; every session ends', headers: securedHeaders, body: passwordResetFinishRequest, response: { 200: emptyResponse, ...refusals } },
    config: { validationErrorCode: 'INCOMPLETE_FORM', ipRateLimit: RATE_LIMITS.passwordResetPerIp },
    handler: async (request) => {
      await finishPasswordReset(context, { phoneNumber: request.body.phoneNumber, code: request.body.code, newPassword: request.body.newPassword, ipAddress: request.ip });
      return { success: true, message: 'ตั้งรหัสผ่านใหม่สำเร็จ กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่', data: null };
    },
  });

  routes.post('/user-profile-composite/v1/phone/change/start', {
    schema: { tags: TAGS, summary: 'Change my phone: codes by SMS to the old and the new number', headers: securedHeaders, body: phoneChangeStartRequest, response: { 200: phoneCodeSentResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_PHONE' },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const data = await startPhoneChange(context, session, { newPhoneNumber: request.body.newPhoneNumber });
      return { success: true, message: 'ส่งรหัส OTP ไปยังเบอร์เดิมและเบอร์ใหม่แล้ว', data };
    },
  });

  routes.post('/user-profile-composite/v1/phone/change/finish', {
    schema: { tags: TAGS, summary: 'Change my phone: both codes; the new number becomes my login', headers: securedHeaders, body: phoneChangeFinishRequest, response: { 200: phoneChangeFinishResponse, ...refusals } },
    config: { validationErrorCode: 'CODE_INVALID' },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const data = await finishPhoneChange(context, session, { oldCode: request.body.oldCode, newCode: request.body.newCode });
      return { success: true, message: 'เปลี่ยนเบอร์โทรศัพท์สำเร็จ', data };
    },
  });
}
