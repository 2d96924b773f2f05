import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPLY_BYTES, requestJson } from './http-json.ts';

describe('requestJson (a provider call over kept-alive connections)', () => {
  let server: http.Server;
  let baseUrl: string;
  let connectionCount = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (request.url === '/echo') {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ method: request.method, body, signature: request.headers['x-signature'] ?? null }));
        } else if (request.url === '/text') {
          response.statusCode = 502;
          response.end('Bad Gateway');
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('{}'), 1_000);
        } else if (request.url === '/huge') {
          response.end(Buffer.alloc(MAX_REPLY_BYTES + 1, 0x20));
        } else {
          response.statusCode = 404;
          response.end('{"code":"NOT_FOUND"}');
        }
      });
    });
    server.on('connection', () => {
      connectionCount += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the body and headers and gives back the status with the parsed JSON', async () => {
    const reply = await requestJson(new URL('/echo', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': 'abc' }, body: '{"amount":"100.00"}', timeoutMs: 2_000 });
    expect(reply).toEqual({ status: 200, json: { method: 'POST', body: '{"amount":"100.00"}', signature: 'abc' } });
    const notFound = await requestJson(new URL('/nowhere', baseUrl), { method: 'GET', headers: {}, timeoutMs: 2_000 });
    expect(notFound).toEqual({ status: 404, json: { code: 'NOT_FOUND' } });
  });

  it('gives an answer that is not JSON as undefined, with its status', async () => {
    expect(await requestJson(new URL('/text', baseUrl), { method: 'GET', headers: {}, timeoutMs: 2_000 })).toEqual({ status: 502, json: undefined });
  });

  it('reuses one connection for calls one after the other', async () => {
    const before = connectionCount;
    for (let index = 0; index < 5; index += 1) await requestJson(new URL('/echo', baseUrl), { method: 'GET', headers: {}, timeoutMs: 2_000 });
    expect(connectionCount - before).toBeLessThanOrEqual(1);
  });

  it('throws when no answer comes within the timeout', async () => {
    await expect(requestJson(new URL('/slow', baseUrl), { method: 'POST', headers: {}, body: '{}', timeoutMs: 100 })).rejects.toThrow('no answer within 100 ms');
  });

  it('throws on an answer larger than the limit', async () => {
    await expect(requestJson(new URL('/huge', baseUrl), { method: 'GET', headers: {}, timeoutMs: 5_000 })).rejects.toThrow(`reply larger than ${MAX_REPLY_BYTES} bytes`);
  });

  it('throws when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(requestJson(new URL(`http://127.0.0.1:${port}/echo`), { method: 'GET', headers: {}, timeoutMs: 2_000 })).rejects.toThrow(/ECONNREFUSED/);
  });
});
