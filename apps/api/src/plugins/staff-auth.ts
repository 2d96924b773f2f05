import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';

/** Token of the quick start's back-office API when ADMIN_API_TOKEN is unset (never in production). */
export const DEVELOPMENT_ADMIN_TOKEN = 'sabai-demo-admin-token-change-me';

/**
 * The back-office API's caller (docs/adr/0006): `Authorization: Bearer <ADMIN_API_TOKEN>` and the
 * staff member's name in `x-staff-name` for the audit log. Staff accounts with roles and TOTP
 * replace this with the back-office issue.
 * @returns the actor label for the audit log.
 * @throws AppError UNAUTHENTICATED.
 */
export function requireStaff(context: AppContext, request: FastifyRequest): string {
  const expected = Buffer.from(context.config.ADMIN_API_TOKEN ?? DEVELOPMENT_ADMIN_TOKEN, 'utf8');
  const given = Buffer.from(String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('UNAUTHENTICATED');
  const name = String(request.headers['x-staff-name'] ?? '').trim();
  return `staff:${/^[\p{L}\p{N} ._-]{1,80}$/u.test(name) ? name : 'unnamed'}`;
}
