import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';
import {
  gameResultsPosted,
  ledgerGame,
  liveGame,
  memberIdOf,
  openSlotSession,
  partnerCall,
  postedWallets,
  setTransferFault,
  spinScripted,
} from '../../test/partner-helpers.ts';
import { PartnerUnavailableError, type PartnerAdapter } from '../../adapters/partner/index.ts';
import { moveGameCredit } from './move-game-credit.ts';
import { reconcileGameTransfers } from './reconcile-game-transfers.ts';
import { pullBetRecords } from './pull-bet-records.ts';

/**
 * Issue 15: the game wallet never creates money. Results come from rounds; differences nothing
 * explains go to a case and suspense; one money operation per member at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxFaultHoldMs: 4_000, env: { PROVIDER_TIMEOUT_MS: '3000', GAME_PARTNER_MAX_APPLY_MS: '100', GAME_TRANSFER_VOID_GRACE_MS: '5000' } });
});
afterAll(async () => {
  await setTransferFault(t, 'ok');
  await expectLedgerSound(t);
  await t.close();
});

/** Runs `work` with the partner adapter's transfer wrapped by `before` (a deterministic interleaving). */
async function withPartnerTransferHook(before: (input: Parameters<PartnerAdapter['transfer']>[0]) => Promise<void>, work: () => Promise<void>) {
  const original = t.context.partner;
  t.context.partner = { ...original, partnerName: original.partnerName, transfer: async (input) => (await before(input), original.transfer(input)) };
  try {
    await work();
  } finally {
    t.context.partner = original;
  }
}

async function openCase(memberId: string) {
  const cases = await staffCall(t, 'GET', `/admin-api/v1/game/cases?memberId=${memberId}`);
  expect(cases.status).toBe(200);
  return cases.body.data[0] as { id: string; difference: number; suspense: number; evidence: { entries: Array<Record<string, unknown>> } } | undefined;
}

