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

/** Who did a staff action, as every staff audit row records it (issue 11 "Audit": actor, role, address). */
export interface StaffActor {
  /** `staff:<username>`: the audit log's actor label (also what decided_by / resolved_by columns hold). */
  actor: string;
  /** The staff member's role when they acted (owner, finance, support, marketing, auditor). */
  actorRole: string;
  /** The client address of the request (Fastify's request.ip, behind the trusted proxy). */
  address: string;
}

/**
 * The back-office caller of this request (issue 11): the admin guard has already authenticated
 * the bearer session and checked the route's permission before the body was read.
 * @returns who acted, with their role and address, for the audit log.
 * @throws AppError UNAUTHENTICATED when the guard did not run (a route outside `/admin-api/`).
 */
export function requireStaff(_context: AppContext, request: FastifyRequest): StaffActor {
  if (!request.staff) throw new AppError('UNAUTHENTICATED');
  return { actor: `staff:${request.staff.username}`, actorRole: request.staff.role, address: request.ip };
}

/** The signed-in staff member (role, session) of a back-office request. @throws AppError UNAUTHENTICATED. */
export function requireStaffPrincipal(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHENTICATED');
  return request.staff;
}
