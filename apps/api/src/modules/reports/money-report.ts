import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, readHouseMovements } from '@sabai/ledger';
import { DEPOSIT_CHANNEL_KIND_INFO, type DepositChannelKind } from '@sabai/contracts';

/**
 * The money report (issue 25 §3), read from the ledger only: the posted movements of the house
 * accounts (`ledger_entries` of accounts whose kind is `house_*`), by Bangkok day or month, by
 * house account and transfer code. No side table (deposits, bonus_grants…) is summed, so a flow
 * the ledger has cannot be left out and the figures cannot drift from the books.
 *
 * Movement = debits − credits posted (satang). Per period:
 * - deposits by channel: DEPOSIT / DEPOSIT_RECEIVED movements of the house bank and wallet accounts
 *   (`house:bank:*`, `house:wallet:*`: money that arrived, credited or held);
 * - withdrawals paid (WITHDRAW) and refunds (DEPOSIT_REFUND): what left those accounts;
 * - otherCash: any other code on them (none today; kept so nothing is lost);
 * - givenOut: the movements of the expense accounts — bonus, item codes, wheel, cashback,
 *   affiliate, adjustments (staff, and game cases written off); forfeits come back and reduce them;
 * - ggr: the members' game results (credits − debits of house:game_results);
 * - unexplained: game suspense (house:game_unexplained); inTransit: payouts in flight and held
 *   deposits (unallocated) — zero over a period in which everything settled.
 * Nets: cashNet = Σ cash movements (deposits − withdrawals − refunds + otherCash);
 * result = ggr − givenOut (what the house earned: members' losses minus what it gave them);
 * membersChange = Σ movements of all house accounts = what members hold more at the end
 * (double entry: = −Σ member accounts). Identity: membersChange = cashNet + givenOut − ggr + unexplained + inTransit.
 */
export type ReportPeriod = 'day' | 'month';

export interface ChannelFlow {
  channelId: string;
  label: string;
  count: number;
  amountSatang: bigint;
}
export const GIVEN_OUT_KINDS = ['bonus', 'itemCode', 'wheel', 'cashback', 'affiliate', 'adjustment'] as const;
export type GivenOutKind = (typeof GIVEN_OUT_KINDS)[number];

export interface MoneyFigures {
  deposits: { count: number; amountSatang: bigint; byChannel: ChannelFlow[] };
  withdrawals: { count: number; amountSatang: bigint; byChannel: ChannelFlow[] };
  refunds: { count: number; amountSatang: bigint };
  otherCashSatang: bigint;
  givenOut: Record<GivenOutKind, bigint> & { total: bigint };
  ggrSatang: bigint;
  unexplainedSatang: bigint;
  inTransitSatang: bigint;
  cashNetSatang: bigint;
  resultSatang: bigint;
  membersChangeSatang: bigint;
}

export interface MoneyReport {
  from: string;
  to: string;
  period: ReportPeriod;
  periods: Array<{ period: string } & MoneyFigures>;
  total: MoneyFigures;
}

const EXPENSE_KIND: Record<string, GivenOutKind> = {
  [HOUSE_ACCOUNTS.bonusExpense]: 'bonus',
  [HOUSE_ACCOUNTS.itemCodeExpense]: 'itemCode',
  [HOUSE_ACCOUNTS.wheelExpense]: 'wheel',
  [HOUSE_ACCOUNTS.cashbackExpense]: 'cashback',
  [HOUSE_ACCOUNTS.affiliateExpense]: 'affiliate',
  [HOUSE_ACCOUNTS.adjustmentExpense]: 'adjustment',
};
const isCashAccount = (code: string) => code.startsWith('house:bank:') || code.startsWith('house:wallet:');

/** [start, end) instants of the Bangkok days `from`..`to` (inclusive, YYYY-MM-DD; Bangkok is UTC+7 all year). */
export function bangkokBounds(from: string, to: string): readonly [Date, Date] {
  const start = new Date(`${from}T00:00:00+07:00`);
  const end = new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000);
  return [start, end] as const;
}

interface MovementRow {
  period: string;
  account_code: string;
  transfer_code: string;
  channel_id: string | null;
  label: string | null;
  n: number;
  movement: bigint;
}

