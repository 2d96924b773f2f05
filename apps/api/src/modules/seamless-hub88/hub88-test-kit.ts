import { createPrivateKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { availableCreditBalance, listTransfersOfSource, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { signHub88Body } from '../../adapters/partner/index.ts';

/**
 * Test kit for the Hub88 seamless wallet: two RSA key pairs (Hub88's, which signs wallet calls,
 * and the operator's, which signs Sabai's Games API calls), a tiny stand-in for Hub88's Operator
 * API that checks our signature (game list and game URL; the full simulator is apps/sandbox's),
 * and helpers that send signed wallet calls as Hub88 does.
 */
export interface Hub88Kit {
  t: TestApp;
  hub88: FastifyInstance;
  /** The bodies Sabai sent to the stand-in's `/game/url`, newest last. */
  gameUrlCalls: Array<Record<string, unknown>>;
  /** What the stand-in's `/transactions/list` answers (tests fill it). */
  hub88Transactions: Array<Record<string, unknown>>;
  /** Hub88's private key (PEM), to sign wallet calls; `otherKey` is one nobody trusts. */
  hub88PrivateKey: string;
  otherKey: string;
  close(): Promise<void>;
}

export const HUB88_GAMES = [
  { game_code: 'evo_baccarat', name: 'Baccarat', category: 'Live Casino', product: 'Evolution Gaming', url_thumb: 'https://img.example/bac.png', enabled: true, blocked_countries: [], rtp: 98.9 },
  { game_code: 'png_bookofdead', name: 'Book of Dead', category: 'Video Slots', product: "Play'n GO", url_thumb: 'https://img.example/bod.png', enabled: true, blocked_countries: [] },
  { game_code: 'xyz_blocked', name: 'Not here', category: 'Video Slots', product: 'Other', url_thumb: '', enabled: true, blocked_countries: ['TH'] },
  { game_code: 'xyz_disabled', name: 'Off', category: 'Video Slots', product: 'Other', url_thumb: '', enabled: false, blocked_countries: [] },
];

const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

export async function createHub88Kit(options: { now?: () => Date; env?: Record<string, string> } = {}): Promise<Hub88Kit> {
  const hub88Pair = pem();
  const operatorPair = pem();
  const gameUrlCalls: Array<Record<string, unknown>> = [];
  const hub88Transactions: Array<Record<string, unknown>> = [];
  const hub88 = Fastify();
  hub88.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  hub88.post('/operator/generic/v2/:area/:call', async (request, reply) => {
    const raw = request.body as string;
    const signature = Buffer.from(String(request.headers['x-hub88-signature'] ?? ''), 'base64');
    if (!verify('RSA-SHA256', Buffer.from(raw), operatorPair.publicKey, signature)) return reply.code(401).send({ error: 'RS_ERROR_INVALID_SIGNATURE' });
    const body = JSON.parse(raw) as Record<string, unknown>;
    const { area, call } = request.params as { area: string; call: string };
    if (area === 'game' && call === 'list') return HUB88_GAMES;
    if (area === 'game' && call === 'url') {
      gameUrlCalls.push(body);
      if (!HUB88_GAMES.some((game) => game.game_code === body.game_code)) return reply.code(404).send({ error: 'game not found' });
      return { url: `https://games.hub88.test/${String(body.game_code)}?token=${String(body.token ?? 'demo')}` };
    }
    if (area === 'transactions' && call === 'list') return hub88Transactions;
    if (area === 'game' && call === 'round') return { url: `https://rounds.hub88.test/${String(body.round)}`, user: body.user };
    return reply.code(404).send({ error: 'unknown call' });
  });
  await hub88.listen({ host: '127.0.0.1', port: 0 });
  const port = (hub88.server.address() as { port: number }).port;
  const t = await createTestApp({
    ...(options.now ? { now: options.now } : {}),
    env: {
      GAME_PARTNER_PROVIDER: 'hub88',
      HUB88_API_URL: `http://127.0.0.1:${port}`,
      HUB88_OPERATOR_ID: '7',
      HUB88_PUBLIC_KEY: hub88Pair.publicKey,
      HUB88_PRIVATE_KEY: operatorPair.privateKey,
      ...options.env,
    },
  });
  return {
    t, hub88, gameUrlCalls, hub88Transactions, hub88PrivateKey: hub88Pair.privateKey, otherKey: pem().privateKey,
    async close() {
      await t.close();
      await hub88.close();
    },
  };
}

/** A member funded with `amount` baht through the bank feed, with their Hub88 user id and a game session token. */
export async function hub88Player(kit: Hub88Kit, amount: string, gameCode = 'png_bookofdead') {
  const member = await fundedMember(kit.t, amount);
  const { rows } = await kit.t.db.query<{ id: string; affiliate_key: string }>('SELECT id, affiliate_key FROM members WHERE phone_number = $1', [member.phoneNumber]);
  const launch = await kit.t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode } });
  if (launch.status !== 200) throw new Error(`launch failed: ${JSON.stringify(launch.body)}`);
  const session = kit.gameUrlCalls.at(-1)!;
  return { ...member, memberId: rows[0]!.id, user: String(session.user), hub88Token: String(session.token), launchUrl: String(launch.body.data.url) };
}

