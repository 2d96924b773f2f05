import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.ts';

/** An app with app.ts's log controller, logging at `level` into `lines`. */
async function appLoggingAt(level: 'info' | 'warn', lines: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.get('/things/:id', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('request log', () => {
  it('writes one line per request, when it ends, with its method, url, status and time', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingAt('info', lines);
    await app.inject({ method: 'GET', url: '/things/7?page=2' });
    await app.inject({ method: 'POST', url: '/missing' });
    await app.close();
    const requestLines = lines.filter((line) => typeof line.reqId === 'string');
    expect(requestLines.map((line) => line.msg)).toEqual(['request completed', 'Route POST:/missing not found', 'request completed']);
    expect(requestLines[0]).toMatchObject({ req: { method: 'GET', url: '/things/7?page=2' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(requestLines[2]).toMatchObject({ req: { method: 'POST', url: '/missing' }, res: { statusCode: 404 } });
  });

  it('writes no line per request below info (the benchmarks run at warn)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingAt('warn', lines);
    await app.inject({ method: 'GET', url: '/things/7' });
    await app.close();
    expect(lines).toEqual([]);
  });
});
