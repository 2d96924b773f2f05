import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { StaffPrincipal } from '../modules/staff/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a back-office call, set by the admin guard (admin-guard.ts). */
    staff?: StaffPrincipal;
  }
}

/**
 * The back-office caller of this request (issue 11): the admin guard has already authenticated
 * the bearer session and checked the route's permission before the body was read.
 * @returns the actor label for the audit log, `staff:<username>`.
 * @throws AppError UNAUTHENTICATED when the guard did not run (a route outside `/admin-api/`).
 */
export function requireStaff(_context: AppContext, request: FastifyRequest): string {
  if (!request.staff) throw new AppError('UNAUTHENTICATED');
  return `staff:${request.staff.username}`;
}

/** The signed-in staff member (role, session) of a back-office request. @throws AppError UNAUTHENTICATED. */
export function requireStaffPrincipal(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHENTICATED');
  return request.staff;
}
