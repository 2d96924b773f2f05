import type { Queryable } from '@sabai/db';
import { listTransfersInRange } from '@sabai/ledger';
import type { DailyReportWire, MoneyFiguresWire } from '@sabai/contracts';
import { satangToBahtNumber, satangToDecimalString } from '@sabai/money';
import { GIVEN_OUT_KINDS, bangkokBounds, type ChannelFlow, type MoneyFigures, type MoneyReport } from './money-report.ts';

const baht = satangToBahtNumber;
const channelsToWire = (flows: ChannelFlow[]) => flows.map((flow) => ({ channelId: flow.channelId, label: flow.label, count: flow.count, amount: baht(flow.amountSatang) }));

/** One period's figures on the wire: baht numbers (exact, from satang). */
export function figuresToWire(figures: MoneyFigures): MoneyFiguresWire {
  return {
    deposits: { count: figures.deposits.count, amount: baht(figures.deposits.amountSatang), byChannel: channelsToWire(figures.deposits.byChannel) },
    withdrawals: { count: figures.withdrawals.count, amount: baht(figures.withdrawals.amountSatang), byChannel: channelsToWire(figures.withdrawals.byChannel) },
    refunds: { count: figures.refunds.count, amount: baht(figures.refunds.amountSatang) },
    otherCash: baht(figures.otherCashSatang),
    givenOut: {
      bonus: baht(figures.givenOut.bonus),
      itemCode: baht(figures.givenOut.itemCode),
      wheel: baht(figures.givenOut.wheel),
      cashback: baht(figures.givenOut.cashback),
      affiliate: baht(figures.givenOut.affiliate),
      adjustment: baht(figures.givenOut.adjustment),
      total: baht(figures.givenOut.total),
    },
    ggr: baht(figures.ggrSatang),
    unexplained: baht(figures.unexplainedSatang),
    inTransit: baht(figures.inTransitSatang),
    cashNet: baht(figures.cashNetSatang),
    result: baht(figures.resultSatang),
    membersChange: baht(figures.membersChangeSatang),
  };
}

/** The report on the wire. */
export function dailyReportToWire(report: MoneyReport): DailyReportWire {
  return {
    from: report.from,
    to: report.to,
    period: report.period,
    periods: report.periods.map((row) => ({ period: row.period, ...figuresToWire(row) })),
    total: figuresToWire(report.total),
  };
}

/** The byte-order mark that makes Excel read a CSV file as UTF-8 (Thai text). */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text starting with
 * = + - @ (a formula to a spreadsheet) is defused with a leading apostrophe; plain numbers are not.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines joined as Excel reads them: UTF-8 with a BOM, CRLF. */
