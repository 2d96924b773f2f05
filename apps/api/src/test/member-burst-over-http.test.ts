import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { expectLedgerSound, fundedMember } from './money-helpers.ts';
import { ledgerGame, liveGame, memberIdOf, paidOutSatang, postedWallets, setTransferFault } from './partner-helpers.ts';
import { httpCall, type HttpAnswer } from './http-helpers.ts';
import { reconcileGameTransfers } from '../modules/play/index.ts';

/**
 * Issue 24 §3: a burst of 12 money calls per member (withdrawals, same-key retries, launches),
 * several members at once, over real sockets, with a game partner that takes 1.5 s per transfer
 * (sandbox fault `slow`) and a REQUEST_TIMEOUT_MS below the calls' running time. Every request
 * gets an HTTP answer (2xx, or a Thai 409/422): none is a socket error. Run it on PostgreSQL
 * (DATABASE_URL=…) for real concurrency; on PGlite it runs serialized.
 */
const MEMBERS = 4;
const FUNDED_SATANG = 100_000n;
const REQUEST_TIMEOUT_MS = 2_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      PROVIDER_TIMEOUT_MS: '8000',
      GAME_PARTNER_MAX_APPLY_MS: '100',
      GAME_TRANSFER_VOID_GRACE_MS: '20000',
      TRUST_PROXY: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** The 12 calls of one member: 4 withdrawals of their own keys, 2 same-key retries of the first, 6 launches. */
function memberBurst(token: string, memberIndex: number): Array<{ kind: 'withdrawal' | 'launch'; key?: string; answer: Promise<HttpAnswer> }> {
  const withdraw = (key: string) => ({
    kind: 'withdrawal' as const,
    key,
    answer: httpCall(t, { method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: 100, Channel: 'BANK' }, headers: { 'idempotency-key': key } }),
  });
  const launch = () => ({ kind: 'launch' as const, answer: httpCall(t, { method: 'POST', url: '/game-composite/v1/launch', token, body: { gameCode: 'sabai-slot-golden-elephant' } }) });
  const keys = Array.from({ length: 4 }, (_, index) => `burst-${memberIndex}-${index}`);
  return [withdraw(keys[0]!), launch(), withdraw(keys[1]!), launch(), withdraw(keys[0]!), launch(), withdraw(keys[2]!), launch(), withdraw(keys[0]!), launch(), withdraw(keys[3]!), launch()];
}

describe('a burst of 12 money calls per member over HTTP', () => {
  it('answers every request (2xx or a Thai 409/422), hangs none up, pays no withdrawal twice', async () => {
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fundedMember(t, '1000.00')));
    await setTransferFault(t, 'slow');
    const startedAt = Date.now();
    let calls;
    try {
      calls = members.flatMap((member, index) => memberBurst(member.token, index).map((call) => ({ ...call, memberIndex: index })));
      await Promise.all(calls.map((call) => call.answer));
    } finally {
      await setTransferFault(t, 'ok');
    }
    const answers = await Promise.all(calls.map(async (call) => ({ ...call, answer: await call.answer })));
    const elapsedMs = Date.now() - startedAt;

    const socketErrors = answers.filter((entry) => entry.answer.kind === 'socket-error');
    expect(socketErrors).toEqual([]);
    const byStatus = new Map<string, number>();
    for (const { kind, answer } of answers) {
      if (answer.kind !== 'answer') continue;
      const label = `${kind} ${answer.status}${answer.body.code ? ` ${answer.body.code}` : ''}`;
      byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
      if (answer.status === 200) continue;
      expect([409, 422]).toContain(answer.status);
      expect(answer.body.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    console.log(`burst: ${answers.length} calls in ${elapsedMs} ms`, Object.fromEntries([...byStatus].sort()));
    // Some calls of every kind got through: the burst is not all refusals.
    expect(answers.some(({ kind, answer }) => kind === 'withdrawal' && answer.kind === 'answer' && answer.status === 200)).toBe(true);
    expect(answers.some(({ kind, answer }) => kind === 'launch' && answer.kind === 'answer' && answer.status === 200)).toBe(true);

    // The same key answered 200 is the same withdrawal every time.
    for (const [index] of members.entries()) {
      const ids = new Set(
        answers
          .filter((entry) => entry.memberIndex === index && entry.key === `burst-${index}-0` && entry.answer.kind === 'answer' && entry.answer.status === 200)
          .map((entry) => (entry.answer.kind === 'answer' ? entry.answer.body.data.withdrawalId : undefined)),
      );
      expect(ids.size).toBeLessThanOrEqual(1);
    }

    // Money reconciles: what each member was funded is in the main wallet, in the game, or paid
    // out; the ledger's game wallet is the partner's; no key made two withdrawals.
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    for (const member of members) {
      const memberId = await memberIdOf(t, member.phoneNumber);
      const wallets = await postedWallets(t, memberId);
      expect(wallets.main + wallets.game + (await paidOutSatang(t, memberId))).toBe(FUNDED_SATANG);
      expect(await ledgerGame(t, memberId)).toBe(await liveGame(t, memberId));
      const { rows } = await t.db.query<{ request_key: string; count: string }>(
        'SELECT request_key, count(*)::text AS count FROM withdrawals WHERE member_id = $1 GROUP BY request_key HAVING count(*) > 1',
        [memberId],
      );
      expect(rows).toEqual([]);
    }
    await expectLedgerSound(t);
  }, 180_000);
});
