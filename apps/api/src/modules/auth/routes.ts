import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUCCESS_VALUE, changePasswordRequest, changePasswordResponse, checkBankRequest, checkBankResponse, checkPhoneRequest, checkPhoneResponse, emptyResponse, errorEnvelope, loginRequest, loginResponse, refreshResponse, signupRequest, signupResponse, memberApiKeyHeaders, signUpHeaders } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireMember } from './authenticate.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { changePassword } from './change-password.ts';
import { checkBankAccount } from './check-bank-account.ts';
import { checkPhoneAvailability } from './check-phone-availability.ts';
import { getUserInfo } from './get-user-info.ts';
import { logIn } from './log-in.ts';
import { registerMember } from './register-member.ts';
import { revokeSession } from './sessions.ts';

const TAGS = ['auth'];
const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };
const securedHeaders = memberApiKeyHeaders;

/** The auth-service calls of spec §7. Routes validate, call one use case, map the answer. */
export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth-service/v1/checkPhone', {
    schema: { tags: TAGS, summary: 'Register step 1: is this phone usable?', headers: securedHeaders, body: checkPhoneRequest, response: { 200: checkPhoneResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_PHONE', ipRateLimit: RATE_LIMITS.checkPhonePerIp },
    handler: async (request) => {
      const data = await checkPhoneAvailability(context, { phoneNumber: request.body.phoneNumber, ipAddress: request.ip });
      return { success: true, message: 'เบอร์โทรศัพท์นี้ใช้สมัครสมาชิกได้', data };
    },
  });

  routes.post('/auth-service/v1/checkBank', {
    schema: { tags: TAGS, summary: 'Register step 2: bank account check and holder name', headers: securedHeaders, body: checkBankRequest, response: { 200: checkBankResponse, ...refusals } },
    config: { validationErrorCode: 'INCOMPLETE_BANK_INFO', ipRateLimit: RATE_LIMITS.checkBankPerIp },
    handler: async (request) => {
      const data = await checkBankAccount(context, {
        bankCode: request.body.BankCode,
        accountNumber: request.body.BankAccount,
        ipAddress: request.ip,
      });
      return { success: true, message: 'ตรวจสอบบัญชีธนาคารสำเร็จ', data };
    },
  });

  routes.post('/auth-service/v1/signup', {
    schema: {
      tags: TAGS,
      summary: 'Register step 3: create the member',
      headers: signUpHeaders,
      body: signupRequest,
      response: { 200: signupResponse, ...refusals },
    },
    config: { validationErrorCode: 'INCOMPLETE_FORM', ipRateLimit: RATE_LIMITS.signupPerIp },
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
      });
      return { success: true, message: 'สมัครสมาชิกสำเร็จ', data: { phoneNumber: member.phoneNumber, affiliateKey: member.affiliateKey } };
    },
  });

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
      const session = await requireMember(context, request);
      // Spec §7: 0 is refresh's success value (docs/adr/0004).
      return { success: SUCCESS_VALUE.refresh, message: 'สำเร็จ', data: await getUserInfo(context, session.memberId) };
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