/** The house accounts' posted movements in [start, end) (@sabai/ledger), labelled with the deposit channel of a bank or wallet account. */
async function readMovements(db: Queryable, input: { start: Date; end: Date; period: ReportPeriod }): Promise<MovementRow[]> {
  const movements = await readHouseMovements(db, input);
  const { rows } = await db.query<{
    id: string; ledger_account_id: bigint; kind: DepositChannelKind; account_name: string;
    bank_code: string | null; account_number: string | null; phone_number: string | null; promptpay_id: string | null;
  }>('SELECT id, ledger_account_id, kind, account_name, bank_code, account_number, phone_number, promptpay_id FROM deposit_channels');
  // Labelled by its kind (contracts' DEPOSIT_CHANNEL_KIND_INFO): `004 0011535946 · name`, `TrueMoney 0951234567 · name`, `PromptPay 0105566012345 · name`.
  const channels = rows.map((row) => ({
    id: row.id,
    ledger_account_id: row.ledger_account_id,
    label: `${DEPOSIT_CHANNEL_KIND_INFO[row.kind].describe({ bankCode: row.bank_code, accountNumber: row.account_number, phoneNumber: row.phone_number, promptPayId: row.promptpay_id })} · ${row.account_name}`,
  }));
  const channelOf = new Map(channels.map((channel) => [BigInt(channel.ledger_account_id), channel]));
  return movements.map((movement) => {
    const channel = channelOf.get(movement.accountId);
    return {
      period: movement.period,
      account_code: movement.accountCode,
      transfer_code: movement.transferCode,
      channel_id: channel?.id ?? null,
      label: channel?.label ?? null,
      n: movement.count,
      movement: movement.movementSatang,
    };
  });
}

const emptyFigures = (): MoneyFigures => ({
  deposits: { count: 0, amountSatang: 0n, byChannel: [] },
  withdrawals: { count: 0, amountSatang: 0n, byChannel: [] },
  refunds: { count: 0, amountSatang: 0n },
  otherCashSatang: 0n,
  givenOut: { bonus: 0n, itemCode: 0n, wheel: 0n, cashback: 0n, affiliate: 0n, adjustment: 0n, total: 0n },
  ggrSatang: 0n,
  unexplainedSatang: 0n,
  inTransitSatang: 0n,
  cashNetSatang: 0n,
  resultSatang: 0n,
  membersChangeSatang: 0n,
});

function addToChannel(flows: { count: number; amountSatang: bigint; byChannel: ChannelFlow[] }, row: MovementRow, amountSatang: bigint): void {
  const channelId = row.channel_id ?? row.account_code;
  let flow = flows.byChannel.find((candidate) => candidate.channelId === channelId);
  if (!flow) {
    flow = { channelId, label: row.label ?? row.account_code, count: 0, amountSatang: 0n };
    flows.byChannel.push(flow);
    flows.byChannel.sort((a, b) => a.channelId.localeCompare(b.channelId));
  }
  flow.count += Number(row.n);
  flow.amountSatang += amountSatang;
  flows.count += Number(row.n);
  flows.amountSatang += amountSatang;
}

/** Adds one movement row to the figures (the classification of the module docstring). */
function addMovement(figures: MoneyFigures, row: MovementRow): void {
  figures.membersChangeSatang += row.movement;
  if (isCashAccount(row.account_code)) {
    figures.cashNetSatang += row.movement;
    if (row.transfer_code === 'DEPOSIT' || row.transfer_code === 'DEPOSIT_RECEIVED') addToChannel(figures.deposits, row, row.movement);
    else if (row.transfer_code === 'WITHDRAW') addToChannel(figures.withdrawals, row, -row.movement);
    else if (row.transfer_code === 'DEPOSIT_REFUND') {
      figures.refunds.count += Number(row.n);
      figures.refunds.amountSatang -= row.movement;
    } else figures.otherCashSatang += row.movement;
    return;
  }
  const expense = EXPENSE_KIND[row.account_code];
  if (expense) {
    figures.givenOut[expense] += row.movement;
    figures.givenOut.total += row.movement;
    figures.resultSatang -= row.movement;
  } else if (row.account_code === HOUSE_ACCOUNTS.gameResults) {
    figures.ggrSatang -= row.movement;
    figures.resultSatang -= row.movement;
  } else if (row.account_code === HOUSE_ACCOUNTS.gameUnexplained) figures.unexplainedSatang += row.movement;
  else figures.inTransitSatang += row.movement;
}

/**
 * The money report for Bangkok days `from`..`to` (inclusive), by day or by month (periods without
 * any movement are left out), and the total of the range. Amounts are bigint satang.
 */
export async function moneyReport(db: Queryable, input: { from: string; to: string; period: ReportPeriod }): Promise<MoneyReport> {
  const [start, end] = bangkokBounds(input.from, input.to);
  const rows = await readMovements(db, { start, end, period: input.period });
  const byPeriod = new Map<string, MoneyFigures>();
  const total = emptyFigures();
  for (const row of rows) {
    let figures = byPeriod.get(row.period);
    if (!figures) byPeriod.set(row.period, (figures = emptyFigures()));
    addMovement(figures, row);
    addMovement(total, row);
  }
  const periods = [...byPeriod.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([period, figures]) => ({ period, ...figures }));
  return { from: input.from, to: input.to, period: input.period, periods, total };
}
