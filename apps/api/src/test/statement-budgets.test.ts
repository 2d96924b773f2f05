import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, newIp, type TestApp } from './test-app.ts';
import { approveAs, fundedMember, grantPrizeCredit, postFeed, staffCall, statementFrom } from './money-helpers.ts';
import { countStatements, type StatementCounter } from './statement-counter.ts';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { signHub88Body } from '../adapters/partner/index.ts';
import { moveGameCredit } from '../modules/play/index.ts';

/**
 * Statement budgets per member and money call (issue 29 §1, docs/adr/0053): each call goes through
 * `inject` once, warmed, with the app's database client wrapped to count statements and round
 * trips (test/statement-counter.ts); the worker's share that follows a response (the test app's
 * inline outbox run) is not counted. A call over its budget fails here, on PGlite and on
 * PostgreSQL (DATABASE_URL).
 *
 * `budget` is what the test holds a call to: the target where the call meets it, else
 * the count measured after this branch's reductions (so a change that adds a statement is seen).
 * `target` is the figure (or, where it gives none, the measured count); a call whose
 * budget is above its target is still owed work, listed in ADR 0053 and printed by this test.
 * The seamless bet and win (modules/seamless-hub88) are one statement each (docs/adr/0054).
 */
export const STATEMENT_BUDGETS = {
  // Login (issue 29 §3, docs/adr/0065; the issue gives no count, so held to what it makes; was 7
  // and 7): the address counted on arrival, one read before the hash (member, known addresses,
  // failure counters), the session's INSERT and the member card in one statement; a wrong password
  // counts both failure counters in one. A member with an active bonus grant reads the turnover too (4).
  login: { budget: 3, target: 3 },
  'login (wrong password)': { budget: 3, target: 3 },
  // The session check joined to the read (docs/adr/0053, addendum of branch h5); a member with an
  // active bonus grant reads the turnover too (2).
  refresh: { budget: 1, target: 3 },
  balance: { budget: 1, target: 2 },
  'deposit history': { budget: 2, target: 2 },
  'withdraw history': { budget: 2, target: 2 },
  // The paid payout settled in one guarded autocommitted statement (docs/adr/0069): 15 → 12; the
  // member lock released in the reservation's statement, recorded `paying` there (docs/adr/0074): 11.
  'withdrawal (auto-paid)': { budget: 11, target: 15 },
  // Transfer mode: a deposit continues into the game, so a member's first withdrawal brings the
  // credit back from the partner first (GAME_OUT: settle, reserve, partner call, resolve), then pays.
  // The feed cursor, the unbooked-round look and the account ids ride in the withdrawal's snapshot;
  // the reservation and the settlement are one autocommitted statement each (docs/adr/0069): 26 → 14;
  // the member lock released in the withdrawal's reservation (docs/adr/0074): 13.
  'withdrawal (credit back from the game, auto-paid)': { budget: 13, target: 15 },
  // Below its target since the outbox row, the wagering end, the grant read and the house account
  // id joined other statements (docs/adr/0053, addendum of branch h1): held to what it makes; the
  // member lock released in the reservation's statement (docs/adr/0074): 11 → 10.
  'withdrawal (for approval)': { budget: 10, target: 15 },
  // The cross-channel dedupe with slip deposits (issue 28 §2, docs/adr/0055: the same-transfer lock
  // and a look for a slip that already credited the transfer) travels in the bank candidates'
  // statement since migration 0056, and the bonus basis in the grant's locking read (docs/adr/0053,
  // third h1 addendum). Measured as a source in use delivers (its previous delivery within 10 s, as
  // in a burst): a source's first delivery after a quiet spell also records its sign of life, one
  // statement more (12).
  'bank feed (credited)': { budget: 11, target: 12 },
  'bank feed (duplicate)': { budget: 3, target: 12 },
  // The worker's share after a credit (issue 29 §3, docs/adr/0067, 0071), the test app's inline
  // outbox run (relays and deliveries; pg-boss's fetch and completion per job are not in it): a
  // member already in the game, without a LINE link, no bonus asked for, the wheel on. Was 50:
  // continue-into-game 17 → 7, the relay of game-transfer.settled (no handler) 4 → 0, grant-bonus
  // 7 → 6, earn-wheel-credit 8 → 6 (docs/adr/0071): 33. One staged deposit-follow-up delivery for
  // the three (docs/adr/0075): no bonus.decided event and its relay, two delivery reads and two
  // done marks fewer, one transaction for the decision and the wheel: 21 (and 1 pg-boss job
  // instead of 3). The issue gives no count: held to what it makes.
  'bank feed (credited): the follow-up, inline': { budget: 21, target: 21 },
  'promptpay request': { budget: 16, target: 16 },
  // Player protection's exclusion and loss limits travel in the game snapshot's statement (docs/adr/0066).
  launch: { budget: 5, target: 10 },
  // A launch that moves the main wallet into the game (docs/adr/0071): the snapshot's main balance
  // reserved in one statement and settled in one (was 14: two transactions and a look for rounds).
  'launch (moving the main wallet)': { budget: 7, target: 10 },
  'cashback claim': { budget: 9, target: 9 },
  'wheel spin': { budget: 17, target: 17 },
  'item-code redeem': { budget: 16, target: 16 },
  // One call each since docs/adr/0054 (hub88_wallet_bet / hub88_wallet_win); a process's first call
  // and a member with a loss limit take the 5-round-trip path, so the budget allows that path.
  'seamless bet': { budget: 5, target: 1 },
  'seamless win': { budget: 5, target: 1 },
} as const satisfies Record<string, { budget: number; target: number }>;
export type BudgetedCall = keyof typeof STATEMENT_BUDGETS;

