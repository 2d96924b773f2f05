import { createHmac } from 'node:crypto';
import {
  partnerBalanceReply,
  partnerBetsReply,
  partnerGamesReply,
  partnerLaunchReply,
  partnerMemberReply,
  partnerRefusalReply,
  partnerTransferReply,
} from '@sabai/contracts';
import { parseBahtToSatang, satangToDecimalString } from '@sabai/money';
import {
  PartnerRefusedError,
  PartnerUnavailableError,
  type PartnerAdapter,
  type PartnerBetRecord,
  type PartnerTransferResult,
  type PartnerTransferStatus,
} from './partner-adapter.ts';
import { requestJson } from '../http-json.ts';

const satang = (text: string): bigint => {
  const negative = text.startsWith('-');
  const parsed = parseBahtToSatang(negative ? text.slice(1) : text, { allowZero: true });
  if (!parsed.ok) throw new PartnerUnavailableError(`bad amount ${text}`);
  return negative ? -parsed.amountSatang : parsed.amountSatang;
};

/**
 * The sandbox partner's agent API (apps/sandbox/src/partner) over real HTTP. Requests are signed:
 * `x-agent-id`, `x-timestamp`, `x-signature` = hex HMAC-SHA256(secret, `${ts}.${METHOD}.${path}.${body}`).
 */
export function createSandboxPartner(options: { baseUrl: string; agentId: string; agentSecret: string; timeoutMs: number }): PartnerAdapter {
  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const rawBody = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', options.agentSecret).update(`${timestamp}.${method}.${pathWithQuery}.${rawBody}`, 'utf8').digest('hex');
    try {
      return await requestJson(new URL(pathWithQuery, options.baseUrl), {
        method,
        headers: { 'x-agent-id': options.agentId, 'x-timestamp': timestamp, 'x-signature': signature, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: rawBody }),
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      throw new PartnerUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }

  const expectOk = (reply: { status: number; json: unknown }) => {
    if (reply.status >= 300) throw new PartnerUnavailableError(`HTTP ${reply.status}`);
    return reply.json;
  };

  return {
    partnerName: 'sabai-sandbox',
    walletMode: 'transfer',
    async createMember(username) {
      const parsed = partnerMemberReply.safeParse(expectOk(await call('POST', '/partner/v1/members', { username })));
      if (!parsed.success) throw new PartnerUnavailableError('malformed member reply');
      return parsed.data;
    },
    async getBalance(username) {
      const parsed = partnerBalanceReply.safeParse(expectOk(await call('GET', `/partner/v1/members/${encodeURIComponent(username)}/balance`)));
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
      const parsed = partnerTransferReply.safeParse(reply.json);
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
      const parsed = partnerTransferReply.safeParse(reply.json);
      if (!parsed.success || reply.status >= 500) return { status: 'unknown', detail: `HTTP ${reply.status}` };
      if (parsed.data.status === 'succeeded') return { status: 'succeeded', receipt: { balanceAfterSatang: parsed.data.balanceAfter ? satang(parsed.data.balanceAfter) : null } };
      if (parsed.data.status === 'failed') return { status: 'failed', reason: parsed.data.reason ?? 'FAILED' };
      return { status: 'not_found' };
    },
    async listGames(category) {
      const query = category ? `?category=${encodeURIComponent(category)}` : '';
      const parsed = partnerGamesReply.safeParse(expectOk(await call('GET', `/partner/v1/games${query}`)));
      if (!parsed.success) throw new PartnerUnavailableError('malformed games reply');
      return parsed.data.games;
    },
    async launchUrl(input) {
      const reply = await call('POST', '/partner/v1/launch', input);
      if (reply.status >= 400 && reply.status < 500) {
        const refusal = partnerRefusalReply.safeParse(reply.json);
        throw new PartnerRefusedError(refusal.success ? refusal.data.code : `HTTP_${reply.status}`);
      }
      const parsed = partnerLaunchReply.safeParse(expectOk(reply));
      if (!parsed.success) throw new PartnerUnavailableError('malformed launch reply');
      return parsed.data.url;
    },
    async betRecordsSince(cursor, limit) {
      const query = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const parsed = partnerBetsReply.safeParse(expectOk(await call('GET', `/partner/v1/bets${query}`)));
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
