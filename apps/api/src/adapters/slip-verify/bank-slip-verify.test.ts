import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../name-inquiry/index.ts';
import { createKbankSlipVerify } from './kbank-slip-verify.ts';
import { createScbSlipVerify } from './scb-slip-verify.ts';

/** The ITMX record SCB and KBank document (`data`), for a 1,250.50-baht transfer at 09:30:12 Bangkok time. */
const record = {
  language: 'TH',
  transRef: '014242082547BPM04988',
  sendingBank: '004',
  receivingBank: '004',
  transDate: '20261128',
  transTime: '09:30:12',
  sender: { displayName: 'นาย กสิกร ร', name: 'Mr. Kasikorn R', proxy: { type: null, value: null }, account: { type: 'BANKAC', value: 'xxx-x-x3456-x' } },
  receiver: { displayName: 'บจก. สบาย ดิจิทัล', name: 'SABAI DIGITAL CO', proxy: { type: null, value: null }, account: { type: 'BANKAC', value: 'xxx-x-x3594-x' } },
  amount: '1250.50',
  paidLocalAmount: '1250.50',
  countryCode: 'TH',
};

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }
let seen: Seen[] = [];
let answer: (request: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const reply = answer(entry);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  seen = [];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const expectedTransfer = {
  sendingBankCode: '004',
  transRef: '014242082547BPM04988',
  amountSatang: 125_050n,
  occurredAt: new Date('2026-11-28T02:30:12.000Z'),
  sender: { bankCode: '004', account: 'xxx-x-x3456-x', name: 'นาย กสิกร ร' },
  receiver: { bankCode: '004', account: 'xxx-x-x3594-x', name: 'บจก. สบาย ดิจิทัล' },
};

describe('SCB slip verification', () => {
  it('gets a token with the API key and secret, then GETs the transaction by reference and sending bank', async () => {
    answer = (request) =>
      request.url === '/v1/oauth/token'
        ? { status: 200, body: { status: { code: 1000, description: 'Success' }, data: { accessToken: 'scb-token', expiresIn: 1800 } } }
        : { status: 200, body: { status: { code: 1000, description: 'Success' }, data: record } };
    const scb = createScbSlipVerify({ baseUrl, apiKey: 'scb-api-key', apiSecret: 'scb-api-secret', timeoutMs: 2_000 });
    expect(await scb.verify({ sendingBankCode: '004', transRef: '014242082547BPM04988' })).toEqual({ found: true, transfer: expectedTransfer });
    await scb.verify({ sendingBankCode: '004', transRef: '014242082547BPM04988' });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/oauth/token',
      'GET /v1/payment/billpayment/transactions/014242082547BPM04988?sendingBank=004',
      'GET /v1/payment/billpayment/transactions/014242082547BPM04988?sendingBank=004',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ applicationKey: 'scb-api-key', applicationSecret: 'scb-api-secret' });
    expect(seen[1]!.headers).toMatchObject({ authorization: 'Bearer scb-token', resourceownerid: 'scb-api-key' });
    expect(seen[1]!.headers.requestuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers not found for a non-success status without data, and an outage for a 5xx', async () => {
    answer = (request) =>
      request.url === '/v1/oauth/token'
        ? { status: 200, body: { status: { code: 1000 }, data: { accessToken: 't', expiresIn: 1800 } } }
        : request.url.includes('NOPE') ? { status: 404, body: { status: { code: 4101, description: 'Transaction not found' } } } : { status: 503, body: {} };
    const scb = createScbSlipVerify({ baseUrl, apiKey: 'scb-api-key', apiSecret: 'scb-api-secret', timeoutMs: 2_000 });
    expect(await scb.verify({ sendingBankCode: '014', transRef: 'NOPE' })).toEqual({ found: false });
    await expect(scb.verify({ sendingBankCode: '014', transRef: 'DOWN' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('KBank slip verification', () => {
  it('gets a client-credentials token, then POSTs { rqUID, rqDt, data: { sendingBank, transRef } }', async () => {
    answer = (request) =>
      request.url === '/v2/oauth/token'
        ? { status: 200, body: { access_token: 'kbank-token', token_type: 'Bearer', expires_in: '1799' } }
        : { status: 200, body: { rsUID: 'x', rsDt: 'y', statusCode: '0000', statusMessage: 'SUCCESS', data: record } };
    const kbank = createKbankSlipVerify({ baseUrl, consumerId: 'kbank-consumer', consumerSecret: 'kbank-secret', timeoutMs: 2_000 });
    expect(await kbank.verify({ sendingBankCode: '004', transRef: '014242082547BPM04988' })).toEqual({ found: true, transfer: expectedTransfer });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /v2/oauth/token', 'POST /v1/verslip/kbank/verify']);
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('kbank-consumer:kbank-secret').toString('base64')}`);
    expect(seen[0]!.body).toBe('grant_type=client_credentials');
    expect(seen[1]!.headers.authorization).toBe('Bearer kbank-token');
    expect(JSON.parse(seen[1]!.body)).toMatchObject({ rqUID: expect.any(String), rqDt: expect.any(String), data: { sendingBank: '004', transRef: '014242082547BPM04988' } });
  });

  it('answers not found for a non-0000 status, and an outage when the token is refused', async () => {
    answer = (request) => (request.url === '/v2/oauth/token' ? { status: 200, body: { access_token: 't', expires_in: 1799 } } : { status: 200, body: { statusCode: '1001', statusMessage: 'Data not found' } });
    const kbank = createKbankSlipVerify({ baseUrl, consumerId: 'kbank-consumer', consumerSecret: 'kbank-secret', timeoutMs: 2_000 });
    expect(await kbank.verify({ sendingBankCode: '004', transRef: 'X1' })).toEqual({ found: false });
    answer = () => ({ status: 401, body: { error: 'invalid_client' } });
    const refused = createKbankSlipVerify({ baseUrl, consumerId: 'kbank-consumer', consumerSecret: 'wrong-secret', timeoutMs: 2_000 });
    await expect(refused.verify({ sendingBankCode: '004', transRef: 'X1' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
