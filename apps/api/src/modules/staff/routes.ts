import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_MAX_ROWS,
  auditEntriesResponse,
  auditFiltersResponse,
  auditQuery,
  auditVerifyResponse,
  createdStaffAccountResponse,
  newStaffAccountBody,
  staffAccountChangeBody,
  staffAccountParams,
  staffAccountResponse,
  staffAccountsResponse,
  staffDoneResponse,
  staffMeResponse,
  staffPasswordChangeBody,
  staffResetBody,
  staffResetResponse,
  staffSessionResponse,
  staffSignInBody,
  staffSignInStepResponse,
  staffTotpBody,
} from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { verifyAuditChain } from '../../lib/audit.ts';
import { changeStaffAccount, resetStaffCredentials } from './manage-staff-account.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { AppError } from '../../lib/app-error.ts';
import { startStaffSignIn, completeStaffSignIn } from './staff-sign-in.ts';
import { revokeStaffSession } from './staff-sessions.ts';
import { changeStaffPassword } from './change-staff-password.ts';
import { createStaffAccount } from './create-staff-account.ts';
import { listStaffAccounts } from './list-staff-accounts.ts';
import { auditCsvLines, listAuditEntries, listAuditFilters } from './list-audit-entries.ts';
import { toCsv } from '../reports/index.ts';
import { STAFF_PERMISSIONS, STAFF_ROLES, roleMay, type StaffPermission } from './staff-roles.ts';

const TAGS = ['back office: staff'];
const address = (request: { ip: string }) => request.ip;

/**
 * Staff identity and audit calls (issue 11): two-step sign-in (password, then TOTP — enrolled at
 * the first sign-in), own password, sign-out; staff accounts (owner); the audit trail and its
 * chain check (owner, auditor). Permissions: modules/staff/staff-roles.ts.
 */
export function registerStaffRoutes(app: FastifyInstance, context: AppContext): void {
  registerStaffSignInRoutes(app, context);
  registerStaffAccountRoutes(app, context);
  registerAuditRoutes(app, context);
}

