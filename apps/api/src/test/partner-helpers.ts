import { expect } from 'vitest';
import { postedCreditBalance, availableCreditBalance, readAccountBalance, requireMemberAccountId, sumMemberWalletPostings } from '@sabai/ledger';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET, scriptSlotOutcomes, signPartnerRequest } from '@sabai/sandbox';
import { ensureGameAccount } from '../modules/play/index.ts';
import type { TestApp } from './test-app.ts';

/**
 * Test helpers for the game partner: the sandbox partner's own API (fault switches, test tools),
 * scripted slot play as the game page does it, and the member's game wallet in both views.
 */

/** Calls the sandbox partner's agent API as the operator's agent (fault switches and test tools). */
export async function partnerCall(t: TestApp, method: 'GET' | 'POST', pathWithQuery: string, body?: unknown) {
  const rawBody = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = signPartnerRequest({ agentSecret: DEMO_PARTNER_AGENT_SECRET, timestamp, method, pathWithQuery, rawBody });
  const response = await fetch(`${t.sandboxUrl}${pathWithQuery}`, {
    method,
    headers: { 'x-agent-id': DEMO_PARTNER_AGENT_ID, 'x-timestamp': timestamp, 'x-signature': signature, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: rawBody }),
  });
  return { status: response.status, json: (await response.json()) as any };
}

export type TransferFault = 'ok' | 'timeout_after_applying' | 'error_before_applying' | 'duplicate_delivery' | 'slow' | 'apply_twice' | 'apply_late';

export async function setTransferFault(t: TestApp, transfer: TransferFault): Promise<void> {
  const response = await partnerCall(t, 'POST', '/partner/v1/sandbox/faults', { transfer });
  if (response.status !== 200) throw new Error(`partner fault switch failed: ${response.status}`);
}

export async function memberIdOf(t: TestApp, phoneNumber: string): Promise<string> {
  return (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
}

/** The ledger's game wallet, available (posted, less pending debits). */
export async function ledgerGame(t: TestApp, memberId: string): Promise<bigint> {
  return availableCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'game')));
}

/** Posted balances of the member's main and game wallets (pending moves not counted either way). */
export async function postedWallets(t: TestApp, memberId: string): Promise<{ main: bigint; game: bigint }> {
  const main = postedCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'main')));
  const game = postedCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'game')));
  return { main, game };
}

export async function liveGame(t: TestApp, memberId: string): Promise<bigint> {
  const account = await ensureGameAccount(t.context, memberId);
  return t.context.partner.getBalance(account.username);
}

/**
 * Opens a game session straight at the partner (no launch through our API, so no member lock
 * and no GAME_IN): what a member already in the game is doing while we settle.
 */
export async function openSlotSession(t: TestApp, memberId: string): Promise<string> {
  const account = await ensureGameAccount(t.context, memberId);
  const url = await t.context.partner.launchUrl({ username: account.username, gameCode: 'sabai-slot-golden-elephant', returnUrl: 'http://127.0.0.1/user/home' });
  const opened = await fetch(url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  return (opened.headers.get('location') ?? '').split('/').pop()!;
}

/** Plays scripted slot spins in an open session: `loss` pays 0, so each loses the whole stake. */
export async function spinScripted(t: TestApp, memberId: string, sessionToken: string, outcomes: Array<'loss' | 'win'>, stakeBaht: number) {
  const account = await ensureGameAccount(t.context, memberId);
  await scriptSlotOutcomes({ baseUrl: t.sandboxUrl, agentId: DEMO_PARTNER_AGENT_ID, agentSecret: DEMO_PARTNER_AGENT_SECRET, username: account.username, outcomes });
  const rounds: Array<{ stake: number; payout: number; balance: number }> = [];
  for (let spin = 0; spin < outcomes.length; spin += 1) {
    const response = await fetch(`${t.sandboxUrl}/games/api/slot/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: sessionToken, stake: stakeBaht.toFixed(2) }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { stake: string | number; payout: string | number; balance: string | number };
    rounds.push({ stake: Number(body.stake), payout: Number(body.payout), balance: Number(body.balance) });
  }
  return rounds;
}

/** Sum of GAME_RESULT postings on the member's game wallet (credit − debit), satang. */
export async function gameResultsPosted(t: TestApp, memberId: string): Promise<bigint> {
  const posted = await sumMemberWalletPostings(t.db, { kind: 'game', transferCode: 'GAME_RESULT', memberId });
  return posted.get(memberId) ?? 0n;
}

/** Withdrawals paid out (posted WITHDRAW), satang; an open one is still in the posted main wallet. */
export async function paidOutSatang(t: TestApp, memberId: string): Promise<bigint> {
  const { rows } = await t.db.query<{ total: bigint }>(
    `SELECT coalesce(sum(amount_satang), 0)::int8 AS total FROM withdrawals WHERE member_id = $1 AND status = 'paid'`,
    [memberId],
  );
  return rows[0]?.total ?? 0n;
}