const measured = new Map<BudgetedCall, { statements: number; roundTrips: number; texts: string[] }>();

async function measure<T>(counter: StatementCounter, t: TestApp, name: BudgetedCall, call: () => Promise<T>, isOk: (answer: T) => boolean): Promise<T> {
  t.outboxInline.before = () => counter.pause();
  t.outboxInline.after = () => counter.resume();
  // The site settings cache (5 s) is fresh, as it is for all but one call in its window: loaded
  // anew just before, so a slow machine cannot let it expire inside the measured call.
  t.context.siteSettings.invalidate();
  await t.context.siteSettings.get();
  counter.start();
  let answer: T;
  try {
    answer = await call();
  } finally {
    const counted = counter.stop();
    t.outboxInline.before = undefined;
    t.outboxInline.after = undefined;
    measured.set(name, counted);
  }
  expect(isOk(answer), `${name} answered as expected`).toBe(true);
  return answer;
}

/**
 * Counts only what follows `call`'s response (the test app's inline outbox run: the worker's share),
 * not the call itself, as `name`.
 */
async function measureFollowUp<T>(counter: StatementCounter, t: TestApp, name: BudgetedCall, call: () => Promise<T>, isOk: (answer: T) => boolean): Promise<void> {
  t.outboxInline.before = () => counter.start();
  t.outboxInline.after = () => measured.set(name, counter.stop());
  let answer: T;
  try {
    answer = await call();
  } finally {
    t.outboxInline.before = undefined;
    t.outboxInline.after = undefined;
  }
  expect(isOk(answer), `${name} answered as expected`).toBe(true);
}

const expectWithinBudget = (name: BudgetedCall) => {
  const counted = measured.get(name);
  expect(counted, `${name} was measured`).toBeDefined();
  expect(counted!.statements, `${name}: ${counted!.statements} statements\n  ${counted!.texts.join('\n  ')}`).toBeLessThanOrEqual(STATEMENT_BUDGETS[name].budget);
  expect(counted!.roundTrips).toBeLessThanOrEqual(counted!.statements);
};

