import Fastify, { type FastifyInstance } from 'fastify';
import { SANDBOX_HUB88_PUBLIC_KEY } from '../demo-keys.ts';
import { HUB88_SIGNATURE_HEADER, verifyHub88Signature } from '../hub88-signature.ts';

interface StoredTransaction {
  kind: 'bet' | 'win' | 'rollback';
  /** The fields that must match on a repeat (docs: reference, amount, currency, round, user, game). */
  identity: string;
  response: string;
}

/**
 * A minimal operator wallet for the simulator's own tests, written from the Hub88 docs (not
 * Sabai's): checks X-Hub88-Signature with the sandbox Hub88's public key, keeps balances in Hub88
 * units, answers a repeated transaction_uuid with the stored response, tombstones a rollback of an
 * unknown bet, refuses a win for a missing or rolled-back bet. `dropAnswers` makes the next
 * `count` answers to `path` 502 after the call was applied (a lost answer).
 */
export class FakeOperatorWallet {
  readonly balances = new Map<string, number>();
  readonly transactions = new Map<string, StoredTransaction>();
  readonly applied: string[] = [];
  readonly badSignatures: string[] = [];
  dropAnswers = { path: '', count: 0 };
  private app: FastifyInstance | undefined;
  url = '';

  async start(): Promise<string> {
    const app = Fastify();
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const path of ['/user/balance', '/user/info', '/transaction/bet', '/transaction/win', '/transaction/rollback']) {
      app.post(`/seamless/hub88${path}`, async (request, reply) => {
        const raw = String(request.body);
        const body = JSON.parse(raw) as Record<string, unknown>;
        const signature = request.headers[HUB88_SIGNATURE_HEADER];
        if (!verifyHub88Signature(SANDBOX_HUB88_PUBLIC_KEY, raw, typeof signature === 'string' ? signature : undefined)) {
          this.badSignatures.push(path);
          return this.answer(body, 'RS_ERROR_INVALID_SIGNATURE');
        }
        const response = this.handle(path, body);
        if (this.dropAnswers.path === path && this.dropAnswers.count > 0) {
          this.dropAnswers.count -= 1;
          return reply.code(502).send('bad gateway');
        }
        return reply.type('application/json').send(response);
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    this.app = app;
    const address = app.server.address();
    this.url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/seamless/hub88` : '';
    return this.url;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }

  private answer(body: Record<string, unknown>, status: string): string {
    const user = String(body.user);
    return JSON.stringify({ user, status, request_uuid: body.request_uuid, currency: 'THB', balance: this.balances.get(user) ?? 0 });
  }

  private handle(path: string, body: Record<string, unknown>): string {
    const user = String(body.user);
    if (!this.balances.has(user)) return this.answer(body, 'RS_ERROR_INVALID_TOKEN');
    if (path.startsWith('/user/')) return this.answer(body, 'RS_OK');
    const kind = path.slice('/transaction/'.length) as StoredTransaction['kind'];
    const uuid = String(body.transaction_uuid);
    const identity = JSON.stringify([kind, body.reference_transaction_uuid, body.amount, body.currency, body.round, user, body.game_code]);
    const stored = this.transactions.get(uuid);
    if (stored) return stored.identity === identity ? stored.response : this.answer(body, 'RS_ERROR_DUPLICATE_TRANSACTION');
    const response = this.apply(kind, uuid, body);
    this.transactions.set(uuid, { kind, identity, response });
    return response;
  }

  private apply(kind: StoredTransaction['kind'], uuid: string, body: Record<string, unknown>): string {
    const user = String(body.user);
    const balance = this.balances.get(user) ?? 0;
    const reference = typeof body.reference_transaction_uuid === 'string' ? body.reference_transaction_uuid : '';
    if (kind === 'bet') {
      const amount = Number(body.amount);
      if (balance < amount) return this.answer(body, 'RS_ERROR_NOT_ENOUGH_MONEY');
      this.balances.set(user, balance - amount);
      this.applied.push(`bet ${uuid}`);
      return this.answer(body, 'RS_OK');
    }
    const bet = this.transactions.get(reference);
    if (kind === 'win') {
      if (!bet || bet.kind !== 'bet' || !bet.response.includes('"RS_OK"') || this.isRolledBack(reference)) return this.answer(body, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      this.balances.set(user, balance + Number(body.amount));
      this.applied.push(`win ${uuid}`);
      return this.answer(body, 'RS_OK');
    }
    if (bet && bet.kind === 'bet' && bet.response.includes('"RS_OK"')) {
      const betAmount = Number(JSON.parse(bet.identity)[2]);
      this.balances.set(user, balance + betAmount);
      this.applied.push(`rollback ${uuid}`);
    } else if (!bet) {
      // A tombstone: a late bet with this uuid is refused.
      this.transactions.set(reference, { kind: 'bet', identity: 'tombstone', response: this.answer(body, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST') });
    }
    return this.answer(body, 'RS_OK');
  }

  private isRolledBack(betUuid: string): boolean {
    for (const stored of this.transactions.values()) if (stored.kind === 'rollback' && stored.identity.includes(`"${betUuid}"`)) return true;
    return false;
  }
}
