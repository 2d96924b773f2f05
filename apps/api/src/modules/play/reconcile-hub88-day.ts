import type { AppContext } from '../../context.ts';
import { hub88ClientFor, type Hub88TransactionItem } from '../../adapters/partner/index.ts';
import { findHub88Member, findRecordedHub88Transactions, listRecordedHub88Transactions, type RecordedHub88Transaction } from '../seamless-hub88/index.ts';
import { addGameDifferenceToCase } from './game-cases.ts';

const DAY_MS = 86_400_000;
/** Bangkok is UTC+7 all year: a site's day starts at 17:00 UTC. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
/** Hub88 units per satang (units are THB × 100,000). */
const UNITS_PER_SATANG = 1_000n;

export interface Hub88DayReport {
  day: string;
  hub88Transactions: number;
  sabaiTransactions: number;
  mismatches: number;
  /** Mismatches filed by this run (a rerun files none again). */
  filed: number;
  /** Hub88 transactions of users we do not know and never recorded (no member to open a case for). */
  unknownUsers: number;
}

interface Mismatch { uuid: string; memberId: string; kind: 'MISSING_IN_SABAI' | 'NOT_IN_HUB88' | 'AMOUNT_DIFFERS'; differenceSatang: bigint; evidence: Record<string, unknown> }

/** The Bangkok day before `now`, `YYYY-MM-DD`. */
export const previousBangkokDay = (now: Date): string => new Date(now.getTime() + BANGKOK_OFFSET_MS - DAY_MS).toISOString().slice(0, 10);

const satangOfUnits = (units: number | bigint | null): bigint => (units === null ? 0n : BigInt(units) / UNITS_PER_SATANG);
/** What a transaction does to the member's balance: a bet takes, a win or rollback gives. */
const effect = (kind: string | null, satang: bigint): bigint => (kind === 'bet' ? -satang : kind === 'win' || kind === 'rollback' ? satang : 0n);
const isHub88Success = (item: Hub88TransactionItem) => item.status === 'TS_SUCCESS';

/**
 * The daily Hub88 reconciliation (issue 30 §2): Hub88's Transactions API for one Bangkok day
 * (`/operator/generic/v2/transactions/list`, start/end in UTC) against what Sabai recorded
 * (hub88_transactions): every Hub88 transaction that succeeded must be one Sabai answered RS_OK
 * with the same amount, and every Sabai RS_OK that moved money must be one Hub88 lists as
 * succeeded. Each difference is filed once (hub88_reconciliation_mismatches, migration 0041) and
 * added to the member's case in the game-reconciliation screen, with the partner − ledger amount
 * it means for the member; nothing moves money (staff decide, resolve-game-case.ts).
 * @param day `YYYY-MM-DD` (Bangkok); default the day before `context.now()`.
 * @throws PartnerUnavailableError when Hub88 cannot be asked (the job runs again next period).
 */
export async function reconcileHub88Day(context: AppContext, day = previousBangkokDay(context.now())): Promise<Hub88DayReport> {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - BANGKOK_OFFSET_MS);
  const to = new Date(from.getTime() + DAY_MS);
  const items = await hub88ClientFor(context.config).listTransactions({ startTime: from, endTime: to });
  const ours = await listRecordedHub88Transactions(context.db, { from, to });
  const recorded = new Map(ours.map((row) => [row.transactionUuid, row]));
  // Hub88's clock and ours may put a transaction on either side of midnight: look those up by uuid.
  const elsewhere = await findRecordedHub88Transactions(context.db, items.map((item) => item.transactionUuid).filter((uuid) => !recorded.has(uuid)));
  for (const [uuid, row] of elsewhere) recorded.set(uuid, row);
  const mismatches: Mismatch[] = [];
  let unknownUsers = 0;
  for (const item of items) {
    const found = await compareHub88Item(context, item, recorded.get(item.transactionUuid));
    if (found === 'unknown-user') unknownUsers += 1;
    else if (found) mismatches.push(found);
  }
  const listed = new Set(items.map((item) => item.transactionUuid));
  for (const row of ours) {
    if (!listed.has(row.transactionUuid) && row.status === 'RS_OK' && row.amountSatang > 0n) {
      mismatches.push({ uuid: row.transactionUuid, memberId: row.memberId, kind: 'NOT_IN_HUB88', differenceSatang: -effect(row.kind, row.amountSatang), evidence: { sabai: describe(row), hub88: null } });
    }
  }
  let filed = 0;
  for (const mismatch of mismatches) if (await fileMismatch(context, day, mismatch)) filed += 1;
  return { day, hub88Transactions: items.length, sabaiTransactions: ours.length, mismatches: mismatches.length, filed, unknownUsers };
}