/** The staff member's own session: two-step sign-in, who am I with my permissions, my password, sign-out. */
function registerStaffSignInRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/admin-api/v1/auth/login', {
    schema: { tags: TAGS, summary: 'Staff sign-in, step 1: username and password', body: staffSignInBody, response: { 200: staffSignInStepResponse } },
    config: { ipRateLimit: RATE_LIMITS.staffSignInPerIp },
  }, async (request) => {
    const step = await startStaffSignIn(context, { ...request.body, address: address(request) });
    return { success: true, message: 'ok', data: step };
  });

  routes.post('/admin-api/v1/auth/totp', {
    schema: { tags: TAGS, summary: 'Staff sign-in, step 2: the authenticator code', body: staffTotpBody, response: { 200: staffSessionResponse } },
    config: { ipRateLimit: RATE_LIMITS.staffSignInPerIp },
  }, async (request) => {
    const session = await completeStaffSignIn(context, { ...request.body, address: address(request) });
    return { success: true, message: 'ok', data: { token: session.token, expiresAt: session.expiresAt.toISOString(), staff: session.staff } };
  });

  routes.get('/admin-api/v1/auth/me', { schema: { tags: TAGS, response: { 200: staffMeResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const permissions = (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((permission) => roleMay(staff.role, permission));
    return { success: true, message: 'ok', data: { username: staff.username, role: staff.role, mustChangePassword: staff.mustChangePassword, permissions } };
  });

  routes.post('/admin-api/v1/auth/password', {
    schema: { tags: TAGS, body: staffPasswordChangeBody, response: { 200: staffDoneResponse } },
  }, async (request) => {
    await changeStaffPassword(context, requireStaffPrincipal(request), { ...request.body, address: address(request) });
    return { success: true, message: 'เปลี่ยนรหัสผ่านแล้ว', data: null };
  });

  routes.post('/admin-api/v1/auth/logout', { schema: { tags: TAGS, response: { 200: staffDoneResponse } } }, async (request) => {
    await revokeStaffSession(context.db, requireStaffPrincipal(request).sessionHash, context.now());
    return { success: true, message: 'ok', data: null };
  });
}

/** Staff accounts (owner): the list, a new account, role or status changes, a credentials reset. */
function registerStaffAccountRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/staff', { schema: { tags: TAGS, response: { 200: staffAccountsResponse } } }, async () => ({ success: true, message: 'ok', data: await listStaffAccounts(context.db) }));

  routes.post('/admin-api/v1/staff', {
    schema: { tags: TAGS, summary: 'Create a staff account (owner); answers its one-time password once', body: newStaffAccountBody(STAFF_ROLES), response: { 200: createdStaffAccountResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const created = await context.db.transaction((tx) =>
      createStaffAccount(tx, { username: request.body.username, role: request.body.role, actor: `staff:${staff.username}`, actorRole: staff.role, address: address(request) }),
    );
    return { success: true, message: 'สร้างบัญชีเจ้าหน้าที่แล้ว', data: created };
  });

  routes.post('/admin-api/v1/staff/:staffId', {
    schema: { tags: TAGS, summary: 'Change a staff account’s role or status (owner); a disabled account’s sessions end', params: staffAccountParams, body: staffAccountChangeBody(STAFF_ROLES), response: { 200: staffAccountResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const { reason, ...change } = request.body;
    const changed = await context.db.transaction((tx) =>
      changeStaffAccount(tx, { staffId: request.params.staffId, change, reason, actor: `staff:${staff.username}`, actorStaffId: staff.staffId, actorRole: staff.role, address: address(request), now: context.now() }),
    );
    return { success: true, message: 'บันทึกแล้ว', data: changed };
  });

  routes.post('/admin-api/v1/staff/:staffId/reset', {
    schema: { tags: TAGS, summary: 'Reset a staff member’s password and authenticator (owner); answers a one-time password once', params: staffAccountParams, body: staffResetBody, response: { 200: staffResetResponse } },
  }, async (request, reply) => {
    const staff = requireStaffPrincipal(request);
    const reset = await context.db.transaction((tx) =>
      resetStaffCredentials(tx, { staffId: request.params.staffId, reason: request.body.reason, actor: `staff:${staff.username}`, actorStaffId: staff.staffId, actorRole: staff.role, address: address(request), now: context.now() }),
    );
    void reply.header('cache-control', 'no-store');
    return { success: true, message: 'ตั้งรหัสผ่านชั่วคราวแล้ว เจ้าหน้าที่ต้องลงทะเบียนแอปยืนยันตัวตนใหม่เมื่อเข้าสู่ระบบ', data: reset };
  });
}

/** The audit trail (owner, auditor): pages, the CSV, the filters' values, and the hash chain's check. */
function registerAuditRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/audit', {
    schema: {
      tags: TAGS,
      querystring: auditQuery,
      response: { 200: auditEntriesResponse },
    },
  }, async (request) => {
    const entries = await listAuditEntries(context.db, request.query);
    return { success: true, message: 'ok', data: entries };
  });

  // Issue 25 §4: the same filters as a CSV file Thai Excel opens (UTF-8 BOM), and what can be filtered on.
  routes.get('/admin-api/v1/audit.csv', { schema: { tags: TAGS, querystring: auditQuery } }, async (request, reply) => {
    const { beforeSeq: _beforeSeq, limit: _limit, ...filter } = request.query;
    const csv = toCsv(await auditCsvLines(context.db, filter, AUDIT_CSV_MAX_ROWS));
    const day = context.now().toISOString().slice(0, 10);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="sabai-audit-${day}.csv"`).header('cache-control', 'no-store').send(csv);
  });

  routes.get('/admin-api/v1/audit/filters', { schema: { tags: TAGS, response: { 200: auditFiltersResponse } } }, async () => ({
    success: true, message: 'ok', data: await listAuditFilters(context.db),
  }));

  routes.get('/admin-api/v1/audit/verify', { schema: { tags: TAGS, response: { 200: auditVerifyResponse } } }, async () => {
    const result = await verifyAuditChain(context.db);
    if (result.firstBreak) throw new AppError('STATE_CONFLICT', { message: `audit chain broken at seq ${result.firstBreak.seq} (${result.firstBreak.problem})` });
    return { success: true, message: 'ok', data: { rows: result.rows, sound: true as const } };
  });
}
