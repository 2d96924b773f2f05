import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { parseBahtToSatang, satangToDecimalString } from '@sabai/money';
import {
  PartnerRefusedError,
  PartnerUnavailableError,
  type PartnerAdapter,
  type PartnerBetRecord,
  type PartnerTransferResult,
  type PartnerTransferStatus,
} from './partner-adapter.ts';

const decimal = z.string().regex(/^-?\d+(\.\d{1,2})?$/);
const satang = (text: string): bigint => {
  const negative = text.startsWith('-');
  const parsed = parseBahtToSatang(negative ? text.slice(1) : text, { allowZero: true });
  if (!parsed.ok) throw new PartnerUnavailableError(`bad amount ${text}`);
  return negative ? -parsed.amountSatang : parsed.amountSatang;
};

const transferReply = z.object({
  reference: z.string(),
  status: z.enum(['succeeded', 'failed', 'not_found']),
  balanceAfter: decimal.optional(),
  reason: z.string().optional(),
});
const betsReply = z.object({
  records: z.array(
    z.object({
      roundId: z.string().min(1).max(100),
      username: z.string(),
      gameCode: z.string(),
      stake: decimal,
      payout: decimal,
      result: z.enum(['win', 'loss', 'draw']),
      status: z.enum(['settled', 'cancelled', 'refunded']),
      settledAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/**
 * The sandbox partner's agent API (apps/sandbox/src/partner) over real HTTP. Requests are signed:
 * `x-agent-id`, `x-timestamp`, `x-signature` = hex HMAC-SHA256(secret, `${ts}.${METHOD}.${path}.${body}`).
 */
export function createSandboxPartner(options: { baseUrl: string; agentId: string; agentSecret: string; timeoutMs: number }): PartnerAdapter {
  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const rawBody = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', options.agentSecret).update(`${timestamp}.${method}.${pathWithQuery}.${rawBody}`, 'utf8').digest('hex');
    let response: Response;
    try {
      response = await fetch(new URL(pathWithQuery, options.baseUrl), {
        method,
        headers: { 'x-agent-id': options.agentId, 'x-timestamp': timestamp, 'x-signature': signature, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: rawBody }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new PartnerUnavailableError(error instanceof Error ? error.message : String(error));
    }
    return { status: response.status, json: await response.json().catch(() => undefined) };
  }

  const expectOk = (reply: { status: number; json: unknown }) => {
    if (reply.status >= 300) throw new PartnerUnavailableError(`HTTP ${reply.status}`);
    return reply.json;
  };

  return {
    partnerName: 'sabai-sandbox',
    async createMember(username) {
      const parsed = z.object({ username: z.string(), password: z.string() }).safeParse(expectOk(await call('POST', '/partner/v1/members', { username })));
      if (!parsed.success) throw new PartnerUnavailableError('malformed member reply');
      return parsed.data;
    },
    async getBalance(username) {
      const parsed = z.object({ balance: decimal }).safeParse(expectOk(await call('GET', `/partner/v1/members/${encodeURIComponent(username)}/balance`)));
      if (!parsed.success) throw new PartnerUnavailableError('malformed balance reply');
      return satang(parsed.data.balance);
    },
    async transfer(input): Promise<PartnerTransferResult> {
      let reply;
      try {
        reply = await call('POST', '/partner/v1/transfers', {
          reference: input.reference,
          username: input.username,
          direction: input.direction,
          amount: satangToDecimalString(input.amountSatang),
        });
      } catch (error) {
        return { outcome: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      if (reply.status >= 500) return { outcome: 'unknown', detail: `HTTP ${reply.status}` };
      const parsed = transferReply.safeParse(reply.json);
      if (!parsed.success || reply.status >= 300) return { outcome: 'unknown', detail: `HTTP ${reply.status} ${JSON.stringify(reply.json)}` };
      if (parsed.data.status === 'succeeded') return { outcome: 'succeeded', receipt: { balanceAfterSatang: satang(parsed.data.balanceAfter ?? '0') } };
      return { outcome: 'failed', reason: parsed.data.reason ?? 'FAILED' };
    },
    async getTransferStatus(reference): Promise<PartnerTransferStatus> {
      let reply;
      try {
        reply = await call('GET', `/partner/v1/transfers/${encodeURIComponent(reference)}`);
      } catch (error) {
        return { status: 'unknown', detail: error instanceof Error ? error.message : String(error) };
      }
      const parsed = transferReply.safeParse(reply.json);
      if (!parsed.success || reply.status >= 500) return { status: 'unknown', detail: `HTTP ${reply.status}` };
      if (parsed.data.status === 'succeeded') return { status: 'succeeded', receipt: { balanceAfterSatang: parsed.data.balanceAfter ? satang(parsed.data.balanceAfter) : null } };
      if (parsed.data.status === 'failed') return { status: 'failed', reason: parsed.data.reason ?? 'FAILED' };
      return { status: 'not_found' };
    },
    async listGames(category) {
      const query = category ? `?category=${encodeURIComponent(category)}` : '';
      const parsed = z
        .object({ games: z.array(z.object({ code: z.string(), name: z.string(), category: z.string(), provider: z.string(), imageUrl: z.string() })) })
        .safeParse(expectOk(await call('GET', `/partner/v1/games${query}`)));
      if (!parsed.success) throw new PartnerUnavailableError('malformed games reply');
      return parsed.data.games;
    },
    async launchUrl(input) {
      const reply = await call('POST', '/partner/v1/launch', input);
      if (reply.status >= 400 && reply.status < 500) {
        const refusal = z.object({ code: z.string().max(64) }).safeParse(reply.json);
        throw new PartnerRefusedError(refusal.success ? refusal.data.code : `HTTP_${reply.status}`);
      }
      const parsed = z.object({ url: z.string().url() }).safeParse(expectOk(reply));
      if (!parsed.success) throw new PartnerUnavailableError('malformed launch reply');
      return parsed.data.url;
    },
    async betRecordsSince(cursor, limit) {
      const query = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const parsed = betsReply.safeParse(expectOk(await call('GET', `/partner/v1/bets${query}`)));
      if (!parsed.success) throw new PartnerUnavailableError('malformed bets reply');
      const records: PartnerBetRecord[] = parsed.data.records.map((record) => ({
        roundId: record.roundId,
        username: record.username,
        gameCode: record.gameCode,
        stakeSatang: satang(record.stake),
        payoutSatang: satang(record.payout),
        result: record.result,
        status: record.status,
        settledAt: new Date(record.settledAt),
      }));
      return { records, nextCursor: parsed.data.nextCursor };
    },
  };
}