async function compareHub88Item(context: AppContext, item: Hub88TransactionItem, row: RecordedHub88Transaction | undefined): Promise<Mismatch | 'unknown-user' | null> {
  const isOk = row?.status === 'RS_OK';
  const evidence = { hub88: item, sabai: row ? describe(row) : null };
  if (isHub88Success(item) && !isOk) {
    const memberId = row?.memberId ?? (item.user ? (await findHub88Member(context.db, context.config.GAME_USERNAME_PREFIX, item.user))?.memberId : undefined);
    if (!memberId) return 'unknown-user';
    return { uuid: item.transactionUuid, memberId, kind: 'MISSING_IN_SABAI', differenceSatang: effect(item.type, satangOfUnits(item.amount)), evidence };
  }
  if (!row) return null;
  if (!isHub88Success(item) && isOk && row.amountSatang > 0n) {
    return { uuid: item.transactionUuid, memberId: row.memberId, kind: 'NOT_IN_HUB88', differenceSatang: -effect(row.kind, row.amountSatang), evidence };
  }
  if (isHub88Success(item) && row.kind !== 'rollback' && item.amount !== null && BigInt(item.amount) !== row.amountUnits) {
    const differenceSatang = effect(row.kind, satangOfUnits(item.amount)) - effect(row.kind, satangOfUnits(row.amountUnits));
    return { uuid: item.transactionUuid, memberId: row.memberId, kind: 'AMOUNT_DIFFERS', differenceSatang, evidence };
  }
  return null;
}

const describe = (row: RecordedHub88Transaction) => ({
  kind: row.kind, status: row.status, amountUnits: row.amountUnits, amountSatang: row.amountSatang, round: row.round,
  reference: row.referenceTransactionUuid, ledgerTransferId: row.ledgerTransferId, at: row.createdAt.toISOString(),
});

/** Files a mismatch once and adds it to the member's open case; false when a run filed it before. */
async function fileMismatch(context: AppContext, day: string, mismatch: Mismatch): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    const evidence = { kind: 'HUB88_TRANSACTION_MISMATCH', mismatch: mismatch.kind, transactionUuid: mismatch.uuid, day, differenceSatang: mismatch.differenceSatang, ...mismatch.evidence };
    const seen = await tx.query('SELECT 1 FROM hub88_reconciliation_mismatches WHERE transaction_uuid = $1 FOR UPDATE', [mismatch.uuid]);
    if (seen.rows.length > 0) return false;
    const caseId = await addGameDifferenceToCase(tx, { memberId: mismatch.memberId, differenceSatang: mismatch.differenceSatang, evidence });
    const inserted = await tx.query(
      `INSERT INTO hub88_reconciliation_mismatches (transaction_uuid, day, member_id, kind, difference_satang, case_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (transaction_uuid) DO NOTHING`,
      [mismatch.uuid, day, mismatch.memberId, mismatch.kind, mismatch.differenceSatang, caseId],
    );
    if (inserted.rowCount === 0) throw new Error(`hub88 mismatch ${mismatch.uuid} filed concurrently`);
    return true;
  });
}
