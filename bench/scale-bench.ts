/**
 * Member reads at operator scale (issue 16 §4, docs/adr/0023). Prints figures; asserts nothing.
 *
 *   npm run bench:scale                               # 1,000,000 members, 10,000,000 transfers
 *   SCALE_MEMBERS=100000 SCALE_TRANSFERS=1000000 npm run bench:scale     # a quick run
 *
 * Builds `sabai_scale` (dropped and created again; SCALE_KEEP=1 keeps it afterwards) on
 * SCALE_DATABASE_URL (default postgres://root@127.0.0.1:5432), migrated up to but not including
 * migration 0025, bulk-loaded with SQL (generate_series, one statement per table), then:
 * 1. the reference: the old member reads (deposit history, its empty page, affiliate income
 *    withdrawals) and the old period query, on the database without migrations 0024–0025;
 * 2. migration 0025 (and any later one) applied to the big database, timed;
 * 3. deposit history, withdraw history, balance and member card (refresh) for random members,
 *    1 client and SCALE_CLIENTS (16) concurrent clients, p50/p95/p99;
 * 4. the reward period queries (cashback, affiliate) over all members for one day;
 * 5. ledger:reconcile: a full run (stores the checkpoints), new credited deposits, then the whole
 *    script from the checkpoints before / after ADR 0027 alternately (measureReconcile);
 * 6. the database size, with the machine's load (`uptime`) at the start and the end.
 * The data keeps every ledger invariant (each member's transfers follow a cycle whose every prefix
 * keeps each wallet at or above zero; totals are the sums of the entries), see bench/README.md.
 */
import { execSync } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPgDb, migrate, MIGRATION_DIRS, type Db } from '@sabai/db';
import { ensureHouseAccount, expectPosted, inLedgerTransaction, postTransfer, requireAccountId } from '@sabai/ledger';
import { getBalance, listDepositHistory, listWithdrawHistory } from '../apps/api/src/modules/history/index.ts';
import { getUserInfo } from '../apps/api/src/modules/auth/index.ts';
import { PERIOD_NET_LOSSES_SQL } from '../apps/api/src/modules/cashback/index.ts';
import { PERIOD_REFERRED_NET_LOSSES_SQL } from '../apps/api/src/modules/affiliate/index.ts';
import { reconcileMoneyFromCheckpoint } from '../apps/api/src/modules/reconcile/index.ts';

const SERVER_URL = process.env.SCALE_DATABASE_URL || 'postgres://root@127.0.0.1:5432';
const DATABASE = process.env.SCALE_DATABASE || 'sabai_scale';
const MEMBERS = Number(process.env.SCALE_MEMBERS ?? 1_000_000);
const TRANSFERS = Number(process.env.SCALE_TRANSFERS ?? 10_000_000);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? Math.round(TRANSFERS * 0.3));
const SAMPLES = Number(process.env.SCALE_SAMPLES ?? 300);
const REFERENCE_SAMPLES = Number(process.env.SCALE_REFERENCE_SAMPLES ?? 10);
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 16);
/** The first migration of issue 16 §3 (the ledger's indexes; 0025 adds the others): the reference runs on the schema before it. */
const FIRST_NEW_MIGRATION = '0024-ledger-member-reads.sql';
const KINDS = ['main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin'] as const;
const CYCLE = 10;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const uptime = () => execSync('uptime').toString().trim();
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `call` for `samples` random members on `clients` concurrent clients; prints p50/p95/p99/max. */
async function measure(label: string, members: string[], samples: number, clients: number, call: (memberId: string) => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < samples) {
        next += 1;
        const memberId = members[Math.floor(Math.random() * members.length)]!;
        const callStartedAt = performance.now();
        await call(memberId);
        durations.push(performance.now() - callStartedAt);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  durations.sort((a, b) => a - b);
  const p99 = percentile(durations, 99);
  console.log(
    `  ${label.padEnd(52)} ${String(clients).padStart(2)} client(s) n=${String(durations.length).padStart(4)}  p50 ${ms(percentile(durations, 50)).padStart(10)}  p95 ${ms(percentile(durations, 95)).padStart(10)}  p99 ${ms(p99).padStart(10)}  max ${ms(durations.at(-1) ?? Number.NaN).padStart(10)}  ${(durations.length / seconds).toFixed(0)}/s`,
  );
  return p99;
}