describe('game results come from rounds, never from balance differences', () => {
  it('books nothing when the partner refuses a GAME_OUT the member outplayed, and books the round itself', async () => {
    const member = await fundedMember(t, '300.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const session = await openSlotSession(t, memberId);
    let outcome;
    // Between our reservation and the partner call, the member loses 100 at the partner.
    await withPartnerTransferHook(
      async (input) => {
        if (input.direction === 'out') await spinScripted(t, memberId, session, ['loss'], 100);
      },
      async () => {
        outcome = await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' });
      },
    );
    expect(outcome).toMatchObject({ status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect(await gameResultsPosted(t, memberId)).toBe(0n);
    await pullBetRecords(t.context);
    expect(await gameResultsPosted(t, memberId)).toBe(-10_000n);
    expect(await ledgerGame(t, memberId)).toBe(20_000n);
    expect(await liveGame(t, memberId)).toBe(20_000n);
  });

  it('settles a GAME_OUT that raced a GAME_IN still in flight without inventing a result', async () => {
    const member = await fundedMember(t, '200.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 10_000n })).status).toBe('succeeded');
    // GAME_IN of 100: the partner applies it at once and answers 1.5 s later (our call is still open).
    await setTransferFault(t, 'slow');
    const gameIn = moveGameCredit(t.context, { memberId, direction: 'in', amountSatang: 'all' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setTransferFault(t, 'ok');
    // The old settlement read the partner's 200 against the ledger's 100 and booked a +100 "win".
    const gameOut = await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' });
    expect(['succeeded', 'skipped']).toContain(gameOut.status);
    // Its own answer came after our 800 ms timeout: unknown to it, settled by whoever asked the partner.
    expect(['succeeded', 'sending']).toContain((await gameIn).status);
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    expect(await gameResultsPosted(t, memberId)).toBe(0n);
    expect(await ledgerGame(t, memberId)).toBe(await liveGame(t, memberId));
    const wallets = await postedWallets(t, memberId);
    expect(wallets.main + wallets.game).toBe(20_000n);
  });

  it('never books a stale balance: a GAME_OUT that completes between another one\u2019s balance read and its reservation', async () => {
    const member = await fundedMember(t, '1000.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const original = t.context.partner;
    let raced: Promise<unknown> | undefined;
    // Right after the first settlement reads the partner's balance, a second GAME_OUT runs to the end.
    t.context.partner = {
      ...original,
      partnerName: original.partnerName,
      getBalance: async (username) => {
        const balance = await original.getBalance(username);
        if (!raced) {
          raced = moveGameCredit({ ...t.context, partner: original }, { memberId, direction: 'out', amountSatang: 'all' });
          await raced;
        }
        return balance;
      },
    };
    let first;
    try {
      first = await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' });
    } finally {
      t.context.partner = original;
    }
    expect(await raced).toMatchObject({ status: 'succeeded', amountSatang: 100_000n });
    expect(first).toMatchObject({ status: 'skipped', reason: 'NOTHING_TO_MOVE' });
    // The old settlement booked the stale 1,000 as a "win" here and the member held 2,000.
    expect(await gameResultsPosted(t, memberId)).toBe(0n);
    expect(await postedWallets(t, memberId)).toEqual({ main: 100_000n, game: 0n });
    expect(await liveGame(t, memberId)).toBe(0n);
  });

  it('pays a winner at settlement: the rounds are pulled when the member withdraws', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const session = await openSlotSession(t, memberId);
    const [round] = await spinScripted(t, memberId, session, ['win'], 10);
    const winSatang = BigInt(Math.round((round!.payout - round!.stake) * 100));
    expect(winSatang).toBeGreaterThan(0n);
    const total = 10_000n + winSatang;
    const withdrawal = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: Number(total) / 100, Channel: 'BANK' } });
    expect(withdrawal.status).toBe(200);
    expect(await gameResultsPosted(t, memberId)).toBe(winSatang);
    expect(await liveGame(t, memberId)).toBe(0n);
  });
});

describe('differences nothing explains go to a case for staff, never to the member', () => {
  it('keeps a partner double application out of the member balance and lets staff align the partner', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    await setTransferFault(t, 'apply_twice');
    try {
      expect((await postFeed(t, 'statement', statementFrom(member, '1000.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    } finally {
      await setTransferFault(t, 'ok');
    }
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect(await ledgerGame(t, memberId)).toBe(100_000n);
    expect(await liveGame(t, memberId)).toBe(200_000n);

    const run = await staffCall(t, 'POST', `/admin-api/v1/game/reconciliation/run?memberId=${memberId}`);
    expect(run.body.data.members[0]).toMatchObject({ state: 'difference', ledgerGameWallet: 1000, partnerGameWallet: 2000, difference: 1000 });
    const gameCase = await openCase(memberId);
    expect(gameCase).toMatchObject({ difference: 1000, suspense: 0 });
    expect(gameCase!.evidence.entries.at(-1)).toMatchObject({ kind: 'BALANCE_DIFFERENCE', transfers: [expect.objectContaining({ direction: 'in', ourStatus: 'succeeded', partnerStatus: 'succeeded' })] });

    // The member withdraws everything they own: 1,000, not the partner's 2,000.
    const withdrawal = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: 1000, Channel: 'BANK' } });
    expect(withdrawal.status).toBe(200);
    expect(await gameResultsPosted(t, memberId)).toBe(0n);
    expect(await liveGame(t, memberId)).toBe(100_000n);
    const refused = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: 1000, Channel: 'BANK' } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('ยอดเงินไม่เพียงพอ');

    const resolved = await staffCall(t, 'POST', `/admin-api/v1/game/cases/${gameCase!.id}/resolve`, { resolution: 'align_partner', reason: 'partner applied gtr twice; confirmed by their support' });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', partnerMoved: 1000, writtenOff: 0 });
    expect(await liveGame(t, memberId)).toBe(0n);
    const audit = await t.db.query<{ action: string; details: { reason: string }; actor_role: string | null; address: string | null }>(`SELECT action, details, actor_role, address FROM audit_log WHERE subject_id = $1`, [gameCase!.id]);
    expect(audit.rows).toEqual([expect.objectContaining({ action: 'game_case.align_partner', details: expect.objectContaining({ reason: expect.stringContaining('twice') }), actor_role: 'owner', address: '127.0.0.1' })]);
    const again = await staffCall(t, 'POST', `/admin-api/v1/game/cases/${gameCase!.id}/resolve`, { resolution: 'write_off', reason: 'again' });
    expect(again.status).toBe(409);
    await expectLedgerSound(t);
  });

  it('books a loss of credit the member never had to suspense, and staff write it off', async () => {
    const member = await t.signUp();
    await setTransferFault(t, 'apply_twice');
    try {
      await postFeed(t, 'statement', statementFrom(member, '100.00'), { sourceId: 'src_statement_bbl' });
    } finally {
      await setTransferFault(t, 'ok');
    }
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect(await liveGame(t, memberId)).toBe(20_000n);
    const session = await openSlotSession(t, memberId);
    await spinScripted(t, memberId, session, ['loss', 'loss'], 100);
    await pullBetRecords(t.context);
    // 200 lost: 100 was the member's, 100 the partner's mistake.
    expect(await gameResultsPosted(t, memberId)).toBe(-10_000n);
    expect(await ledgerGame(t, memberId)).toBe(0n);
    const gameCase = await openCase(memberId);
    expect(gameCase).toMatchObject({ suspense: 100 });
    await expectLedgerSound(t);
    const resolved = await staffCall(t, 'POST', `/admin-api/v1/game/cases/${gameCase!.id}/resolve`, { resolution: 'write_off', reason: 'partner credit lost in play; claimed from partner' });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', writtenOff: 100 });
    await expectLedgerSound(t);
  });

  it('voids a transfer the partner never received only after the grace, and catches a late apply', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    await setTransferFault(t, 'apply_late');
    let outcome;
    try {
      outcome = await moveGameCredit(t.context, { memberId, direction: 'in', amountSatang: 'all' });
    } finally {
      await setTransferFault(t, 'ok');
    }
    expect(outcome).toMatchObject({ status: 'sending' });
    // Inside the grace: "not found" may still be applied, so it stays in flight.
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    expect((await t.db.query(`SELECT status FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId])).rowCount).toBe(1);
    await t.db.query(`UPDATE game_transfers SET created_at = now() - interval '6 seconds' WHERE member_id = $1 AND status = 'sending'`, [memberId]);
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    expect((await t.db.query(`SELECT failure_reason FROM game_transfers WHERE member_id = $1 AND status = 'failed'`, [memberId])).rows).toEqual([{ failure_reason: 'NOT_RECEIVED_BY_PARTNER' }]);
    expect(await postedWallets(t, memberId)).toEqual({ main: 50_000n, game: 0n });

    // The partner applies it after all.
    const applied = await partnerCall(t, 'POST', '/partner/v1/sandbox/late-transfers/apply');
    expect(applied.json.applied).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    // The watcher asks about voided transfers again once a minute.
    await t.db.query(`UPDATE game_transfers SET late_apply_checked_at = now() - interval '2 minutes' WHERE member_id = $1`, [memberId]);
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    expect(await postedWallets(t, memberId)).toEqual({ main: 50_000n, game: 0n });
    const gameCase = await openCase(memberId);
    expect(gameCase).toMatchObject({ difference: 500 });
    expect(gameCase!.evidence.entries.at(-1)).toMatchObject({ kind: 'APPLIED_AFTER_VOID' });
    await expectLedgerSound(t);
  });

  it('reports an unreadable partner balance as unknown, not as a difference', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const original = t.context.partner;
    t.context.partner = { ...original, partnerName: original.partnerName, getBalance: () => Promise.reject(new PartnerUnavailableError('down')) };
    try {
      const report = await staffCall(t, 'GET', `/admin-api/v1/game/reconciliation?memberId=${memberId}`);
      expect(report.body.data).toMatchObject({ withDifference: 0, unknown: 1, members: [expect.objectContaining({ state: 'unknown', partnerGameWallet: null, difference: null })] });
    } finally {
      t.context.partner = original;
    }
  });

  it('pages through every game account', async () => {
    const seen = new Set<string>();
    let after: string | null = '';
    for (let page = 0; page < 50 && after !== null; page += 1) {
      const report: { body: { data: { members: Array<{ memberId: string }>; nextAfter: string | null } } } = await staffCall(t, 'GET', `/admin-api/v1/game/reconciliation?limit=2${after ? `&after=${after}` : ''}`);
      for (const line of report.body.data.members) seen.add(line.memberId);
      after = report.body.data.nextAfter;
    }
    const { rows } = await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM game_accounts');
    expect(seen.size).toBe(Number(rows[0]!.count));
  });
});

describe('launch and the member lock', () => {
  it('answers a game URL only once the money has arrived in the game', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    await setTransferFault(t, 'timeout_after_applying');
    let launch;
    try {
      launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    } finally {
      await setTransferFault(t, 'ok');
    }
    expect(launch.status).toBe(409);
    expect(launch.body).toMatchObject({ success: false, code: 'GAME_CREDIT_ON_THE_WAY', message: expect.stringContaining('เงินกำลังโอนเข้ากระเป๋าเกม') });
    // An in-flight GAME_IN is not a pending withdrawal.
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: member.token });
    expect(balance.body.data.pendingWithdraw).toBe(0);
    // The next launch asks the partner about it first, and opens the game with the money there.
    const again = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(again.status).toBe(200);
    expect(await ledgerGame(t, memberId)).toBe(10_000n);
    expect(await liveGame(t, memberId)).toBe(10_000n);
  });
});

describe('configuration', () => {
  it('refuses a void grace that is not longer than the provider timeout plus the partner apply time', () => {
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '5000', GAME_PARTNER_MAX_APPLY_MS: '60000', GAME_TRANSFER_VOID_GRACE_MS: '60000' })).toThrow(/GAME_TRANSFER_VOID_GRACE_MS/);
    expect(loadConfig({ PROVIDER_TIMEOUT_MS: '5000', GAME_PARTNER_MAX_APPLY_MS: '60000', GAME_TRANSFER_VOID_GRACE_MS: '65001' }).GAME_TRANSFER_VOID_GRACE_MS).toBe(65_001);
  });
});
