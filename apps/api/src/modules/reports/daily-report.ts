import type { Queryable } from '@sabai/db';
import { satangToBahtNumber, satangToDecimalString } from '@sabai/money';

/** Bangkok is UTC+7 all year (no daylight saving): a Bangkok day is [D 00:00+07, D+1 00:00+07). */
const BANGKOK_DAY_SQL = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;
/** The channel name of paid withdrawals in the report (they leave through the payout adapter, not a deposit channel). */
export const PAYOUT_CHANNEL = 'payout';

export interface DailyChannelRow {
  day: string;
  channel: string;
  depositCount: number;
  depositsSatang: bigint;
  withdrawalCount: number;
  withdrawalsSatang: bigint;
}
export interface DailyRewardRow {
  day: string;
  bonusSatang: bigint;
  cashbackSatang: bigint;
  affiliateSatang: bigint;
}

const bounds = (from: string, to: string) => {
  const start = new Date(`${from}T00:00:00+07:00`);
  const end = new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000);
  return [start, end] as const;
};

/**
 * The daily money report (issue 11 "Reports") for Bangkok days `from`..`to` (inclusive, YYYY-MM-DD):
 * - per day and deposit channel: credited deposits (count, satang) by the time they were credited;
 *   per day, paid withdrawals (count, satang) under the channel `payout`, by the time they settled;
 * - per day: bonus granted (bonus_grants, before any forfeit), cashback credited (cashback_accruals)
 *   and affiliate commission credited (affiliate_commissions).
 * Days without any movement are left out. Amounts are bigint satang.
 */
export async function dailyReport(db: Queryable, input: { from: string; to: string }): Promise<{ channels: DailyChannelRow[]; rewards: DailyRewardRow[] }> {
  const [start, end] = bounds(input.from, input.to);
  const deposits = await db.query<{ day: string; channel: string; n: bigint; total: bigint }>(
    `SELECT ${BANGKOK_DAY_SQL('created_at')} AS day, channel_id AS channel, count(*) AS n, sum(amount_satang)::bigint AS total
     FROM deposits WHERE status = 'credited' AND created_at >= $1 AND created_at < $2 GROUP BY 1, 2`,
    [start, end],
  );
  const withdrawals = await db.query<{ day: string; n: bigint; total: bigint }>(
    `SELECT ${BANGKOK_DAY_SQL('updated_at')} AS day, count(*) AS n, sum(amount_satang)::bigint AS total
     FROM withdrawals WHERE status = 'paid' AND updated_at >= $1 AND updated_at < $2 GROUP BY 1`,
    [start, end],
  );
  const rewardsOf = async (table: string, column: string) => {
    const { rows } = await db.query<{ day: string; total: bigint }>(
      `SELECT ${BANGKOK_DAY_SQL('created_at')} AS day, sum(${column})::bigint AS total FROM ${table} WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [start, end],
    );
    return new Map(rows.map((row) => [row.day, BigInt(row.total)]));
  };
  const bonus = await rewardsOf('bonus_grants', 'bonus_satang');
  const cashback = await rewardsOf('cashback_accruals', 'cashback_satang');
  const affiliate = await rewardsOf('affiliate_commissions', 'commission_satang');

  const channels: DailyChannelRow[] = [
    ...deposits.rows.map((row) => ({ day: row.day, channel: row.channel, depositCount: Number(row.n), depositsSatang: BigInt(row.total), withdrawalCount: 0, withdrawalsSatang: 0n })),
    ...withdrawals.rows.map((row) => ({ day: row.day, channel: PAYOUT_CHANNEL, depositCount: 0, depositsSatang: 0n, withdrawalCount: Number(row.n), withdrawalsSatang: BigInt(row.total) })),
  ].sort((a, b) => (a.day === b.day ? a.channel.localeCompare(b.channel) : a.day.localeCompare(b.day)));
  const days = [...new Set([...bonus.keys(), ...cashback.keys(), ...affiliate.keys()])].sort();
  const rewards = days.map((day) => ({ day, bonusSatang: bonus.get(day) ?? 0n, cashbackSatang: cashback.get(day) ?? 0n, affiliateSatang: affiliate.get(day) ?? 0n }));
  return { channels, rewards };
}

/** The report on the wire: baht numbers, net = deposits − withdrawals. */
export function dailyReportToWire(input: { from: string; to: string }, report: Awaited<ReturnType<typeof dailyReport>>) {
  return {
    from: input.from,
    to: input.to,
    channels: report.channels.map((row) => ({
      day: row.day,
      channel: row.channel,
      depositCount: row.depositCount,
      deposits: satangToBahtNumber(row.depositsSatang),
      withdrawalCount: row.withdrawalCount,
      withdrawals: satangToBahtNumber(row.withdrawalsSatang),
      net: satangToBahtNumber(row.depositsSatang - row.withdrawalsSatang),
    })),
    rewards: report.rewards.map((row) => ({ day: row.day, bonusCost: satangToBahtNumber(row.bonusSatang), cashbackPaid: satangToBahtNumber(row.cashbackSatang), affiliatePaid: satangToBahtNumber(row.affiliateSatang) })),
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

/**
 * The report as CSV for Excel: UTF-8 with a BOM, CRLF lines, a Thai header row, amounts in baht
 * with two decimals (exact, from satang). Per day: one line per channel, then one line `รวม`
 * (total) with the day's deposits, withdrawals, net and its bonus, cashback and affiliate cost.
 */
export function dailyReportCsv(report: Awaited<ReturnType<typeof dailyReport>>): string {
  const header = ['วันที่', 'ช่องทาง', 'จำนวนรายการฝาก', 'ยอดฝาก', 'จำนวนรายการถอน', 'ยอดถอน', 'สุทธิ', 'ต้นทุนโบนัส', 'คืนยอดเสีย', 'ค่าแนะนำเพื่อน'];
  const lines = [header.map(csvField).join(',')];
  const days = [...new Set([...report.channels.map((row) => row.day), ...report.rewards.map((row) => row.day)])].sort();
  const money = (satang: bigint) => satangToDecimalString(satang);
  for (const day of days) {
    const rows = report.channels.filter((row) => row.day === day);
    for (const row of rows) {
      lines.push([day, row.channel, row.depositCount, money(row.depositsSatang), row.withdrawalCount, money(row.withdrawalsSatang), money(row.depositsSatang - row.withdrawalsSatang), '', '', ''].map(csvField).join(','));
    }
    const deposits = rows.reduce((sum, row) => sum + row.depositsSatang, 0n);
    const withdrawals = rows.reduce((sum, row) => sum + row.withdrawalsSatang, 0n);
    const reward = report.rewards.find((row) => row.day === day);
    lines.push(
      [
        day,
        'รวม',
        rows.reduce((sum, row) => sum + row.depositCount, 0),
        money(deposits),
        rows.reduce((sum, row) => sum + row.withdrawalCount, 0),
        money(withdrawals),
        money(deposits - withdrawals),
        money(reward?.bonusSatang ?? 0n),
        money(reward?.cashbackSatang ?? 0n),
        money(reward?.affiliateSatang ?? 0n),
      ].map(csvField).join(','),
    );
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
