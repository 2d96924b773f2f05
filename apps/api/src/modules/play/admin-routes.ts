import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gameCaseParams,
  gameCasesQuery,
  gameCasesResponse,
  gameReconciliationQuery,
  gameReconciliationResponse,
  hub88ReconcileDayQuery,
  hub88ReconcileDayResponse,
  resolvedGameCaseResponse,
  resolveGameCaseBody,
  staffJobRunResponse,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { gameReconciliationReport } from './game-reconciliation-report.ts';
import { listGameCases, type GameCaseRow } from './game-cases.ts';
import { resolveGameCase } from './resolve-game-case.ts';
import { runGameReconciliation } from './run-game-reconciliation.ts';
import { runHub88DayReconciliation } from './run-hub88-day-reconciliation.ts';
import { runPullBetRecords } from './run-pull-bet-records.ts';

const TAGS = ['admin'];

/** A reconciliation case on the wire: satang as baht, times as ISO strings. */
const toWireGameCase = (row: GameCaseRow & { phone_number: string }) => ({
  id: row.id,
  memberId: row.member_id,
  phoneNumber: row.phone_number,
  status: row.status,
  difference: satangToBahtNumber(row.difference_satang),
  suspense: satangToBahtNumber(row.suspense_satang),
  evidence: row.evidence,
  resolution: row.resolution,
  resolvedBy: row.resolved_by,
  resolutionReason: row.resolution_reason,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  resolvedAt: row.resolved_at?.toISOString() ?? null,
});

/**
 * The game wallet in the back office (`/admin-api/v1/game/…`, issue 15): the reconciliation
 * report and its run on demand, the Hub88 day reconciliation on demand (docs/adr/0046), the
 * reconciliation cases and their resolution, and the pull-bet-records job run now.
 * Permissions: modules/staff/staff-roles.ts; each action is audited by its use case.
 */
export function registerPlayAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/game/reconciliation', { schema: { tags: TAGS, querystring: gameReconciliationQuery, response: { 200: gameReconciliationResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await gameReconciliationReport(context, request.query) };
  });

  // On demand: a quiet look at each member of the page; differences nothing explains open cases (issue 15).
  routes.post('/admin-api/v1/game/reconciliation/run', { schema: { tags: TAGS, querystring: gameReconciliationQuery, response: { 200: gameReconciliationResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    return { success: true, message: 'ok', data: await runGameReconciliation(context, { page: request.query, staff }) };
  });

  routes.post('/admin-api/v1/game/hub88/reconcile-day', { schema: { tags: TAGS, querystring: hub88ReconcileDayQuery, response: { 200: hub88ReconcileDayResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    return { success: true, message: 'ok', data: await runHub88DayReconciliation(context, { day: request.query.day, staff }) };
  });

  routes.get('/admin-api/v1/game/cases', {
    schema: { tags: TAGS, querystring: gameCasesQuery, response: { 200: gameCasesResponse } },
  }, async (request) => {
    requireStaff(context, request);
    const rows = await listGameCases(context.db, request.query);
    return { success: true, message: 'ok', data: rows.map(toWireGameCase) };
  });

  routes.post('/admin-api/v1/game/cases/:caseId/resolve', {
    schema: { tags: TAGS, params: gameCaseParams, body: resolveGameCaseBody, response: { 200: resolvedGameCaseResponse } },
  }, async (request) => {
    const staff = requireStaff(context, request);
    const result = await resolveGameCase(context, { caseId: request.params.caseId, resolution: request.body.resolution, ...staff, reason: request.body.reason });
    return {
      success: true,
      message: 'ok',
      data: { caseId: result.caseId, status: result.status, partnerMoved: satangToBahtNumber(result.partnerMovedSatang), writtenOff: satangToBahtNumber(result.writtenOffSatang) },
    };
  });

  // Staff can run the scheduled job now (idempotent; the scheduler runs it anyway).
  routes.post('/admin-api/v1/jobs/pull-bet-records', { schema: { tags: TAGS, summary: 'Run the pull-bet-records job now', response: { 200: staffJobRunResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    const count = await runPullBetRecords(context, { staff });
    return { success: true, message: 'ok', data: { job: 'pull-bet-records', count } };
  });
}