/** Sends a wallet call as Hub88 would: the exact `rawBody` bytes, signed with `key` (default Hub88's). */
export async function walletCall(kit: Hub88Kit, path: string, body: unknown, key = kit.hub88PrivateKey) {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await kit.t.app.inject({
    method: 'POST',
    url: `/seamless/hub88${path}`,
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signHub88Body(createPrivateKey(key), rawBody) },
    payload: rawBody,
  });
  return { httpStatus: response.statusCode, raw: response.body, json: response.json() as { status: string; balance?: number; user?: string; request_uuid?: string; currency?: string } };
}


/** A bet body in Hub88's shape; `baht` is converted to units (× 100,000). */
export function betBody(player: { user: string; hub88Token: string }, baht: number, extra: Record<string, unknown> = {}) {
  return {
    user: player.user, transaction_uuid: randomUUID(), supplier_transaction_id: randomUUID(), token: player.hub88Token, round: randomUUID(), round_closed: false,
    request_uuid: randomUUID(), is_free: false, game_code: 'png_bookofdead', currency: 'THB', bet: 'spin', amount: Math.round(baht * 100) * 1000, meta: {}, ...extra,
  };
}

export function winBody(player: { user: string; hub88Token: string }, bet: { transaction_uuid: string; round: string }, baht: number, extra: Record<string, unknown> = {}) {
  return {
    user: player.user, transaction_uuid: randomUUID(), supplier_transaction_id: randomUUID(), token: player.hub88Token, round: bet.round, round_closed: true,
    request_uuid: randomUUID(), reference_transaction_uuid: bet.transaction_uuid, is_free: false, game_code: 'png_bookofdead', currency: 'THB', bet: 'spin',
    amount: Math.round(baht * 100) * 1000, meta: {}, ...extra,
  };
}

export function rollbackBody(player: { user: string; hub88Token: string }, betUuid: string, extra: Record<string, unknown> = {}) {
  return {
    user: player.user, transaction_uuid: randomUUID(), supplier_transaction_id: randomUUID(), token: player.hub88Token, round: randomUUID(), round_closed: true,
    request_uuid: randomUUID(), reference_transaction_uuid: betUuid, game_code: 'png_bookofdead', meta: {}, ...extra,
  };
}

/** The member's main wallet in satang, from the ledger. */
export async function mainSatang(t: TestApp, memberId: string): Promise<bigint> {
  return availableCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, 'main')));
}

/** How many ledger transfers a Hub88 transaction uuid caused. */
export async function transfersOf(t: TestApp, uuid: string): Promise<number> {
  return (await listTransfersOfSource(t.db, { type: 'hub88_transaction', id: uuid })).length;
}