/**
 * Member tiers: a few busy members, some regular, the rest occasional or idle; each member's
 * transfers are whole cycles of CYCLE transfers (so every withdrawal is paid and every deposit
 * has its receipt).
 */
function tiers(members: number, transfers: number): Array<{ firstMember: number; members: number; cycles: number }> {
  const totalCycles = Math.floor(transfers / CYCLE);
  const busy = Math.max(1, Math.floor(members / 1000));
  const regular = Math.floor(members * 0.099);
  const busyCycles = Math.min(100, Math.floor((totalCycles * 0.1) / busy));
  const regularCycles = 3;
  const rest = members - busy - regular;
  const restCycles = Math.max(0, totalCycles - busy * busyCycles - regular * regularCycles);
  const each = Math.floor(restCycles / rest);
  const extra = restCycles - each * rest;
  const list = [
    { firstMember: 1, members: busy, cycles: busyCycles },
    { firstMember: 1 + busy, members: regular, cycles: regularCycles },
    { firstMember: 1 + busy + regular, members: extra, cycles: each + 1 },
    { firstMember: 1 + busy + regular + extra, members: rest - extra, cycles: each },
  ];
  return list.filter((tier) => tier.members > 0 && tier.cycles > 0);
}

// The old queries (before migrations 0024–0025), as the reference measured in the same run.
const OLD_DEPOSIT_HISTORY_SQL = `SELECT t.id, t.idempotency_key, d.id AS deposit_id, t.amount_satang, t.created_at, t.code, count(*) OVER () AS total,
            CASE WHEN e.dedupe_key LIKE 'ref:%' THEN substr(e.dedupe_key, 5) END AS reference
     FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
     LEFT JOIN deposits d ON d.credit_transfer_id = t.id
     LEFT JOIN bank_feed_events e ON e.id = d.event_id
     WHERE a.member_id = $1 AND a.kind = 'main' AND t.code = ANY($2::text[]) AND t.phase IN ('single', 'post_pending')
     ORDER BY t.id DESC LIMIT $3 OFFSET $4`;
const OLD_DEPOSIT_COUNT_SQL = `SELECT count(*) AS total FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
     WHERE a.member_id = $1 AND a.kind = 'main' AND t.code = ANY($2::text[]) AND t.phase IN ('single', 'post_pending')`;
const OLD_AFFILIATE_WITHDRAWALS_SQL = `SELECT created_at, amount_satang, status FROM (
       SELECT t.created_at, t.amount_satang, 1 AS status FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
       WHERE a.member_id = $1 AND a.kind = 'affiliate' AND t.code = 'AFFILIATE' AND t.phase = 'single'
       UNION ALL
       SELECT t.created_at, w.amount_satang, CASE w.status WHEN 'approved' THEN 1 WHEN 'pending_approval' THEN 2 ELSE 3 END
       FROM affiliate_withdrawals w JOIN ledger_transfers t ON t.id = w.reserve_transfer_id WHERE w.member_id = $1
     ) w ORDER BY created_at DESC LIMIT 100`;