afterAll(() => {
  const rows = [...measured.entries()].map(([name, counted]) => `${name}: ${counted.statements} statements, ${counted.roundTrips} round trips (budget ${STATEMENT_BUDGETS[name].budget}, issue target ${STATEMENT_BUDGETS[name].target}${counted.statements > STATEMENT_BUDGETS[name].target ? ', target not met' : ''})`);
  console.log(`statement counts (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):\n  ${rows.join('\n  ')}`);
  if (process.env.STATEMENT_TEXTS) for (const [name, counted] of measured) console.log(`${name}:\n    ${counted.texts.join('\n    ')}`);
});

describe('statement budgets of member and money calls (issue 29 §1)', () => {
  let t: TestApp;
  let counter: StatementCounter;
  beforeAll(async () => {
    t = await createTestApp();
    counter = countStatements(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('login: the right password and a wrong one within their budgets', async () => {
    const member = await t.signUp();
    const ip = newIp();
    const logIn = (password: string) => () =>
      t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: password }, ip });
    await logIn(member.password)(); // warm: the app key and site settings caches
    await measure(counter, t, 'login', logIn(member.password), (answer) => answer.status === 200 && typeof answer.body.authToken === 'string' && answer.body.data.PhoneNumber === member.phoneNumber);
    await measure(counter, t, 'login (wrong password)', logIn('not-the-password-1'), (answer) => answer.status === 401 && answer.body.code === 'INVALID_CREDENTIALS');
    expectWithinBudget('login');
    expectWithinBudget('login (wrong password)');
  });

  it('reads: refresh, balance and the histories within their budgets', async () => {
    const member = await fundedMember(t, '500.00');
    const ip = newIp();
    const get = (url: string) => () => t.call({ method: 'GET', url, token: member.token, ip });
    const reads: Array<[BudgetedCall, string]> = [
      ['refresh', '/auth-service/v1/refresh'],
      ['balance', '/user-profile-composite/v1/profile/balance'],
      ['deposit history', '/user-profile-composite/v1/history/deposit?page=1&pageSize=20'],
      ['withdraw history', '/user-profile-composite/v1/history/withdraw?page=1&pageSize=20'],
    ];
    // Warm: the first call of each fills caches (site settings, the app key) that every later call shares.
    for (const [, url] of reads) await get(url)();
    for (const [name, url] of reads) await measure(counter, t, name, get(url), (answer) => answer.status === 200);
    for (const [name] of reads) expectWithinBudget(name);
  });

  it('withdrawal, auto-paid and for approval, within its budget', async () => {
    const member = await fundedMember(t, '20000.00');
    const withdraw = (Amount: number) => () =>
      t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } });
    // Warm the path once (a first withdrawal also moves the deposit back from the game wallet).
    expect((await withdraw(100)()).status).toBe(200);
    // Another member's first withdrawal: the deposit continued into the game, so it comes back first.
    const second = await fundedMember(t, '20000.00');
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: second.token })).body.data.gameWallet).toBe(20_000);
    await measure(counter, t, 'withdrawal (credit back from the game, auto-paid)', () =>
      t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: second.token, body: { Amount: 100, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } }), (answer) => answer.status === 200);
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: second.token })).body.data.gameWallet).toBe(0);
    await measure(counter, t, 'withdrawal (auto-paid)', withdraw(100), (answer) => answer.status === 200);
    await measure(counter, t, 'withdrawal (for approval)', withdraw(6_000), (answer) => answer.status === 200);
    const pending = await staffCall(t, 'GET', '/admin-api/v1/withdrawals?status=pending_approval');
    expect(pending.body.data.length).toBeGreaterThan(0);
    expectWithinBudget('withdrawal (auto-paid)');
    expectWithinBudget('withdrawal (for approval)');
    expectWithinBudget('withdrawal (credit back from the game, auto-paid)');
  });

  it('bank-feed delivery, credited and duplicate, within its budget', async () => {
    const member = await t.signUp();
    // The source's previous delivery just before (a source in use): its sign of life is recorded.
    await fundedMember(t, '100.00');
    const line = statementFrom(member, '150.00');
    // A source in use has delivered within the last 10 s (record-feed-source-contact.ts): stated here
    // rather than left to the clock, so a slow machine (the inline outbox run after each call can take
    // seconds under load) does not measure a quiet source's first delivery instead.
    const inUse = () => t.db.query(`UPDATE bank_feed_sources SET last_event_at = now() WHERE id = 'src_statement_bbl'`);
    await inUse();
    await measure(counter, t, 'bank feed (credited)', () => postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' }), (answer) => answer.body.data?.status === 'credited');
    await inUse();
    await measure(counter, t, 'bank feed (duplicate)', () => postFeed(t, 'statement', line, { sourceId: 'src_statement_bbl' }), (answer) => answer.status === 200);
    // The member's second credit (the first one's follow-up also opened their game account).
    await inUse();
    const second = statementFrom(member, '160.00');
    await measureFollowUp(counter, t, 'bank feed (credited): the follow-up, inline', () => postFeed(t, 'statement', second, { sourceId: 'src_statement_bbl' }), (answer) => answer.body.data?.status === 'credited');
    expectWithinBudget('bank feed (credited)');
    expectWithinBudget('bank feed (duplicate)');
    expectWithinBudget('bank feed (credited): the follow-up, inline');
  });

  it('PromptPay request, launch, cashback claim, wheel spin, item-code redeem', async () => {
    const member = await fundedMember(t, '1000.00');
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    const ip = newIp();
    const post = (url: string, body: unknown) => () => t.call({ method: 'POST', url, token: member.token, body, ip });
    const get = (url: string) => () => t.call({ method: 'GET', url, token: member.token, ip });

    expect((await post('/user-profile-composite/v1/deposit/promptpay', { Amount: 101 })()).status).toBe(200);
    await measure(counter, t, 'promptpay request', post('/user-profile-composite/v1/deposit/promptpay', { Amount: 102 }), (answer) => answer.status === 200);

    const gameCode = (await t.call({ method: 'GET', url: '/game-composite/v1/games', token: member.token, ip })).body.data?.[0]?.gameCode ?? 'sabai-slot-golden-elephant';
    expect((await post('/game-composite/v1/launch', { gameCode })()).status).toBe(200);
    await measure(counter, t, 'launch', post('/game-composite/v1/launch', { gameCode }), (answer) => answer.status === 200);

    // Cashback and prize credit granted straight through the ledger (their computing jobs are tested in their modules).
    await inLedgerTransaction(t.db, async (tx) => {
      expectPosted(await postTransfer(tx, {
        idempotencyKey: `budget-test:cashback:${memberId}`,
        code: 'CASHBACK',
        debitAccountId: await requireAccountId(tx, 'house:expense:adjustment'),
        creditAccountId: await requireMemberAccountId(tx, memberId, 'cashback'),
        amountSatang: 3_500n,
      }));
    });
    await grantPrizeCredit(t, memberId, 10_000n);
    await measure(counter, t, 'cashback claim', get('/user-profile-composite/v1/users/cashback/vertify'), (answer) => answer.status === 200);
    expect((await post('/prize-composite/v1/spins', { OpenBox: true })()).status).toBe(200);
    await measure(counter, t, 'wheel spin', post('/prize-composite/v1/spins', { OpenBox: true }), (answer) => answer.status === 200);

    const code = `BUDGET${Date.now().toString(36).toUpperCase()}`;
    const created = await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code, amount: 50, totalUses: 10, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, 'marketing');
    expect(created.status).toBe(200);
    expect((await approveAs(t, created.body.data.approvalId, 'finance')).status).toBe(200);
    await measure(counter, t, 'item-code redeem', post('/user-profile-composite/v1/topup/itemcode/redeem', { redeem_code: code }), (answer) => answer.status === 200);

    // The member's game credit brought back to main (a withdrawal's first step), then a launch moves it in.
    expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    await measure(counter, t, 'launch (moving the main wallet)', post('/game-composite/v1/launch', { gameCode }), (answer) => answer.status === 200);

    for (const name of ['promptpay request', 'launch', 'cashback claim', 'wheel spin', 'item-code redeem', 'launch (moving the main wallet)'] as const) expectWithinBudget(name);
  });
});

