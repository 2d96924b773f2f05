import http from 'node:http';
import type { TestApp } from './test-app.ts';
import { newIp } from './test-app.ts';

/**
 * Calls over a real socket to the test app's listening port (the tests of timeouts and bursts:
 * `app.inject` has no socket, so no socket can be hung up there). One connection per call
 * (`agent: false`), so a closed socket is this call's and nobody else's.
 */
export type HttpAnswer =
  | { kind: 'answer'; status: number; body: { success: boolean | 0 | 1; message: string; code?: string; data: any } }
  /** No HTTP answer came: the socket was closed or reset (`socket hang up`, `ECONNRESET`). */
  | { kind: 'socket-error'; error: string };

/** The port the test app listens on (test-app.ts listens for the sandbox's feed deliveries). */
export function listeningPort(t: TestApp): number {
  return (t.app.server.address() as { port: number }).port;
}

/** A member API call over HTTP with the app key, the session token and a client address of its own. */
export function httpCall(
  t: TestApp,
  options: { method: 'GET' | 'POST'; url: string; token?: string; body?: unknown; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: listeningPort(t),
        method: options.method,
        path: options.url,
        agent: false,
        headers: {
          'accept-language': 'th',
          'x-api-key': t.appId,
          // Rate limits count per client address; the app trusts this proxy header only from TRUST_PROXY.
          'x-forwarded-for': newIp(),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ kind: 'answer', status: response.statusCode ?? 0, body: JSON.parse(text) }));
        response.on('error', (error) => resolve({ kind: 'socket-error', error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ kind: 'socket-error', error: error.message }));
    request.end(payload);
  });
}