async function build(db: Db): Promise<{ accountBase: number; bank: bigint }> {
  const bank = await ensureHouseAccount(db, { code: 'house:bank:scale', kind: 'house_asset', isTotalsCached: false });
  const paying = bank;
  const house = async (code: string) => String(await requireAccountId(db, code));
  const unallocated = await house('house:unallocated_deposits');
  const inFlight = await house('house:payouts_in_flight');
  const cashbackExpense = await house('house:expense:cashback');
  const affiliateExpense = await house('house:expense:affiliate');
  const { rows: accountRows } = await db.query<{ next: bigint }>('SELECT max(id) + 1 AS next FROM ledger_accounts');
  const accountBase = Number(accountRows[0]!.next);
  const { rows: transferRows } = await db.query<{ next: bigint }>('SELECT coalesce(max(id), 0) + 1 AS next FROM ledger_transfers');
  const transferBase = Number(transferRows[0]!.next);
  const list = tiers(MEMBERS, TRANSFERS);
  console.log(`  member tiers (members × cycles of ${CYCLE} transfers): ${list.map((tier) => `${tier.members} × ${tier.cycles}`).join(', ')}`);
  console.log('  each cycle: deposit received + credited (20%), game in + out (20%), withdrawal reserved + posted + paid (30%), cashback accrued + claimed, affiliate income (30%)');

  // Bulk load without per-row foreign key and trigger checks (the data is built consistent;
  // reconcile checks it at the end), and with more memory for index builds.
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
    await tx.query("SET LOCAL work_mem = '256MB'");
    await tx.query('SET LOCAL synchronous_commit = off');
    await timed(`members (${MEMBERS})`, () =>
      tx.query(
        `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key, referrer_level1_id, created_at, password_changed_at)
         SELECT 'mbr_' || lpad(n::text, 20, '0'), '09' || lpad(n::text, 8, '0'), 'x', '014', lpad(n::text, 10, '0'), 'สมาชิก', 'ทดสอบ',
                upper(lpad(to_hex(n), 8, '0')), CASE WHEN n > 100 AND n % 4 = 0 THEN 'mbr_' || lpad((n % 100 + 1)::text, 20, '0') END,
                now() - interval '120 days', now() - interval '120 days'
         FROM generate_series(1, $1::int) AS n`,
        [MEMBERS],
      ),
    );
    await tx.query('DROP INDEX ledger_entries_account_idx');
    let offset = 0;
    for (const tier of list) {
      const count = tier.members * tier.cycles * CYCLE;
      await timed(`transfers of ${tier.members} members × ${tier.cycles} cycles (${count})`, () =>
        tx.query(
          `INSERT INTO ledger_transfers (id, idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang, pending_transfer_id, created_at)
           OVERRIDING SYSTEM VALUE
           SELECT x.id, 'scale:' || lpad(x.id::text, 12, '0'), s.code, s.phase, s.debit, s.credit, s.amount, s.pending, x.at
           FROM (SELECT $1::int8 + $2::int8 + n AS id, $3::int8 + n % $4::int8 AS member, n / $4::int8 AS k,
                        now() - interval '1 hour' - interval '90 days' * (1 - ($2::int8 + n)::float8 / $5::float8) AS at
                 FROM generate_series(0::int8, $6::int8 - 1) AS n) x
           CROSS JOIN LATERAL (SELECT ($7::int8 + (x.member - 1) * 7) AS main, (1 + x.member % 5) AS f) m
           CROSS JOIN LATERAL (VALUES
             (0, 'DEPOSIT_RECEIVED', 'single', $8::int8, $9::int8, 100000 * m.f, NULL::int8),
             (1, 'DEPOSIT', 'single', $9::int8, m.main, 100000 * m.f, NULL::int8),
             (2, 'GAME_IN', 'single', m.main, m.main + 1, 60000 * m.f, NULL::int8),
             (3, 'GAME_OUT', 'single', m.main + 1, m.main, 40000 * m.f, NULL::int8),
             (4, 'WITHDRAW', 'pending', m.main, $10::int8, 30000 * m.f, NULL::int8),
             (5, 'WITHDRAW', 'post_pending', m.main, $10::int8, 30000 * m.f, x.id - $4::int8),
             (6, 'WITHDRAW', 'single', $10::int8, $11::int8, 30000 * m.f, NULL::int8),
             (7, 'CASHBACK', 'single', $12::int8, m.main + 3, 2000 * m.f, NULL::int8),
             (8, 'CASHBACK', 'single', m.main + 3, m.main, 2000 * m.f, NULL::int8),
             (9, 'AFFILIATE', 'single', $13::int8, m.main + 2, 5000 * m.f, NULL::int8)
           ) AS s(step, code, phase, debit, credit, amount, pending)
           WHERE s.step = x.k % ${CYCLE}`,
          [transferBase, offset, tier.firstMember, tier.members, TRANSFERS, count, accountBase, String(bank), unallocated, inFlight, String(paying), cashbackExpense, affiliateExpense],
        ),
      );
      // Deposits (credited) and withdrawals (paid) as their tables record them, for history and refresh.
      await tx.query(
        `INSERT INTO deposits (id, event_id, channel_id, amount_satang, occurred_at, status, member_id, received_transfer_id, credit_transfer_id, created_at, resolved_at)
         SELECT 'dep_' || lpad(t.id::text, 20, '0'), t.id, 'scale', t.amount_satang, t.created_at, 'credited',
                'mbr_' || lpad(($3::int8 + (t.id - $1::int8 - $2::int8) % $4::int8)::text, 20, '0'), t.id - $4::int8, t.id, t.created_at, t.created_at
         FROM ledger_transfers t WHERE t.id >= $1::int8 + $2::int8 AND t.id < $1::int8 + $2::int8 + $5::int8 AND t.code = 'DEPOSIT'`,
        [transferBase, offset, tier.firstMember, tier.members, count],
      );
      await tx.query(
        `INSERT INTO withdrawals (id, member_id, request_key, amount_satang, bank_code, account_number, account_name, status, reserve_transfer_id, resolve_transfer_id,
                                  payout_started_at, payout_provider_ref, created_at, updated_at)
         SELECT 'wdr_' || lpad(t.id::text, 20, '0'), 'mbr_' || lpad(($3::int8 + (t.id - $1::int8 - $2::int8) % $4::int8)::text, 20, '0'), 'scale:' || t.id,
                t.amount_satang, '014', '0000000000', 'สมาชิก ทดสอบ', 'paid', t.id, t.id + $4::int8, t.created_at, 'scale-' || t.id, t.created_at, t.created_at
         FROM ledger_transfers t WHERE t.id >= $1::int8 + $2::int8 AND t.id < $1::int8 + $2::int8 + $5::int8 AND t.code = 'WITHDRAW' AND t.phase = 'pending'`,
        [transferBase, offset, tier.firstMember, tier.members, count],
      );
      offset += count;
    }
    await tx.query(`SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), (SELECT max(id) FROM ledger_transfers))`);
    await timed('entries (2 per transfer)', () =>
      tx.query(
        `INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
         SELECT t.id, e.account_id, e.dp, e.cp, e.dpe, e.cpe, t.created_at FROM ledger_transfers t
         CROSS JOIN LATERAL (VALUES
           (t.debit_account_id, CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END, 0::int8,
            CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END, 0::int8),
           (t.credit_account_id, 0::int8, CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END,
            0::int8, CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END)
         ) AS e(account_id, dp, cp, dpe, cpe)`,
      ),
    );
    await timed('index ledger_entries (account_id, id)', () => tx.query('CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id)'));
    await timed(`member accounts (${MEMBERS * KINDS.length}) with their totals from the entries`, () =>
      tx.query(
        `INSERT INTO ledger_accounts (id, code, member_id, kind, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
         OVERRIDING SYSTEM VALUE
         SELECT a.id, 'member:' || a.member_id || ':' || a.kind, a.member_id, a.kind,
                coalesce(s.dp, 0), coalesce(s.cp, 0), coalesce(s.dpe, 0), coalesce(s.cpe, 0), now() - interval '120 days'
         FROM (SELECT $1::int8 + (n - 1) * 7 + (k.ord - 1) AS id, 'mbr_' || lpad(n::text, 20, '0') AS member_id, k.kind
               FROM generate_series(1, $2::int) AS n CROSS JOIN unnest($3::text[]) WITH ORDINALITY AS k(kind, ord)) a
         LEFT JOIN (SELECT account_id, sum(debits_posted) dp, sum(credits_posted) cp, sum(debits_pending) dpe, sum(credits_pending) cpe
                    FROM ledger_entries WHERE account_id >= $1::int8 GROUP BY account_id) s ON s.account_id = a.id`,
        [accountBase, MEMBERS, [...KINDS]],
      ),
    );
    await tx.query(`SELECT setval(pg_get_serial_sequence('ledger_accounts', 'id'), (SELECT max(id) FROM ledger_accounts))`);
    await timed(`bet rounds (${ROUNDS}, over the last 30 days)`, () =>
      tx.query(
        `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, updated_at)
         SELECT 'scale', 'r' || n, 'mbr_' || lpad((1 + (n * 7919) % $2::int8)::text, 20, '0'), 'slot', 10000, CASE WHEN n % 3 = 0 THEN 15000 ELSE 0 END,
                CASE WHEN n % 3 = 0 THEN 'win' ELSE 'loss' END, 'settled', now() - interval '30 days' * (1 - n::float8 / $1::float8), now()
         FROM generate_series(1::int8, $1::int8) AS n`,
        [ROUNDS, MEMBERS],
      ),
    );
  });
  await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
  return { accountBase, bank };
}

