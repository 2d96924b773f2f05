/**
 * Investigation helper for the batcher at 4 clients (issue 29 §4; docs/adr/0068): the server's CPU
 * per member-to-member transfer by the size of the call that carries it — the single posting
 * (ledger_create_transfer) against batches of 1, 2, 3, 4 and 8 (ledger_create_transfers, as the
 * batcher calls it). One connection, `synchronous_commit = off` (the flush is not waited for),
 * 1,000 funded members as in bench:ledger, on a fresh database `sabai_bench_batchcpu_<random>`
 * dropped at the end. Sizes are measured round-robin in blocks (BENCH_ROUNDS, default 5, of
 * BENCH_TRANSFERS, default 800, transfers each), so drift of the machine hits every size alike.
 *
 * Figures: the backend's own CPU time (/proc/<pid>/schedstat, ns; other load on the machine does
 * not inflate it much) per transfer, median of the rounds, and the client's wall time beside it.
 * The batch call is a prepared statement, as the batcher makes it (docs/adr/0034).
 *
 * BENCH_VARIANT_SQL=<file>: an A/B in the same run. The file's `ledger_create_transfers` (a
 * CREATE OR REPLACE, e.g. an earlier or a proposed migration) is installed as
 * `ledger_create_transfers_variant` beside the migrated one, and every batch size is measured on
 * both, interleaved (docs/adr/0073).
 *
 *   npx tsx packages/ledger/src/explain-batch-cpu.ts
 *   BENCH_VARIANT_SQL=packages/ledger/migrations/0029-ledger-batch-set-based.sql npx tsx packages/ledger/src/explain-batch-cpu.ts
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPgDb, migrate } from '@sabai/db';
import { expectPosted, newTransferCall, postTransfer, type TransferCall } from './index.ts';
import { fundFromUnallocated, openBenchMembers, processCpuNanos, queryableOfClient } from './explain-kit.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 800);
const SIZES = [0, 1, 2, 3, 4, 8]; // 0: the single posting
const VARIANT_SQL = process.env.BENCH_VARIANT_SQL;
const VARIANT = 'ledger_create_transfers_variant';

/** The file's batch function renamed to VARIANT, with the settings migration 0033 gives the migrated one. */
function variantSql(path: string): string {
  const renamed = readFileSync(path, 'utf8').replace(/\bledger_create_transfers\(/g, `${VARIANT}(`);
  if (!renamed.includes(`FUNCTION ${VARIANT}(`)) throw new Error(`${path}: no CREATE OR REPLACE FUNCTION ledger_create_transfers(`);
  return `${renamed}\nALTER FUNCTION ${VARIANT} SET plan_cache_mode = force_generic_plan;\nALTER FUNCTION ${VARIANT} SET enable_seqscan = off;`;
}

async function main(): Promise<void> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  const name = `sabai_bench_batchcpu_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    const setup = createPgDb(url.toString(), { maxConnections: 1 });
    let members: bigint[];
    try {
      await migrate(setup);
            members = (await openBenchMembers(setup)).mainAccountIds;
      await fundFromUnallocated(setup, members, 100_000_000n);
      if (VARIANT_SQL) await setup.exec(variantSql(VARIANT_SQL));
      await setup.exec('VACUUM (ANALYZE)');
    } finally {
      await setup.close();
    }
    await client.connect();
    await client.query('SET synchronous_commit = off');
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const q = queryableOfClient(client);
    let serial = 0;
    const nextCall = (): TransferCall => {
      const from = members[Math.floor(Math.random() * members.length)]!;
      let to = members[Math.floor(Math.random() * members.length)]!;
      while (to === from) to = members[Math.floor(Math.random() * members.length)]!;
      serial += 1;
      return newTransferCall('single', { idempotencyKey: `t${serial}`, code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang: 1n });
    };
    const batch = async (calls: TransferCall[], functionName: string): Promise<void> => {
      const { rows } = await client.query<{ outcome: string }>({
        name: `batch_${functionName}`,
        text: `SELECT ordinal, outcome, transfer_id, detail FROM ${functionName}(
           $1::text[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::text[], $9::text[], $10::text[])`,
        values: [
          calls.map((call) => call.idempotencyKey),
          calls.map((call) => call.code),
          calls.map((call) => call.phase),
          calls.map((call) => call.debitAccountId?.toString() ?? null),
          calls.map((call) => call.creditAccountId?.toString() ?? null),
          calls.map((call) => call.amountSatang?.toString() ?? null),
          calls.map((call) => call.pendingTransferId?.toString() ?? null),
          calls.map((call) => call.source?.type ?? null),
          calls.map((call) => call.source?.id ?? null),
          calls.map((call) => call.requestDigest),
        ],
      });
      if (rows.some((row) => row.outcome !== 'created')) throw new Error(`batch: ${rows.map((row) => row.outcome).join(',')}`);
    };
    const measure = async (size: number, functionName: string): Promise<{ cpu: number; wall: number }> => {
      const cpuBefore = processCpuNanos(pid);
      const started = performance.now();
      for (let done = 0; done < TRANSFERS; done += Math.max(size, 1)) {
        if (size === 0) {
          const call = nextCall();
          expectPosted(await postTransfer(q, { idempotencyKey: call.idempotencyKey, code: call.code, debitAccountId: call.debitAccountId!, creditAccountId: call.creditAccountId!, amountSatang: call.amountSatang! }));
        } else await batch(Array.from({ length: size }, nextCall), functionName);
      }
      return { cpu: (processCpuNanos(pid) - cpuBefore) / 1000 / TRANSFERS, wall: ((performance.now() - started) * 1000) / TRANSFERS };
    };
    // What is measured: the single posting (size 0) once, each batch size on the migrated function
    // and, with BENCH_VARIANT_SQL, on the variant.
    const cases = SIZES.flatMap((size) =>
      size === 0 || !VARIANT_SQL ? [{ size, functionName: 'ledger_create_transfers' }] : [{ size, functionName: 'ledger_create_transfers' }, { size, functionName: VARIANT }],
    );
    const results = new Map<(typeof cases)[number], Array<{ cpu: number; wall: number }>>(cases.map((c) => [c, []]));
    for (const c of cases) await measure(c.size, c.functionName); // warm every plan
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const c of cases) results.get(c)!.push(await measure(c.size, c.functionName));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`server CPU per transfer (µs, median of ${ROUNDS} rounds of ${TRANSFERS} transfers; range) and client wall time per transfer`);
    for (const c of cases) {
      const cpus = results.get(c)!.map((result) => result.cpu);
      const walls = results.get(c)!.map((result) => result.wall);
      const label = c.size === 0 ? 'single posting (ledger_create_transfer)' : `batch of ${c.size} (${c.functionName === VARIANT ? `variant: ${VARIANT_SQL}` : 'ledger_create_transfers'})`;
      console.log(`${label.padEnd(42)} CPU ${median(cpus).toFixed(0).padStart(5)} µs (${Math.min(...cpus).toFixed(0)}–${Math.max(...cpus).toFixed(0)})  wall ${median(walls).toFixed(0).padStart(5)} µs`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