/**
 * A stand-in for Hub88's Operator API (the game URL only; the module's own kit and the sandbox have
 * the full one) and the wallet calls as Hub88 signs them.
 */
async function startHub88StandIn() {
  const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const hub88Pair = pem();
  const operatorPair = pem();
  const sessions: Array<{ user: string; token: string }> = [];
  const server: FastifyInstance = Fastify();
  server.post('/operator/generic/v2/:area/:call', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const { area, call } = request.params as { area: string; call: string };
    if (area === 'game' && call === 'list') return [{ game_code: 'png_bookofdead', name: 'Book of Dead', category: 'Video Slots', product: "Play'n GO", url_thumb: '', enabled: true, blocked_countries: [] }];
    if (area === 'game' && call === 'url') {
      sessions.push({ user: String(body.user), token: String(body.token) });
      return { url: `https://games.hub88.test/${String(body.game_code)}?token=${String(body.token)}` };
    }
    return reply.code(404).send({ error: 'unknown call' });
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const port = (server.server.address() as { port: number } | null)?.port ?? 0;
  return {
    server,
    sessions,
    env: { GAME_PARTNER_PROVIDER: 'hub88', HUB88_API_URL: `http://127.0.0.1:${port}`, HUB88_OPERATOR_ID: '7', HUB88_PUBLIC_KEY: hub88Pair.publicKey, HUB88_PRIVATE_KEY: operatorPair.privateKey },
    async walletCall(t: TestApp, path: string, body: unknown) {
      const rawBody = JSON.stringify(body);
      const response = await t.app.inject({
        method: 'POST',
        url: `/seamless/hub88${path}`,
        headers: { 'content-type': 'application/json', 'x-hub88-signature': signHub88Body(createPrivateKey(hub88Pair.privateKey), rawBody) },
        payload: rawBody,
      });
      return response.json() as { status: string };
    },
  };
}

describe('statement budgets of the seamless wallet (measured as they are; modules/seamless-hub88 is reduced on its own)', () => {
  let t: TestApp;
  let hub88: Awaited<ReturnType<typeof startHub88StandIn>>;
  let counter: StatementCounter;
  beforeAll(async () => {
    hub88 = await startHub88StandIn();
    t = await createTestApp({ env: hub88.env });
    counter = countStatements(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await hub88?.server.close();
  });

  it('bet and win', async () => {
    const member = await fundedMember(t, '1000.00');
    expect((await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: 'png_bookofdead' } })).status).toBe(200);
    const session = hub88.sessions.at(-1)!;
    const units = (baht: number) => Math.round(baht * 100) * 1000;
    const bet = (baht: number) => ({
      user: session.user, transaction_uuid: randomUUID(), supplier_transaction_id: randomUUID(), token: session.token, round: randomUUID(), round_closed: false,
      request_uuid: randomUUID(), is_free: false, game_code: 'png_bookofdead', currency: 'THB', bet: 'spin', amount: units(baht), meta: {},
    });
    const win = (placed: { transaction_uuid: string; round: string }, baht: number) => ({
      ...bet(baht), round: placed.round, round_closed: true, reference_transaction_uuid: placed.transaction_uuid,
    });
    const warm = bet(1);
    expect((await hub88.walletCall(t, '/transaction/bet', warm)).status).toBe('RS_OK');
    expect((await hub88.walletCall(t, '/transaction/win', win(warm, 1))).status).toBe('RS_OK');
    const placed = bet(10);
    await measure(counter, t, 'seamless bet', () => hub88.walletCall(t, '/transaction/bet', placed), (answer) => answer.status === 'RS_OK');
    await measure(counter, t, 'seamless win', () => hub88.walletCall(t, '/transaction/win', win(placed, 20)), (answer) => answer.status === 'RS_OK');
    expectWithinBudget('seamless bet');
    expectWithinBudget('seamless win');
  });
});
