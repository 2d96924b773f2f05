/**
 * Investigation helper for migration 0061 (issue 29 §4; docs/adr/0068): the plans of the ledger's
 * reads on a populated database, to show which indexes each read uses. A fresh database
 * `sabai_bench_reads_<random>` (dropped at the end), 1,000 members with every wallet, BENCH_TRANSFERS
 * (default 30,000) transfers — deposits with a source, member-to-member adjustments, pending
 * withdrawals half posted, half voided — then ANALYZE. Each read runs once with auto_explain
 * (superuser: LOAD 'auto_explain') sending its plan to this client; the script prints, per read,
 * the scan nodes of its plan (relation and index). BENCH_READS_VARIANT: SQL run after the data
 * (e.g. the indexes migration 0061 dropped, created again) for an A/B of the plans.
 *
 *   npx tsx packages/ledger/src/explain-ledger-reads.ts
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgDb, migrate } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  countMemberTransfers,
  ensureHouseAccount,
  expectPosted,
  findWalletPostingsOutside,
  listMemberTransfers,
  listTransfersInRange,
  listTransfersOfSource,
  openWalletAccounts,
  postTransfer,
  readHouseMovements,
  readMemberWalletStatement,
  readPostedTotals,
  readTransferTimes,
  reconcileLedger,
  reconcileLedgerFromCheckpoint,
  requireAccountId,
  reserveTransfer,
  resolvePendingTransfer,
  sumAccountEntries,
  sumMemberWalletPostings,
  sumPostedMovementsSince,
} from './index.ts';
import { openBenchMembers, queryableOfClient } from './explain-kit.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 30000);
const VARIANT_SQL = process.env.BENCH_READS_VARIANT ?? '';

async function main(): Promise<void> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  const name = `sabai_bench_reads_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = createPgDb(url.toString(), { maxConnections: 1 });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await migrate(db);
    const { memberIds: ids, mainAccountIds: mains } = await openBenchMembers(db);
    await openWalletAccounts(db, ids);
    const unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
    const payouts = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const bank = await ensureHouseAccount(db, { code: 'bank:reads', kind: 'house_asset', isTotalsCached: false });
    const pick = () => Math.floor(Math.random() * mains.length);
    await db.transaction(async (tx) => {
      for (let index = 0; index < TRANSFERS; index += 1) {
        const kind = index % 10;
        const member = pick();
        if (index < mains.length * 2 || kind < 3) {
          const m = index < mains.length * 2 ? index % mains.length : member;
          expectPosted(await postTransfer(tx, { idempotencyKey: `rcv${index}`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang: 10_000_000n, source: { type: 'deposit', id: `dep${index}` } }));
          expectPosted(await postTransfer(tx, { idempotencyKey: `dep${index}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: mains[m]!, amountSatang: 10_000_000n, source: { type: 'deposit', id: `dep${index}` } }));
        } else if (kind < 5) {
          const reserved = expectPosted(await reserveTransfer(tx, { idempotencyKey: `wd${index}`, code: 'WITHDRAW', debitAccountId: mains[member]!, creditAccountId: payouts, amountSatang: 100n, source: { type: 'withdrawal', id: `wd${index}` } }));
          expectPosted(await resolvePendingTransfer(tx, { idempotencyKey: `wdr${index}`, pendingTransferId: reserved, resolution: kind === 3 ? 'post' : 'void', code: 'WITHDRAW' }));
        } else {
          let other = pick();
          while (other === member) other = pick();
          expectPosted(await postTransfer(tx, { idempotencyKey: `adj${index}`, code: 'ADJUSTMENT', debitAccountId: mains[member]!, creditAccountId: mains[other]!, amountSatang: 1n }));
        }
      }
    });
    if (VARIANT_SQL) await db.exec(VARIANT_SQL);
    await db.exec('ANALYZE');
    await client.connect();
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_level = notice; SET auto_explain.log_nested_statements = off`);
    const q = queryableOfClient(client);
    const memberId = ids[7]!;
    const half = BigInt(Math.floor(TRANSFERS / 2));
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const reads: Array<[string, () => Promise<unknown>]> = [
      ['readMemberWalletStatement (first page)', () => readMemberWalletStatement(q, { memberId, kind: 'main', limit: 20 })],
      ['readMemberWalletStatement (before an entry)', () => readMemberWalletStatement(q, { memberId, kind: 'main', before: 40000n, limit: 20 })],
      ['listMemberTransfers credit DEPOSIT', () => listMemberTransfers(q, { memberId, accountKind: 'main', side: 'credit', codes: ['DEPOSIT'], phases: ['single'] }, { limit: 20 })],
      ['countMemberTransfers debit WITHDRAW', () => countMemberTransfers(q, { memberId, accountKind: 'main', side: 'debit', codes: ['WITHDRAW'], phases: ['pending'] })],
      ['sumAccountEntries bank, window', () => sumAccountEntries(q, bank, { afterTransferId: half })],
      ['readPostedTotals bank', () => readPostedTotals(q, 'bank:reads')],
      ['sumMemberWalletPostings window', () => sumMemberWalletPostings(q, { kind: 'main', transferCode: 'DEPOSIT', sourceType: 'deposit' }, { sinceTransferId: half })],
      ['sumMemberWalletPostings one member', () => sumMemberWalletPostings(q, { kind: 'main', transferCode: 'DEPOSIT', memberId })],
      ['findWalletPostingsOutside window', () => findWalletPostingsOutside(q, { kind: 'main', allowedCodes: ['DEPOSIT', 'ADJUSTMENT', 'WITHDRAW'], limit: 20 }, { sinceTransferId: half })],
      ['readTransferTimes', () => readTransferTimes(q, [1n, 2n, half])],
      ['listTransfersInRange DEPOSIT_RECEIVED deposit', () => listTransfersInRange(q, { start: dayAgo, end: new Date(now.getTime() + 60_000), code: 'DEPOSIT_RECEIVED', sourceType: 'deposit', limit: 10 })],
      ['readHouseMovements day', () => readHouseMovements(q, { start: dayAgo, end: new Date(now.getTime() + 60_000), period: 'day' })],
      ['sumPostedMovementsSince', () => sumPostedMovementsSince(q, dayAgo)],
      ['listTransfersOfSource (tests only)', () => listTransfersOfSource(q, { id: 'dep100', type: 'deposit' })],
      ['reconcileLedger (full)', () => reconcileLedger(q)],
      ['reconcileLedgerFromCheckpoint (first, full)', () => reconcileLedgerFromCheckpoint(q, { settleSeconds: 0 })],
      ['reconcileLedgerFromCheckpoint (from the checkpoint)', () => reconcileLedgerFromCheckpoint(q, { settleSeconds: 0 })],
    ];
    console.log(`${TRANSFERS} transfers; variant: ${VARIANT_SQL || 'as migrated'}`);
    for (const [label, read] of reads) {
      plans.length = 0;
      await read();
      const scans = plans
        .flatMap((plan) => plan.split('\n'))
        .map((line) => /((?:Parallel )?(?:Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan|Bitmap Heap Scan)(?: Backward)?(?: using \S+)? on \S+)/.exec(line)?.[1])
        .filter((scan): scan is string => scan !== undefined && /ledger_(transfers|entries)/.test(scan));
      console.log(`${label}:\n    ${[...new Set(scans)].join('\n    ') || '(no scan of ledger_transfers / ledger_entries)'}`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
