import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { signPartnerRequest } from '@sabai/sandbox';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, staffCall } from '../../test/money-helpers.ts';
import { ensureGameAccount } from './ensure-game-account.ts';
import { moveGameCredit } from './move-game-credit.ts';
import { reconcileGameTransfers } from './reconcile-game-transfers.ts';
import { countsTowardTurnover, pullBetRecords } from './pull-bet-records.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxFaultHoldMs: 1_500 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const AGENT = { id: 'sabai-demo-agent', secret: 'sandbox-agent-secret-change-me' };

/** Calls the sandbox partner's own API as the operator's agent (for fault switches and test tools). */
async function partnerCall(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown) {
  const rawBody = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = signPartnerRequest({ agentSecret: AGENT.secret, timestamp, method, pathWithQuery, rawBody });
  const response = await fetch(`${t.sandboxUrl}${pathWithQuery}`, {
    method,
    headers: { 'x-agent-id': AGENT.id, 'x-timestamp': timestamp, 'x-signature': signature, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: rawBody }),
  });
  return { status: response.status, json: (await response.json()) as any };
}
const setTransferFault = (transfer: string) => partnerCall('POST', '/partner/v1/sandbox/faults', { transfer });

async function memberIdOf(phoneNumber: string): Promise<string> {
  return (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
}
async function ledgerGame(memberId: string): Promise<bigint> {
  return availableCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'game')));
}
async function liveGame(memberId: string): Promise<bigint> {
  const account = await ensureGameAccount(t.context, memberId);
  return t.context.partner.getBalance(account.username);
}

/** Plays `spins` slot spins of `stakeBaht` through the partner's game API, as the game page does. */
async function playSlot(token: string, spins: number, stakeBaht: number) {
  const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token, body: { gameCode: 'sabai-slot-golden-elephant' } });
  expect(launch.status).toBe(200);
  const opened = await fetch(launch.body.data.url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const sessionToken = (opened.headers.get('location') ?? '').split('/').pop()!;
  const rounds: Array<{ stake: number; payout: number; result: string; balance: number }> = [];
  for (let spin = 0; spin < spins; spin += 1) {
    const response = await fetch(`${t.sandboxUrl}/games/api/slot/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: sessionToken, stake: stakeBaht.toFixed(2) }) });
    const body = (await response.json()) as { stake: string | number; payout: string | number; result: string; balance: string | number };
    rounds.push({ stake: Number(body.stake), payout: Number(body.payout), result: body.result, balance: Number(body.balance) });
  }
  return rounds;
}

describe('partner adapter contract (sandbox partner over HTTP)', () => {
  it('creates a member idempotently, moves credit in and out once per reference, and reports status', async () => {
    const partner = t.context.partner;
    const username = `ct${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const first = await partner.createMember(username);
    expect(await partner.createMember(username)).toEqual(first);
    expect(await partner.getBalance(username)).toBe(0n);
    const reference = `ref-${randomUUID()}`;
    expect(await partner.transfer({ reference, username, direction: 'in', amountSatang: 12_345n })).toEqual({ outcome: 'succeeded', receipt: { balanceAfterSatang: 12_345n } });
    expect(await partner.transfer({ reference, username, direction: 'in', amountSatang: 12_345n })).toEqual({ outcome: 'succeeded', receipt: { balanceAfterSatang: 12_345n } });
    expect(await partner.getBalance(username)).toBe(12_345n);
    expect(await partner.transfer({ reference: `ref-${randomUUID()}`, username, direction: 'out', amountSatang: 20_000n })).toMatchObject({ outcome: 'failed' });
    expect(await partner.getTransferStatus(reference)).toMatchObject({ status: 'succeeded' });
    expect(await partner.getTransferStatus('never-sent')).toEqual({ status: 'not_found' });
  });

  it('lists a playable slot and baccarat table and gives a launch URL', async () => {
    const games = await t.context.partner.listGames();
    expect(games.map((game) => game.code)).toEqual(expect.arrayContaining(['sabai-slot-golden-elephant', 'sabai-baccarat-1']));
    expect((await t.context.partner.listGames('EGAMES')).every((game) => game.category === 'EGAMES')).toBe(true);
  });
});