export const toCsv = (lines: Array<Array<string | number>>): string => `${UTF8_BOM}${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;

const GIVEN_OUT_HEADER: Record<(typeof GIVEN_OUT_KINDS)[number], string> = {
  bonus: 'โบนัส',
  itemCode: 'โค้ดรับเงิน',
  wheel: 'รางวัลวงล้อ',
  cashback: 'คืนยอดเสีย',
  affiliate: 'ค่าแนะนำเพื่อน',
  adjustment: 'ปรับยอดโดยพนักงาน',
};
export const REPORT_CSV_HEADER = [
  'ช่วงเวลา', 'ช่องทาง', 'จำนวนรายการฝาก', 'ยอดฝาก', 'จำนวนรายการถอน', 'ยอดถอน', 'คืนเงินผู้โอน', 'เงินสดอื่น', 'เงินสดสุทธิ',
  ...GIVEN_OUT_KINDS.map((kind) => GIVEN_OUT_HEADER[kind]), 'รวมเงินที่ให้สมาชิก', 'ได้เสียจากเกม (GGR)', 'ผลได้เสียของเว็บ', 'เงินสมาชิกเปลี่ยนสุทธิ',
];

/**
 * The report as CSV for Excel (UTF-8 BOM, CRLF, RFC 4180 quoting, a Thai header row, baht with two
 * decimals, exact from satang). Per period: one line per house channel (deposits, withdrawals),
 * then one line `รวม` with every flow and the nets; the last line `รวมทั้งหมด` is the range's total.
 */
export function dailyReportCsv(report: MoneyReport): string {
  const money = satangToDecimalString;
  const blanks = (n: number) => Array.from({ length: n }, () => '');
  const lines: Array<Array<string | number>> = [REPORT_CSV_HEADER];
  const totalLine = (label: string, period: string, figures: MoneyFigures) => [
    period, label, figures.deposits.count, money(figures.deposits.amountSatang), figures.withdrawals.count, money(figures.withdrawals.amountSatang),
    money(figures.refunds.amountSatang), money(figures.otherCashSatang), money(figures.cashNetSatang),
    ...GIVEN_OUT_KINDS.map((kind) => money(figures.givenOut[kind])), money(figures.givenOut.total), money(figures.ggrSatang), money(figures.resultSatang), money(figures.membersChangeSatang),
  ];
  for (const row of report.periods) {
    const channels = [...new Set([...row.deposits.byChannel, ...row.withdrawals.byChannel].map((flow) => flow.channelId))].sort();
    for (const channelId of channels) {
      const deposit = row.deposits.byChannel.find((flow) => flow.channelId === channelId);
      const withdrawal = row.withdrawals.byChannel.find((flow) => flow.channelId === channelId);
      lines.push([
        row.period, (deposit ?? withdrawal)?.label ?? channelId, deposit?.count ?? 0, money(deposit?.amountSatang ?? 0n), withdrawal?.count ?? 0, money(withdrawal?.amountSatang ?? 0n),
        ...blanks(REPORT_CSV_HEADER.length - 6),
      ]);
    }
    lines.push(totalLine('รวม', row.period, row));
  }
  lines.push(totalLine('รวมทั้งหมด', `${report.from} ถึง ${report.to}`, report.total));
  return toCsv(lines);
}

export interface StaffActionsReport {
  actions: Array<{ actor: string; action: string; count: number }>;
  adjustments: Array<{ requestedBy: string; approvedBy: string | null; count: number; creditedSatang: bigint; debitedSatang: bigint }>;
}

/**
 * The per-staff report for Bangkok days `from`..`to`: each staff member's audited actions
 * (audit_log, by action) and the wallet adjustments that reached the ledger (ADJUSTMENT transfers
 * of member_adjustments, by who asked and who approved; amounts are the ledger transfers').
 */
export async function staffActionsReport(db: Queryable, input: { from: string; to: string }): Promise<StaffActionsReport> {
  const [start, end] = bangkokBounds(input.from, input.to);
  const actions = await db.query<{ actor: string; action: string; n: bigint }>(
    `SELECT actor, action, count(*) AS n FROM audit_log WHERE created_at >= $1 AND created_at < $2 AND actor LIKE 'staff:%' GROUP BY 1, 2 ORDER BY 1, 2`,
    [start, end],
  );
  // The ADJUSTMENT transfers of the range (the ledger's amounts), labelled with who asked and who approved.
  const transfers = await listTransfersInRange(db, { start, end, code: 'ADJUSTMENT', sourceType: 'member_adjustment' });
  const { rows: requests } = await db.query<{ transfer_id: bigint; requested_by: string; decided_by: string | null; direction: 'credit' | 'debit' }>(
    'SELECT transfer_id, requested_by, decided_by, direction FROM member_adjustments WHERE transfer_id = ANY($1::int8[])',
    [transfers.map((transfer) => transfer.transferId)],
  );
  const requestOf = new Map(requests.map((request) => [BigInt(request.transfer_id), request]));
  const byStaff = new Map<string, StaffActionsReport['adjustments'][number]>();
  for (const transfer of transfers) {
    const request = requestOf.get(transfer.transferId);
    if (!request) continue;
    const key = `${request.requested_by}\u0000${request.decided_by ?? ''}`;
    const row = byStaff.get(key) ?? { requestedBy: request.requested_by, approvedBy: request.decided_by, count: 0, creditedSatang: 0n, debitedSatang: 0n };
    row.count += 1;
    if (request.direction === 'credit') row.creditedSatang += transfer.amountSatang;
    else row.debitedSatang += transfer.amountSatang;
    byStaff.set(key, row);
  }
  return {
    actions: actions.rows.map((row) => ({ actor: row.actor, action: row.action, count: Number(row.n) })),
    adjustments: [...byStaff.values()].sort((a, b) => (a.requestedBy === b.requestedBy ? (a.approvedBy ?? '').localeCompare(b.approvedBy ?? '') : a.requestedBy.localeCompare(b.requestedBy))),
  };
}

/** The per-staff report as CSV for Excel: the actions, then the adjustments. */
export function staffActionsCsv(report: StaffActionsReport): string {
  const lines: Array<Array<string | number>> = [['พนักงาน', 'การกระทำ', 'จำนวนครั้ง']];
  for (const row of report.actions) lines.push([row.actor, row.action, row.count]);
  lines.push([], ['ผู้ขอปรับยอด', 'ผู้อนุมัติ', 'จำนวนรายการ', 'เพิ่มเงิน', 'หักเงิน']);
  for (const row of report.adjustments) lines.push([row.requestedBy, row.approvedBy ?? '', row.count, satangToDecimalString(row.creditedSatang), satangToDecimalString(row.debitedSatang)]);
  return toCsv(lines);
}
