import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@sabai/db';
import { betBody, createHub88Kit, hub88Player, mainSatang, walletCall, winBody, type Hub88Kit } from './hub88-test-kit.ts';

/**
 * Issue 29 §1 / issue 30 §5 (docs/adr/0054): the statement budget of a Hub88 bet and win. The
 * API's database client is wrapped and every round trip counted (BEGIN and COMMIT included), on
 * PGlite and on PostgreSQL alike. A bet or a win that moves money is BEGIN, the locked wallet, the
 * facts read after the lock, the posting with its writes, COMMIT: 5 (15–16 before).
 */
let kit: Hub88Kit;
let statements: string[] = [];

beforeAll(async () => {
  kit = await createHub88Kit();
  const db = kit.t.context.db;
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params, options) => {
      // The whole text: the filter below looks for the outbox relay's tables anywhere in it.
      statements.push(sql.replace(/\s+/g, ' '));
      return q.query(sql, params, options);
    },
    exec: (sql) => {
      statements.push(sql.slice(0, 80));
      return q.exec(sql);
    },
  });
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  Object.assign(db, {
    query: (sql: string, params?: readonly unknown[], options?: { prepare?: boolean }) => {
      // The whole text: the filter below looks for the outbox relay's tables anywhere in it.
      statements.push(sql.replace(/\s+/g, ' '));
      return query(sql, params, options);
    },
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => {
      statements.push('BEGIN');
      return transaction((tx) => work(counted(tx))).finally(() => statements.push('COMMIT / ROLLBACK'));
    },
  });
}, 120_000);
afterAll(async () => kit?.close());

/**
 * Round trips of one signed wallet call (the signature check and parsing make none). The test
 * app's inline outbox runner (test/test-app.ts; the worker in production) polls on the same
 * client: its transactions are not the call's and are left out.
 */
async function countedCall(path: string, body: Record<string, unknown>) {
  statements = [];
  const answer = await walletCall(kit, path, body);
  const own: string[] = [];
  let group: string[] = [];
  for (const statement of statements) {
    group.push(statement);
    if (statement === 'BEGIN' && group.length > 1) group = [statement];
    if (statement === 'COMMIT / ROLLBACK' || group[0] !== 'BEGIN') {
      // The balance notifications after commit leave every 20 ms for all callbacks of that time
      // in one statement (hub88-wallet-call.ts notifyAfterCommit): not one call's round trip.
      if (!group.some((text) => text.includes('outbox_events') || text.startsWith('SELECT pg_notify($1, json_build_object'))) own.push(...group);
      group = [];
    }
  }
  return { answer, statements: own };
}

describe('Hub88 wallet calls: statements per call', () => {
  it('makes a bet, a paying win and an empty win in one round trip each, and a replay in 6, moving the money once', async () => {
    const p = await hub88Player(kit, '1000');
    // The first bet on a database also finds the partner account once; count a later one.
    await walletCall(kit, '/transaction/bet', betBody(p, 1));
    const bet = betBody(p, 100);
    const placed = await countedCall('/transaction/bet', bet);
    expect(placed.answer.json).toMatchObject({ status: 'RS_OK', balance: 899 * 100_000 });
    expect(placed.statements.length, placed.statements.join('\n')).toBe(1);

    const won = await countedCall('/transaction/win', winBody(p, bet, 250));
    expect(won.answer.json).toMatchObject({ status: 'RS_OK', balance: 1149 * 100_000 });
    expect(won.statements.length, won.statements.join('\n')).toBe(1);

    const second = betBody(p, 10);
    await walletCall(kit, '/transaction/bet', second);
    const empty = await countedCall('/transaction/win', winBody(p, second, 0));
    expect(empty.answer.json).toMatchObject({ status: 'RS_OK', balance: 1139 * 100_000 });
    expect(empty.statements.length, empty.statements.join('\n')).toBe(1);

    const replayed = await countedCall('/transaction/bet', { ...bet, request_uuid: 'replay-1' });
    expect(replayed.answer.json).toMatchObject({ status: 'RS_OK', balance: 899 * 100_000, request_uuid: 'replay-1' });
    expect(replayed.statements.length, replayed.statements.join('\n')).toBeLessThanOrEqual(6);
    expect(await mainSatang(kit.t, p.memberId)).toBe(113_900n);
  });
});
