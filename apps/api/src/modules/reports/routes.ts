import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminListQuery,
  dailyReportResponse,
  memberStatementResponse,
  memberViewParams,
  moneyReportQuery,
  reportRangeQuery,
  rewardRunsResponse,
  staffActionsReportResponse,
  statementQuery,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { dailyReportCsv, dailyReportToWire, staffActionsCsv, staffActionsReport } from './daily-report.ts';
import { moneyReport } from './money-report.ts';
import { memberStatement } from './member-statement.ts';
import { listRewardRuns } from './reward-runs.ts';

const TAGS = ['back office: reports'];

/** A CSV download: Excel's UTF-8 text, never cached (money figures). */
const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);

/**
 * Read-only money views for staff (issue 11, issue 25 §3): the money report by day or month from the
 * ledger (JSON and CSV), the per-staff actions report (JSON and CSV), the member ledger statement
 * with running balance, and the reward jobs' latest runs. Authenticated and authorized by
 * the admin guard before the query string is validated.
 */
export function registerReportRoutes(app: FastifyInstance, context: AppContext): void {
  registerMoneyReportRoutes(app, context);
  registerLedgerViewRoutes(app, context);
}

/** The daily money report and the staff actions report, each as JSON and as a CSV file. */
function registerMoneyReportRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/reports/daily', { schema: { tags: TAGS, querystring: moneyReportQuery, response: { 200: dailyReportResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: dailyReportToWire(await moneyReport(context.db, request.query)) };
  });

  routes.get('/admin-api/v1/reports/daily.csv', { schema: { tags: TAGS, querystring: moneyReportQuery } }, async (request, reply) => {
    requireStaff(context, request);
    const csv = dailyReportCsv(await moneyReport(context.db, request.query));
    return sendCsv(reply, `sabai-report-${request.query.period === 'month' ? 'monthly-' : ''}${request.query.from}-${request.query.to}.csv`, csv);
  });

  routes.get('/admin-api/v1/reports/staff-actions', { schema: { tags: TAGS, querystring: reportRangeQuery, response: { 200: staffActionsReportResponse } } }, async (request) => {
    requireStaff(context, request);
    const report = await staffActionsReport(context.db, request.query);
    return {
      success: true,
      message: 'ok',
      data: {
        from: request.query.from,
        to: request.query.to,
        actions: report.actions,
        adjustments: report.adjustments.map((row) => ({ requestedBy: row.requestedBy, approvedBy: row.approvedBy, count: row.count, credited: satangToBahtNumber(row.creditedSatang), debited: satangToBahtNumber(row.debitedSatang) })),
      },
    };
  });

  routes.get('/admin-api/v1/reports/staff-actions.csv', { schema: { tags: TAGS, querystring: reportRangeQuery } }, async (request, reply) => {
    requireStaff(context, request);
    return sendCsv(reply, `sabai-staff-actions-${request.query.from}-${request.query.to}.csv`, staffActionsCsv(await staffActionsReport(context.db, request.query)));
  });
}

/** A member's ledger statement with its running balance, and the reward jobs' runs. */
function registerLedgerViewRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/members/:memberId/statement', { schema: { tags: TAGS, params: memberViewParams, querystring: statementQuery, response: { 200: memberStatementResponse } } }, async (request) => {
    requireStaff(context, request);
    const statement = await memberStatement(context.db, {
      memberId: request.params.memberId,
      wallet: request.query.wallet,
      before: request.query.before === undefined ? undefined : BigInt(request.query.before),
      limit: request.query.limit,
    });
    return {
      success: true,
      message: 'ok',
      data: {
        wallet: request.query.wallet,
        balance: satangToBahtNumber(statement.balanceSatang),
        lines: statement.lines.map((line) => ({
          entryId: Number(line.entryId),
          at: line.at.toISOString(),
          code: line.code,
          sourceType: line.sourceType,
          sourceId: line.sourceId,
          change: satangToBahtNumber(line.changeSatang),
          balance: satangToBahtNumber(line.balanceSatang),
        })),
        nextBefore: statement.nextBefore === null ? null : Number(statement.nextBefore),
      },
    };
  });

  routes.get('/admin-api/v1/jobs/runs', { schema: { tags: TAGS, querystring: adminListQuery, response: { 200: rewardRunsResponse } } }, async (request) => {
    requireStaff(context, request);
    const runs = await listRewardRuns(context.db, request.query);
    return {
      success: true,
      message: 'ok',
      data: runs.map((run) => ({ job: run.job, periodStart: run.periodStart.toISOString(), startedAt: run.startedAt?.toISOString() ?? null, finishedAt: run.finishedAt?.toISOString() ?? null, outcome: run.outcome, detail: run.detail })),
    };
  });
}
