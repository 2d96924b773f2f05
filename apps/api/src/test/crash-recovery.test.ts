import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { buildSandboxApp, type SandboxApp } from '@sabai/sandbox';
import { seedDemoSite, DEMO_APP_ID } from '../modules/demo/index.ts';
import { hashPassword } from '../lib/password.ts';
import { newMemberId } from '../lib/ids.ts';
import { openMemberWallets } from '../modules/wallet/index.ts';
import { reconcileMoney } from '../modules/reconcile/index.ts';
import { signedFeedHeaders } from './money-helpers.ts';

/**
 * Crash test (issue "Money", issue 10 §5): the API process and the worker process are killed with
 * SIGKILL in the middle of a stream of deposits and withdrawals, then started again on the same
 * database. Every acknowledged operation
 * must be there exactly once, every payout settled by asking the bank (never paid twice, never
 * lost), every outbox event handled (bonus, wheel credit, the move into the game), and every
 * invariant must hold. The sandbox bank runs in this test process so that, like
 * a real bank, it survives the API's crash.
 *
 * Runs on a real PostgreSQL server only (DATABASE_URL, as CI's second run does): PGlite is an
 * in-process database, so there is no separate server to survive the kill.
 */
const API_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const WORKER_ENTRY = fileURLToPath(new URL('../worker-main.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(API_ENTRY), '../../..');
const FEED_SECRET = 'crash-test-feed-secret-0123456789';
const SANDBOX_KEY = 'crash-test-sandbox-key';
const PASSWORD = 'crash-pass-1';

let database: { db: Db; databaseUrl: string | undefined; drop: () => Promise<void> };
let sandbox: SandboxApp;
let sandboxUrl: string;
let api: ChildProcess | undefined;
let jobs: ChildProcess | undefined;
let apiPort = 0;
let apiUrl = '';

/**
 * A port that is free right now, chosen by the kernel (listen on 0, then close). A random port
 * could collide with an ephemeral port another test's socket holds (it did once in CI).
 */
async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function startApi(): ChildProcess {
  return startProcess(API_ENTRY);
}
function startWorkerProcess(): ChildProcess {
  return startProcess(WORKER_ENTRY);
}
function startProcess(entry: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SANDBOX_URL: sandboxUrl,
      SANDBOX_API_KEY: SANDBOX_KEY,
      RECOVERY_INTERVAL_MS: '200',
      // A job active in the killed worker is retried once it expires (pg-boss maintenance).
      OUTBOX_JOB_EXPIRE_SECONDS: '4',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      PAYOUT_UNKNOWN_GRACE_MS: '1500',
      // A withdrawal approved just before the kill and never claimed is paid by recovery after this.
      PAYOUT_CLAIM_GRACE_MS: '1500',
      PROVIDER_TIMEOUT_MS: '1000',
      // The batched posting path (docs/adr/0026): deposits and game transfers share commits, and
      // a kill mid-batch must lose nothing acknowledged.
      LEDGER_BATCHING: 'on',
      RATE_LIMIT_SCALE: '1000',
      BANK_TOKEN_SECRET: 'crash-test-bank-token-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitForHealth(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${apiUrl}/healthz`).then((response) => response.ok).catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API did not become healthy');
}

async function createMembers(count: number): Promise<Array<{ id: string; phoneNumber: string; accountNumber: string }>> {
  const passwordHash = await hashPassword(PASSWORD);
  const members = [];
  for (let index = 0; index < count; index += 1) {
    const id = newMemberId();
    const member = { id, phoneNumber: `0870${String(index).padStart(6, '0')}`, accountNumber: `55${String(index).padStart(7, '0')}1` };
    await database.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key,
           bank_account_verified_at, bank_account_verified_by)
         VALUES ($1, $2, $3, '014', $4, 'ทดสอบ', 'ล่ม', $5, now(), 'name_inquiry')`,
        [member.id, member.phoneNumber, passwordHash, member.accountNumber, `CR${String(index).padStart(6, '0')}`],
      );
      await openMemberWallets(tx, member.id);
    });
    members.push(member);
  }
  return members;
}

describe.skipIf(!process.env.DATABASE_URL)('crash recovery (kill -9 of the API on PostgreSQL)', () => {
  beforeAll(async () => {
    apiPort = await findFreePort();
    apiUrl = `http://127.0.0.1:${apiPort}`;
    database = await createTestDatabase();
    await seedDemoSite(database.db, { feedSecret: FEED_SECRET });
    sandbox = await buildSandboxApp({ apiKey: SANDBOX_KEY, feedSecret: FEED_SECRET, apiBaseUrl: apiUrl });
    await sandbox.listen({ host: '127.0.0.1', port: 0 });
    sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    jobs?.kill('SIGKILL');
    await sandbox?.close();
    await database?.drop();
  });

  it('keeps every acknowledged deposit and withdrawal exactly once and settles every payout', async () => {
    const members = await createMembers(6);
    api = startApi();
    jobs = startWorkerProcess();
    await waitForHealth();
    const tokens = new Map<string, string>();
    for (const member of members) {
      const response = await fetch(`${apiUrl}/auth-service/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': DEMO_APP_ID },
        body: JSON.stringify({ phoneNumber: member.phoneNumber, Password: PASSWORD }),
      });
      tokens.set(member.id, ((await response.json()) as { authToken: string }).authToken);
    }

    const acknowledgedDeposits: string[] = [];
    const acknowledgedWithdrawals: string[] = [];
    let stop = false;
    const worker = async (workerIndex: number) => {
      let step = 0;
      while (!stop) {
        step += 1;
        const member = members[(workerIndex + step) % members.length]!;
        try {
          if (step % 3 !== 0) {
            const providerRef = `crash-${workerIndex}-${step}-${randomUUID()}`;
            const rawBody = JSON.stringify({ providerRef, accountNumber: '1170012345', direction: 'credit', amount: '300.00', occurredAt: new Date().toISOString(), senderBankCode: '014', senderAccountNumber: member.accountNumber });
            const response = await fetch(`${apiUrl}/bank-feed/v1/statement`, { method: 'POST', headers: signedFeedHeaders(rawBody, { sourceId: 'src_statement_bbl', secret: FEED_SECRET }), body: rawBody });
            if (response.status === 200) acknowledgedDeposits.push(providerRef);
          } else {
            const response = await fetch(`${apiUrl}/fund-composite/v1/withdrawal`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': DEMO_APP_ID, authorization: `Bearer ${tokens.get(member.id)}`, 'idempotency-key': randomUUID() },
              body: JSON.stringify({ Amount: 150, Channel: 'BANK' }),
            });
            const body = (await response.json()) as { data?: { withdrawalId?: string } };
            if (response.status === 200 && body.data?.withdrawalId) acknowledgedWithdrawals.push(body.data.withdrawalId);
          }
        } catch {
          // The connection died with the process: this operation was not acknowledged.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const workers = Array.from({ length: 4 }, (_, index) => worker(index));
    // Kill mid-traffic: after at least 1.5 s and at least six acknowledged deposits (a loaded
    // machine acknowledges fewer per second; the kill must still land among money calls).
    const trafficStartedAt = Date.now();
    while (Date.now() - trafficStartedAt < 1_500 || (acknowledgedDeposits.length <= 5 && Date.now() - trafficStartedAt < 30_000)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    api.kill('SIGKILL');
    jobs.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(workers);
    expect(acknowledgedDeposits.length).toBeGreaterThan(5);

    api = startApi();
    jobs = startWorkerProcess();
    await waitForHealth();
    // Recovery runs at start and every 200 ms: wait until nothing is left in flight.
    const deadline = Date.now() + 40_000;
    for (;;) {
      const { rows } = await database.db.query<{ open: bigint }>(
        `SELECT (SELECT count(*) FROM bank_feed_events WHERE status = 'received') + (SELECT count(*) FROM withdrawals WHERE status IN ('approved', 'paying'))
                + (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL) + (SELECT count(*) FROM outbox_deliveries WHERE status <> 'done') AS open`,
      );
      if (rows[0]?.open === 0n) break;
      if (Date.now() > deadline) {
        const left = await database.db.query(
          `SELECT 'delivery' AS what, d.handler AS detail, d.status, d.attempts, d.last_error FROM outbox_deliveries d WHERE d.status <> 'done'
           UNION ALL SELECT 'event', kind, 'undispatched', 0, NULL FROM outbox_events WHERE dispatched_at IS NULL
           UNION ALL SELECT 'withdrawal', id, status, 0, NULL FROM withdrawals WHERE status IN ('approved', 'paying')`,
        );
        throw new Error(`recovery did not finish: ${rows[0]?.open} open: ${JSON.stringify(left.rows)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const deposits = await database.db.query<{ dedupe_key: string; deposits: bigint }>(
      `SELECT e.dedupe_key, count(d.id) AS deposits FROM bank_feed_events e LEFT JOIN deposits d ON d.event_id = e.id
       WHERE e.dedupe_key = ANY($1::text[]) GROUP BY e.dedupe_key`,
      [acknowledgedDeposits.map((ref) => `ref:${ref}`)],
    );
    expect(deposits.rows).toHaveLength(acknowledgedDeposits.length);
    expect(deposits.rows.every((row) => row.deposits === 1n)).toBe(true);

    const withdrawals = await database.db.query<{ id: string; status: string }>('SELECT id, status FROM withdrawals');
    const known = new Set(withdrawals.rows.map((row) => row.id));
    expect(acknowledgedWithdrawals.every((id) => known.has(id))).toBe(true);
    for (const withdrawal of withdrawals.rows) {
      const atBank = (await fetch(`${sandboxUrl}/bank/v1/payouts/${withdrawal.id}`, { headers: { 'x-sandbox-key': SANDBOX_KEY } }).then((response) => response.json())) as { status: string };
      expect([withdrawal.id, withdrawal.status === 'paid']).toEqual([withdrawal.id, atBank.status === 'succeeded']);
    }
    // Every credited deposit's follow-up ran exactly once (docs/adr/0075): one deposit-follow-up
    // delivery per credited deposit, its bonus decision and wheel credit committed (staged) and
    // the move into the game done; nothing of the retired handlers.
    const followUps = await database.db.query<{ credited: bigint; followed: bigint; retired: bigint }>(
      `SELECT (SELECT count(*) FROM deposits WHERE status = 'credited') AS credited,
              (SELECT count(*) FROM outbox_deliveries WHERE handler = 'deposit-follow-up' AND status = 'done' AND staged_at IS NOT NULL) AS followed,
              (SELECT count(*) FROM outbox_deliveries WHERE handler IN ('grant-bonus', 'earn-wheel-credit', 'continue-into-game')) AS retired`,
    );
    expect(followUps.rows[0]?.followed).toBe(followUps.rows[0]?.credited);
    expect(followUps.rows[0]?.retired).toBe(0n);
    expect(await reconcileMoney(database.db)).toEqual([]);
    const states = withdrawals.rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
    console.log(`crash test: ${acknowledgedDeposits.length} deposits and ${acknowledgedWithdrawals.length} withdrawals acknowledged before the kill; withdrawals now ${JSON.stringify(states)}`);
  }, 90_000);
});
