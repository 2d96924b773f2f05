import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test/money-helpers.ts';
import { betBody, createHub88Kit, hub88Player, mainSatang, rollbackBody, walletCall, winBody, type Hub88Kit } from './hub88-test-kit.ts';

/**
 * Model-based property test of the Hub88 seamless wallet (issue 30 §1) on the real database
 * (PGlite here, PostgreSQL with DATABASE_URL): random sequences of bets, wins, rollbacks (of known
 * bets, and of bets not sent yet, which come later), and verbatim retries of any earlier call.
 * After each sequence:
 * - every answer is the model's status, and a retry answers the identical bytes;
 * - the main wallet = deposit − accepted bets + wins + rolled-back bets, never below zero;
 * - the ledger reconciles (balanced entries, cached totals, the seamless invariant).
 */
let kit: Hub88Kit;
beforeAll(async () => {
  kit = await createHub88Kit();
}, 120_000);
afterAll(async () => kit?.close());

type Step =
  | { kind: 'bet'; baht: number; useTombstone: boolean }
  | { kind: 'win'; pick: number; baht: number; unknown: boolean }
  | { kind: 'rollback'; pick: number; unknown: boolean }
  | { kind: 'retry'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), baht: fc.integer({ min: 1, max: 40_000 }).map((satang) => satang / 100), useTombstone: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('win' as const), pick: fc.nat(), baht: fc.integer({ min: 0, max: 60_000 }).map((satang) => satang / 100), unknown: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat(), unknown: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
);

interface ModelBet { uuid: string; round: string; satang: bigint; state: 'accepted' | 'refused' | 'rolled_back' }

describe('Hub88 seamless wallet, model-based', () => {
  it('keeps balance = deposit − bets + wins + rolled-back bets through any order of calls and retries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const p = await hub88Player(kit, '1000');
        let balance = 100_000n;
        const bets: ModelBet[] = [];
        const tombstones: string[] = [];
        const sent: Array<{ path: string; body: unknown; raw: string }> = [];
        const send = async (path: string, body: unknown, expected: string) => {
          const answer = await walletCall(kit, path, body);
          expect(answer.httpStatus).toBe(200);
          expect(answer.json.status, `${path} ${JSON.stringify(body)}`).toBe(expected);
          sent.push({ path, body, raw: answer.raw });
        };
        for (const s of steps) {
          if (s.kind === 'bet') {
            const tombstone = s.useTombstone ? tombstones.shift() : undefined;
            const body = betBody(p, s.baht, tombstone ? { transaction_uuid: tombstone } : {});
            const satang = BigInt(Math.round(s.baht * 100));
            if (tombstone) {
              await send('/transaction/bet', body, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
              continue;
            }
            const isAccepted = satang <= balance;
            await send('/transaction/bet', body, isAccepted ? 'RS_OK' : 'RS_ERROR_NOT_ENOUGH_MONEY');
            if (isAccepted) balance -= satang;
            bets.push({ uuid: body.transaction_uuid, round: body.round, satang, state: isAccepted ? 'accepted' : 'refused' });
          } else if (s.kind === 'win') {
            const bet = s.unknown || bets.length === 0 ? undefined : bets[s.pick % bets.length];
            const body = winBody(p, bet ? { transaction_uuid: bet.uuid, round: bet.round } : { transaction_uuid: randomUUID(), round: randomUUID() }, s.baht);
            const expected = !bet || bet.state === 'refused' ? 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' : bet.state === 'rolled_back' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_OK';
            await send('/transaction/win', body, expected);
            if (expected === 'RS_OK') balance += BigInt(Math.round(s.baht * 100));
          } else if (s.kind === 'rollback') {
            const bet = s.unknown || bets.length === 0 ? undefined : bets[s.pick % bets.length];
            const target = bet?.uuid ?? randomUUID();
            await send('/transaction/rollback', rollbackBody(p, target), 'RS_OK');
            if (!bet) tombstones.push(target);
            else {
              if (bet.state === 'accepted') balance += bet.satang;
              bet.state = 'rolled_back';
            }
          } else if (sent.length > 0) {
            const earlier = sent[s.pick % sent.length]!;
            const again = await walletCall(kit, earlier.path, earlier.body);
            expect(again.raw).toBe(earlier.raw);
          }
          expect(await mainSatang(kit.t, p.memberId)).toBe(balance);
        }
        expect(balance >= 0n).toBe(true);
        await expectLedgerSound(kit.t);
      }),
      { numRuns: 15 },
    );
  }, 600_000);
});