describe('game wallet money movement', () => {
  it('continues a credited deposit into the game account, and refresh shows GameInfo', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(member.phoneNumber);
    expect(await ledgerGame(memberId)).toBe(50_000n);
    expect(await liveGame(memberId)).toBe(50_000n);
    const refresh = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: member.token });
    expect(refresh.body.data.GameInfo).toMatchObject({ username: expect.stringMatching(/^sbi[a-z0-9]{8}$/), Partner: 'Sabai Games' });
    expect(refresh.body.data.internalWallet).toMatchObject({ mainWallet: 0, gameWallet: 500 });
  });

  it.each([
    ['in', 'timeout_after_applying'],
    ['in', 'error_before_applying'],
    ['in', 'slow'],
    ['in', 'duplicate_delivery'],
    ['out', 'timeout_after_applying'],
    ['out', 'error_before_applying'],
    ['out', 'slow'],
  ] as const)('GAME_%s with the partner fault %s ends with ledger and partner in agreement', async (direction, fault) => {
    const member = await fundedMember(t, '300.00');
    const memberId = await memberIdOf(member.phoneNumber);
    if (direction === 'in') expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    await setTransferFault(fault);
    let outcome;
    try {
      outcome = await moveGameCredit(t.context, { memberId, direction, amountSatang: 10_000n });
    } finally {
      await setTransferFault('ok');
    }
    if (fault === 'timeout_after_applying' || fault === 'error_before_applying') expect(outcome.status).toBe('sending');
    // The reconciliation job asks the partner; a transfer it never received is voided after the grace.
    await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    if (fault === 'error_before_applying') {
      // Past the void grace (longer than the partner's maximum apply time): never applied, so voided.
      await t.db.query(`UPDATE game_transfers SET created_at = now() - ($2 + 1000) * interval '1 millisecond' WHERE member_id = $1 AND status = 'sending'`, [
        memberId,
        t.context.config.GAME_TRANSFER_VOID_GRACE_MS,
      ]);
      await reconcileGameTransfers(t.context, { minAgeMs: 0 });
    }
    const open = await t.db.query(`SELECT 1 FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId]);
    expect(open.rowCount).toBe(0);
    expect(await ledgerGame(memberId)).toBe(await liveGame(memberId));
    const expectedGame = fault === 'error_before_applying' ? (direction === 'in' ? 0n : 30_000n) : direction === 'in' ? 10_000n : 20_000n;
    expect(await ledgerGame(memberId)).toBe(expectedGame);
    await expectLedgerSound(t);
  });

  it('never credits twice when the same partner transfer is repeated', async () => {
    const member = await fundedMember(t, '200.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const { rows } = await t.db.query<{ id: string; amount_satang: bigint }>(`SELECT id, amount_satang FROM game_transfers WHERE member_id = $1`, [memberId]);
    const account = await ensureGameAccount(t.context, memberId);
    const again = await t.context.partner.transfer({ reference: rows[0]!.id, username: account.username, direction: 'in', amountSatang: rows[0]!.amount_satang });
    expect(again).toEqual({ outcome: 'succeeded', receipt: { balanceAfterSatang: 20_000n } });
    expect(await liveGame(memberId)).toBe(20_000n);
    expect(await ledgerGame(memberId)).toBe(20_000n);
  });

  it('brings play results back: a withdrawal takes the live game balance, wins and losses booked as GAME_RESULT', async () => {
    const member = await fundedMember(t, '1000.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const rounds = await playSlot(member.token, 5, 10);
    const live = await liveGame(memberId);
    expect(Number(live) / 100).toBe(rounds.at(-1)!.balance);
    const wallet = await t.call({ method: 'GET', url: '/game-composite/v1/wallet', token: member.token });
    expect(wallet.body.data.gameWallet).toBe(rounds.at(-1)!.balance);
    const withdrawal = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' } });
    expect(withdrawal.body.data.Status).toBe(1);
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: member.token });
    const totalAfter = Math.round((balance.body.data.mainWallet + balance.body.data.gameWallet) * 100);
    expect(BigInt(totalAfter)).toBe(live - 10_000n);
    const report = await staffCall(t, 'GET', '/admin-api/v1/game/reconciliation?limit=200');
    const line = report.body.data.members.find((entry: { memberId: string }) => entry.memberId === memberId);
    expect(line).toMatchObject({ difference: 0, transfersInFlight: 0 });
  });
});

describe('turnover from bet records', () => {
  it.each([
    [{ status: 'settled', result: 'win' }, true, 'a won bet counts'],
    [{ status: 'settled', result: 'loss' }, true, 'a lost bet counts'],
    [{ status: 'settled', result: 'draw' }, false, 'a draw is refunded: spec §2 does not count it'],
    [{ status: 'cancelled', result: 'draw' }, false, 'cancelled rounds never count'],
    [{ status: 'refunded', result: 'draw' }, false, 'refunded rounds never count'],
  ])('%o counts: %s (%s)', (round, expected) => {
    expect(countsTowardTurnover(round)).toBe(expected);
  });

  it('counts settled wins and losses, ignores draws, survives re-pulls and cancellations', async () => {
    const member = await fundedMember(t, '1000.00');
    const rounds = await playSlot(member.token, 6, 10);
    await pullBetRecords(t.context);
    const counted = rounds.filter((round) => round.result !== 'draw').length * 10;
    const rolling = await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token: member.token });
    expect(rolling.body.data).toMatchObject({ nowTurnover: counted, needTurnover: 0, isMet: true });

    // Re-pulling the same records from the start changes nothing.
    await t.db.query('UPDATE bet_feed_cursors SET cursor_value = NULL');
    await pullBetRecords(t.context);
    expect((await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token: member.token })).body.data.nowTurnover).toBe(counted);

    // A cancelled round stops counting.
    const memberId = await memberIdOf(member.phoneNumber);
    const { rows } = await t.db.query<{ round_id: string; stake_satang: bigint }>(
      `SELECT round_id, stake_satang FROM bet_rounds WHERE member_id = $1 AND status = 'settled' AND result = 'loss' LIMIT 1`,
      [memberId],
    );
    if (rows[0]) {
      expect((await partnerCall('POST', `/partner/v1/sandbox/rounds/${rows[0].round_id}/cancel`)).status).toBe(200);
      await pullBetRecords(t.context);
      expect((await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token: member.token })).body.data.nowTurnover).toBe(counted - 10);
    }
  });
});