/** ROUNDS alternating runs of `before` and `after`, each timed; prints every run with the load. */
async function alternate(label: [string, string], rounds: number, before: () => Promise<unknown>, after: () => Promise<unknown>): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, run] of [before, after].entries()) {
      const startedAt = performance.now();
      await run();
      const seconds = (performance.now() - startedAt) / 1000;
      times[index]!.push(seconds);
      console.log(`  round ${round + 1} ${label[index]!.padEnd(44)} ${seconds.toFixed(2)} s   (${uptime()})`);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * ledger:reconcile (issue 16 §4, docs/adr/0023 and 0027): a full run (stores both checkpoints),
 * then NEW_DEPOSITS new credited deposits (transfers and `deposits` rows), then the whole
 * `npm run ledger:reconcile` equivalent from the checkpoints, before (the checks around the ledger
 * in full: `fullAround`) and after (from their checkpoint) alternately, storing nothing, and the
 * per-row figures that extrapolate them.
 */
async function measureReconcile(db: Db, members: string[]): Promise<void> {
  const newDeposits = Number(process.env.SCALE_NEW_DEPOSITS ?? 1000);
  console.log('\nledger:reconcile');
  if (process.env.SCALE_RECONCILE_FULL !== '0') {
    const full = await timed('full run (--full: every check; stores both checkpoints)', () => reconcileMoneyFromCheckpoint(db, { full: true, settleSeconds: 0 }));
    console.log(`  full: ${full.violations.length} violation(s), checkpoints at transfer ${full.ledger.checkpointTransferId} (ledger) / ${full.around.checkpointTransferId} (around)`);
    for (const violation of full.violations.slice(0, 5)) console.log(`    ${violation.invariant}: ${violation.detail}`);
  }
  const bank = await requireAccountId(db, 'house:bank:scale');
  const unallocated = await requireAccountId(db, 'house:unallocated_deposits');
  const tag = Date.now().toString(36);
  await timed(`${newDeposits} new credited deposits (${2 * newDeposits} transfers and their deposits rows)`, async () => {
    for (let n = 0; n < newDeposits; n += 1) {
      const member = members[n % members.length]!;
      await inLedgerTransaction(db, async (tx) => {
        const { rows } = await tx.query<{ id: bigint }>(`SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = 'main'`, [member]);
        const receivedId = expectPosted(await postTransfer(tx, { idempotencyKey: `scale:new:${tag}:received:${n}`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang: 10_000n }));
        const creditedId = expectPosted(await postTransfer(tx, { idempotencyKey: `scale:new:${tag}:deposit:${n}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: rows[0]!.id, amountSatang: 10_000n }));
        // The bench builds no bank feed events or channel (see the build): the row alone, as the build's rows.
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query(
          `INSERT INTO deposits (id, event_id, channel_id, amount_satang, occurred_at, status, member_id, received_transfer_id, credit_transfer_id, resolved_at)
           VALUES ('dep_' || lpad($1::int8::text, 20, '0'), $1::int8, 'scale', 10000, now(), 'credited', $2, $3::int8, $1::int8, now())`,
          [creditedId, member, receivedId],
        );
      });
    }
  });
  const rounds = Number(process.env.SCALE_RECONCILE_ROUNDS ?? 3);
  console.log(`  the whole ledger:reconcile from the checkpoints, before / after ADR 0027, alternately (${rounds} rounds, nothing stored):`);
  const [before, after] = await alternate(
    ['before: around the ledger in full', 'after: around the ledger from its checkpoint'],
    rounds,
    () => reconcileMoneyFromCheckpoint(db, { fullAround: true, settleSeconds: 0, store: false }),
    () => reconcileMoneyFromCheckpoint(db, { settleSeconds: 0, store: false }),
  );
  const money = await reconcileMoneyFromCheckpoint(db, { settleSeconds: 0 });
  console.log(
    `  after, storing: ${money.violations.length} violation(s); ledger transfers (${money.ledger.fromTransferId}, ${money.ledger.throughTransferId}], around rows linked after ${money.around.sinceTransferId}; checkpoints now ${money.ledger.checkpointTransferId} / ${money.around.checkpointTransferId}`,
  );
  for (const violation of money.violations.slice(0, 5)) console.log(`    ${violation.invariant}: ${violation.detail}`);
  const { rows } = await db.query<{ transfers: bigint }>('SELECT count(*)::int8 AS transfers FROM ledger_transfers');
  const transfers = Number(rows[0]!.transfers);
  // The window the runs checked: every transfer id after the around checkpoint (this run's and any before it).
  const window = Number(money.ledger.throughTransferId - money.around.sinceTransferId);
  console.log(
    `  median before ${median(before).toFixed(2)} s = ${((median(before) / transfers) * 1e6).toFixed(2)} s per million transfers in the database` +
      ` (at 10,000,000: ~${((median(before) / transfers) * 1e7).toFixed(0)} s)`,
  );
  console.log(
    `  median after ${median(after).toFixed(2)} s for a window of ${window} transfer ids = ${((median(after) / window) * 1000).toFixed(2)} ms per new transfer` +
      ` (its cost follows the window and the touched members' own histories, not the database: at 10,000,000 transfers and the same window, ~${median(after).toFixed(1)} s)`,
  );
}

/**
 * SCALE_REUSE=1: the database a run with SCALE_KEEP=1 left, migrated to the newest migration, and
 * only the reconcile figures (a build of the full size takes 25 minutes on this machine).
 */
async function reuse(): Promise<void> {
  console.log(`scale bench, reusing ${databaseUrl(DATABASE)} (SCALE_REUSE=1): ledger:reconcile only`);
  console.log(`load at start: ${uptime()}`);
  const db = createPgDb(databaseUrl(DATABASE), { maxConnections: 2 });
  try {
    const applied = await timed('migrations', () => migrate(db));
    console.log(`  applied: ${applied.join(', ') || '(none)'}`);
    if (applied.length > 0) await timed('ANALYZE', () => db.query('ANALYZE'));
    const { rows } = await db.query<{ members: bigint; transfers: bigint; size: string }>(
      `SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM ledger_transfers) AS transfers, pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    const memberCount = Number(rows[0]!.members);
    console.log(`  ${rows[0]!.members} members, ${rows[0]!.transfers} transfers; database ${rows[0]!.size}`);
    const members = Array.from({ length: 2000 }, () => `mbr_${String(1 + Math.floor(Math.random() * memberCount)).padStart(20, '0')}`);
    await measureReconcile(db, members);
    console.log(`load at end: ${uptime()}`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  if (process.env.SCALE_REUSE === '1') return reuse();
  console.log(`scale bench: ${MEMBERS} members, ${TRANSFERS} transfers, ${ROUNDS} bet rounds on ${databaseUrl(DATABASE)}`);
  console.log(`load at start: ${uptime()}`);
  const admin = createPgDb(databaseUrl('postgres'), { maxConnections: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const db = createPgDb(databaseUrl(DATABASE), { maxConnections: CLIENTS + 2 });
  try {
    // Migrated up to but not including 0025: the reference runs on the schema before it.
    const before = await mkdtemp(path.join(tmpdir(), 'sabai-scale-migrations-'));
    for (const dir of MIGRATION_DIRS) for (const file of await readdir(dir)) if (file < FIRST_NEW_MIGRATION) await copyFile(path.join(dir, file), path.join(before, file));
    await migrate(db, before);
    await rm(before, { recursive: true });

    console.log('\nbuild');
    const buildStartedAt = performance.now();
    await build(db);
    console.log(`  total build: ${((performance.now() - buildStartedAt) / 60_000).toFixed(1)} min`);
    const counts = await db.query<{ transfers: bigint; entries: bigint; accounts: bigint; size: string }>(
      `SELECT (SELECT count(*) FROM ledger_transfers) AS transfers, (SELECT count(*) FROM ledger_entries) AS entries,
              (SELECT count(*) FROM ledger_accounts) AS accounts, pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    console.log(`  ${counts.rows[0]!.transfers} transfers, ${counts.rows[0]!.entries} entries, ${counts.rows[0]!.accounts} accounts; database ${counts.rows[0]!.size}`);

    // Members to read: most from the busy and regular tiers (they have history), some from all.
    const busy = Math.max(1, Math.floor(MEMBERS / 1000)) + Math.floor(MEMBERS * 0.099);
    const members = Array.from({ length: 2000 }, (_, i) => `mbr_${String(1 + (i % 2 === 0 ? Math.floor(Math.random() * busy) : Math.floor(Math.random() * MEMBERS))).padStart(20, '0')}`);
    const day = [new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 86_400_000)];

    console.log(`\nreference: the old queries, before migrations 0024–0025 (${REFERENCE_SAMPLES} samples each)`);
    await measure('old deposit history page 1 (count(*) OVER ())', members, REFERENCE_SAMPLES, 1, (memberId) => db.query(OLD_DEPOSIT_HISTORY_SQL, [memberId, ['DEPOSIT', 'AFFILIATE', 'CASHBACK'], 20, 0]));
    await measure('old deposit history empty page (+ second count)', members, REFERENCE_SAMPLES, 1, async (memberId) => {
      await db.query(OLD_DEPOSIT_HISTORY_SQL, [memberId, ['DEPOSIT', 'AFFILIATE', 'CASHBACK'], 20, 100_000]);
      await db.query(OLD_DEPOSIT_COUNT_SQL, [memberId, ['DEPOSIT', 'AFFILIATE', 'CASHBACK']]);
    });
    await measure('old affiliate income withdrawals', members, REFERENCE_SAMPLES, 1, (memberId) => db.query(OLD_AFFILIATE_WITHDRAWALS_SQL, [memberId]));
    await measure('old cashback period query (one day, all members)', members, 2, 1, () => db.query(PERIOD_NET_LOSSES_SQL, day));

    console.log('\nmigrations on the big database');
    const applied = await timed('0024 and later', () => migrate(db));
    console.log(`  applied: ${applied.join(', ') || '(none)'}`);
    await timed('ANALYZE', () => db.query('ANALYZE'));

    const context = { db, config: { GAME_USERNAME_PREFIX: 'sb' }, now: () => new Date(), partner: {} as never };
    const page = (memberId: string) => listDepositHistory(db, { memberId, type: 'all', page: 1, pageSize: 20 });
    console.log(`\nmember reads after migration 0025 (${SAMPLES} samples each)`);
    const results: Array<[string, number]> = [];
    for (const clients of [1, CLIENTS]) {
      results.push([`deposit history ×${clients}`, await measure('deposit history page 1', members, SAMPLES, clients, page)]);
      results.push([`cashback history ×${clients}`, await measure('cashback history page 1', members, SAMPLES, clients, (memberId) => listDepositHistory(db, { memberId, type: 'cashback', page: 1, pageSize: 20 }))]);
      results.push([`empty page ×${clients}`, await measure('deposit history page 500 (empty)', members, SAMPLES, clients, (memberId) => listDepositHistory(db, { memberId, type: 'all', page: 500, pageSize: 20 }))]);
      results.push([`withdraw history ×${clients}`, await measure('withdraw history page 1', members, SAMPLES, clients, (memberId) => listWithdrawHistory(db, { memberId, page: 1, pageSize: 20 }))]);
      results.push([`balance ×${clients}`, await measure('balance (no game account: no partner call)', members, SAMPLES, clients, (memberId) => getBalance(context, memberId))]);
      results.push([`member card ×${clients}`, await measure('member card / refresh (getUserInfo)', members, SAMPLES, clients, (memberId) => getUserInfo(context, memberId))]);
    }
    console.log(`  reference in this run: SELECT 1 round trip`);
    await measure('SELECT 1', members, SAMPLES, 1, () => db.query('SELECT 1'));

    console.log('\nreward period (one day, all members)');
    await measure('cashback period query (net loss per member)', members, 3, 1, () => db.query(PERIOD_NET_LOSSES_SQL, day));
    await measure('affiliate period query (with referrers)', members, 3, 1, () => db.query(PERIOD_REFERRED_NET_LOSSES_SQL, day));
    const { rows: periodRows } = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM (${PERIOD_NET_LOSSES_SQL}) p`, day);
    console.log(`  members with a net loss that day: ${periodRows[0]!.n}`);

    await measureReconcile(db, members);

    const size = await db.query<{ size: string; transfers: string; entries: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size, pg_size_pretty(pg_total_relation_size('ledger_transfers')) AS transfers,
              pg_size_pretty(pg_total_relation_size('ledger_entries')) AS entries`,
    );
    console.log(`\ndatabase size: ${size.rows[0]!.size} (ledger_transfers ${size.rows[0]!.transfers}, ledger_entries ${size.rows[0]!.entries} with indexes)`);
    console.log('\nsummary (p99, ms): ' + results.map(([label, p99]) => `${label} ${p99.toFixed(1)}`).join('; '));
    console.log(`load at end: ${uptime()}`);
  } finally {
    await db.close();
    if (process.env.SCALE_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
