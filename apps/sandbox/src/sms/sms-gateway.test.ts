import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { SANDBOX_SMS_SIGNING_KEY, signSmsWebhook } from './sandbox-sms-gateway.ts';

const KEY = 'the-sandbox-key';
const basic = (password: string) => `Basic ${Buffer.from(`sabai:${password}`).toString('base64')}`;

/** A receiver of the double's webhooks: what it got, and whether each signature was right. */
async function startReceiver(): Promise<{ url: string; received: Array<{ event: string; messageId: string; signed: boolean }>; server: Server }> {
  const received: Array<{ event: string; messageId: string; signed: boolean }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { event: string; payload: { messageId: string } };
      const signed = request.headers['x-signature'] === signSmsWebhook(SANDBOX_SMS_SIGNING_KEY, body, String(request.headers['x-timestamp']));
      received.push({ event: parsed.event, messageId: parsed.payload.messageId, signed });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received, server };
}

describe('the SMS Gateway for Android double (issue 27 §2)', () => {
  let app: SandboxApp;
  beforeEach(async () => {
    app = await buildSandboxApp({ apiKey: KEY, feedSecret: 'secret' });
  });
  afterEach(async () => app.close());

  it('refuses the app API without its Basic credentials', async () => {
    const send = (authorization?: string) =>
      app.inject({ method: 'POST', url: '/sms-gateway/3rdparty/v1/message', headers: authorization ? { authorization } : {}, payload: { message: 'x', phoneNumbers: ['+66812345678'] } });
    expect((await send()).statusCode).toBe(401);
    expect((await send(basic('wrong'))).statusCode).toBe(401);
    expect((await send(basic(KEY))).statusCode).toBe(202);
  });

  it('posts signed sms:sent and sms:delivered (or sms:failed) to the registered webhooks, and lists messages publicly, newest first', async () => {
    const receiver = await startReceiver();
    try {
      for (const event of ['sms:sent', 'sms:delivered', 'sms:failed']) {
        const registered = await app.inject({ method: 'POST', url: '/sms-gateway/3rdparty/v1/webhooks', headers: { authorization: basic(KEY) }, payload: { event, url: `${receiver.url}/hook` } });
        expect(registered.statusCode).toBe(201);
      }
      const ok = await app.inject({ method: 'POST', url: '/sms-gateway/3rdparty/v1/message', headers: { authorization: basic(KEY) }, payload: { id: 'm1', message: 'รหัส 123456', phoneNumbers: ['+66812345678'] } });
      expect(ok.json()).toMatchObject({ id: 'm1', state: 'Delivered', recipients: [{ phoneNumber: '+66812345678', state: 'Delivered' }] });
      const failed = await app.inject({ method: 'POST', url: '/sms-gateway/3rdparty/v1/message', headers: { authorization: basic(KEY) }, payload: { id: 'm2', message: 'รหัส 654321', phoneNumbers: ['+66899999123'] } });
      expect(failed.json()).toMatchObject({ id: 'm2', state: 'Failed' });
      await app.sms.reportsPosted();
      expect(receiver.received).toEqual([
        { event: 'sms:sent', messageId: 'm1', signed: true },
        { event: 'sms:delivered', messageId: 'm1', signed: true },
        { event: 'sms:sent', messageId: 'm2', signed: true },
        { event: 'sms:failed', messageId: 'm2', signed: true },
      ]);
      const listed = await app.inject({ method: 'GET', url: '/sms/v1/messages' });
      expect(listed.json().map((message: { id: string; to: string; state: string }) => [message.id, message.to, message.state])).toEqual([
        ['m2', '0899999123', 'failed'],
        ['m1', '0812345678', 'delivered'],
      ]);
      expect((await app.inject({ method: 'GET', url: '/sms/v1/messages?to=0812345678' })).json()).toHaveLength(1);
      expect((await app.inject({ method: 'GET', url: '/sms-gateway/3rdparty/v1/message/m2', headers: { authorization: basic(KEY) } })).json().state).toBe('Failed');
      const page = await app.inject({ method: 'GET', url: '/sms' });
      expect(page.body).toContain('รหัส 654321');
    } finally {
      receiver.server.close();
    }
  });
});
