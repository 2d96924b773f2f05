/**
 * The `reports` module's face (issue 11): read-only money views for staff — the daily report
 * (JSON, CSV for Excel), the member ledger statement with running balance, the reward jobs' runs.
 */
export { registerReportRoutes } from './routes.ts';
export { dailyReportCsv, figuresToWire, staffActionsReport } from './daily-report.ts';
export { moneyReport, type MoneyFigures, type MoneyReport } from './money-report.ts';
export { memberStatement } from './member-statement.ts';
export { toCsv } from './daily-report.ts';
