import http from 'node:http';
import https from 'node:https';

/** Largest answer body read from a provider, bytes (style.md: a limit on everything); more is an error. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;
/** Connections kept open per provider host (and process), so a burst of calls does not open one each. */
const MAX_SOCKETS_PER_HOST = 64;
/**
 * How long an idle kept-alive connection waits for the next call before it is closed, ms: shorter
 * than the usual server keep-alive (Node 5 s, Fastify 72 s), so the server rarely closes one under us.
 */
const IDLE_SOCKET_MS = 4_000;

const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

/** What a provider answered: the status and the body parsed as JSON (`undefined` when it is not JSON). */
export interface JsonReply {
  status: number;
  json: unknown;
}

/**
 * One JSON call to an outside provider (game partner, payout bank, name inquiry) over Node's own
 * `http`/`https` with kept-alive connections, bounded by `timeoutMs` from the first byte sent to
 * the last byte read. Replaces the global `fetch` in these adapters: the same exchange cost ~0.8 ms
 * of CPU per call through fetch (undici's WHATWG Request/Response/streams and an AbortSignal per
 * call) against ~0.15 ms here (measured with process.cpuUsage over 3,000 calls to a local server;
 * docs/adr/0062), paid by every money call that reaches a provider.
 *
 * A GET whose kept-alive connection was closed by the server before the answer (ECONNRESET on a
 * reused socket) is sent once more on a fresh one; a POST is never repeated here — its outcome is
 * the caller's to settle by reference, as for any lost answer.
 *
 * @throws Error on no connection, a reset, the timeout, or an answer over MAX_REPLY_BYTES (callers
 *   map it to their provider's "unavailable" / "unknown outcome").
 */
export async function requestJson(url: URL, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<JsonReply> {
  try {
    return await requestOnce(url, init);
  } catch (error) {
    if (init.method === 'GET' && isStaleSocketReset(error)) return requestOnce(url, init);
    throw error;
  }
}

const REUSED_SOCKET_RESET = Symbol('reused socket reset');

function isStaleSocketReset(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[REUSED_SOCKET_RESET] === true;
}

function requestOnce(url: URL, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<JsonReply> {
  const isHttps = url.protocol === 'https:';
  if (!isHttps && url.protocol !== 'http:') return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
  return new Promise<JsonReply>((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = (isHttps ? https : http).request(
      url,
      { method: init.method, headers, agent: isHttps ? httpsAgent : httpAgent },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) {
            request.destroy(new Error(`reply larger than ${MAX_REPLY_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          settle(() => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              json = undefined;
            }
            resolve({ status: response.statusCode ?? 0, json });
          }),
        );
        response.on('error', (error) => settle(() => reject(error)));
        // After 'end' this does nothing; before it, the connection closed mid-answer.
        response.on('close', () => settle(() => reject(new Error('connection closed before the answer ended'))));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${init.timeoutMs} ms`)), init.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET') Object.assign(error, { [REUSED_SOCKET_RESET]: true });
      settle(() => reject(error));
    });
    request.end(init.body);
  });
}
