import type { ServerOptions } from 'node:http';
import type { AppConfig } from './config.ts';

/**
 * Longer than a load balancer's idle timeout towards us (HAProxy `timeout server` 60 s in scale/,
 * AWS ALB 60 s by default), so the balancer, not this server, closes an idle kept-alive
 * connection: a server closing first races the balancer's next request on it (a 502 for a call
 * that was never received). Fastify's own default, stated here.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * How often Node looks for requests still being received past REQUEST_TIMEOUT_MS (Node's default
 * is 30 s, which let a slow sender hold a socket for REQUEST_TIMEOUT_MS + 30 s). One pass walks
 * the connections that are still receiving a request: cheap.
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

export interface ServerTimeoutOptions {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
}

/**
 * The HTTP server's timeouts (issue 24 §3, docs/adr/0038). They bound *receiving* a request,
 * never the work on it or the answer:
 * - `headersTimeout` and `requestTimeout` = REQUEST_TIMEOUT_MS: the headers, and the whole request
 *   with its body, must arrive within it, or Node answers 408 and closes (slowloris protection; a
 *   connection that sends nothing is cut the same way). Node stops counting once the request is
 *   received, so a handler may work longer (tested on Node 20: server-timeouts.test.ts).
 * - `connectionTimeout` (Node's `server.timeout`, socket inactivity) = 0, off: it killed sockets
 *   whose handler was still working and had written nothing yet — a withdrawal paid while its
 *   client saw "socket hang up" — and cut event streams between two keep-alive comments. Money calls are
 *   bounded instead by their provider timeouts and MEMBER_LOCK_WAIT_MS (worst case: ADR 0038);
 *   streams end with their session or their client.
 * - `keepAliveTimeout` = KEEP_ALIVE_TIMEOUT_MS: an idle kept-alive socket between requests.
 */
export function serverTimeoutOptions(config: Pick<AppConfig, 'REQUEST_TIMEOUT_MS'>): ServerTimeoutOptions {
  return {
    connectionTimeout: 0,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
  };
}
