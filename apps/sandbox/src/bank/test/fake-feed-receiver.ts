import Fastify, { type FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { isValidFeedSignature } from '../feed-client.ts';
import { signSmsGatewayBody } from '../build-sms-gateway-webhook.ts';

/**
 * A stand-in for Sabai's bank feed in the sandbox tests: listens on port 0, keeps every request
 * (raw bytes, headers, whether the signature verifies with `feedSecret`), answers 401 to a bad
 * signature, 503 to the first `failuresBeforeSuccess` requests, and otherwise
 * `{ success: true, data: { eventId, status } }` with `duplicate` for a provider reference
 * (SMS: text + receivedAt) it has seen. SMS Gateway webhooks (`/bank-feed/v1/sms-gateway/:sourceId`)
 * are checked as the app signs them (X-Signature over raw body + X-Timestamp).
 */
export interface ReceivedFeedRequest {
  path: string;
  sourceId: string;
  timestamp: string;
  signature: string;
  rawBody: string;
  body: Record<string, unknown>;
  isSignatureValid: boolean;
}

export interface FakeFeedReceiver {
  url: string;
  received: ReceivedFeedRequest[];
  failuresBeforeSuccess: number;
  close(): Promise<void>;
}

export async function startFakeFeedReceiver(feedSecret: string): Promise<FakeFeedReceiver> {
  const app = Fastify();
  const seen = new Set<string>();
  const receiver: FakeFeedReceiver = { url: '', received: [], failuresBeforeSuccess: 0, close: () => app.close() };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const answer = (entry: ReceivedFeedRequest, reply: FastifyReply) => {
    receiver.received.push(entry);
    if (!entry.isSignatureValid) return reply.code(401).send({ success: false, message: 'bad signature' });
    if (receiver.failuresBeforeSuccess > 0) {
      receiver.failuresBeforeSuccess -= 1;
      return reply.code(503).send({ success: false, message: 'try again' });
    }
    const payload = (entry.body.payload ?? {}) as Record<string, unknown>;
    if (entry.body.event === 'system:ping') return { success: true, data: { event: 'system:ping', status: 'heartbeat' } };
    const dedupeKey = String(entry.body.providerRef ?? entry.body.transactionId ?? `${entry.body.text ?? payload.message}|${entry.body.receivedAt ?? payload.receivedAt}`);
    const status = seen.has(dedupeKey) ? 'duplicate' : 'credited';
    seen.add(dedupeKey);
    return { success: true, data: { eventId: `evt_${receiver.received.length}`, status } };
  };
  app.post<{ Params: { kind: string }; Body: string }>('/bank-feed/v1/:kind', async (request, reply) => {
    const header = (name: string): string => String(request.headers[name] ?? '');
    return answer(
      {
        path: request.url,
        sourceId: header('x-feed-source'),
        timestamp: header('x-feed-timestamp'),
        signature: header('x-feed-signature'),
        rawBody: request.body,
        body: JSON.parse(request.body) as Record<string, unknown>,
        isSignatureValid: isValidFeedSignature(feedSecret, header('x-feed-timestamp'), request.body, header('x-feed-signature')),
      },
      reply,
    );
  });
  app.post<{ Params: { sourceId: string }; Body: string }>('/bank-feed/v1/sms-gateway/:sourceId', async (request, reply) => {
    const header = (name: string): string => String(request.headers[name] ?? '');
    const expected = Buffer.from(signSmsGatewayBody(feedSecret, request.body, header('x-timestamp')), 'utf8');
    const given = Buffer.from(header('x-signature'), 'utf8');
    return answer(
      {
        path: request.url,
        sourceId: request.params.sourceId,
        timestamp: header('x-timestamp'),
        signature: header('x-signature'),
        rawBody: request.body,
        body: JSON.parse(request.body) as Record<string, unknown>,
        isSignatureValid: expected.length === given.length && timingSafeEqual(expected, given),
      },
      reply,
    );
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  receiver.url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return receiver;
}
