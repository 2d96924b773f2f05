import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { balanceResponse, errorEnvelope, historyResponse, refreshResponse, withdrawalResponse } from '@sabai/contracts';
import { createTestApp, newIp, type TestApp } from '../test/test-app.ts';
import { fundedMember } from '../test/money-helpers.ts';
import { compileResponseSerializer } from './response-serializer.ts';

/**
 * The compiled serializers give an outside client the same JSON as the zod path they replace
 * (issue 29 §2, docs/adr/0053): every answer the app gave for a run of member calls (captured
 * before serialization, with its route's response schema) is serialized both ways and compared as
 * text; and hand-made answers with the awkward cases (null and absent optional fields, keys the
 * schema does not name, baht amounts with two decimals, Thai text).
 */
const zodSerialize = (schema: z.ZodType) => zodSerializerCompiler({ schema, method: 'GET', url: '/test' } as never) as (data: unknown) => string;

function expectSameJson(schema: z.ZodType, data: unknown, label: string) {
  const compiled = compileResponseSerializer(schema);
  expect(compiled, `${label}: compiled`).not.toBeNull();
  expect(compiled!(data), label).toBe(zodSerialize(schema)(data));
}

describe('compiled response serializers', () => {
  it('write the same JSON as zod for hand-made answers with null, absent and extra fields', () => {
    const balance = {
      success: true,
      message: 'สำเร็จ',
      data: {
        mainWallet: 1234.56, gameWallet: 0, affiliateWallet: 0.1, cashbackWallet: 35, residualWallet: 0, prizeWallet: 100.05, spinWallet: 0,
        pendingWithdraw: 100, ledgerGameWallet: 12.3, gameWalletSource: 'no_account', gameWalletReadAt: null, notInTheSchema: 'dropped',
      },
    };
    expectSameJson(balanceResponse, balance, 'balance, readAt null');
    expectSameJson(balanceResponse, { ...balance, data: { ...balance.data, gameWalletSource: 'partner', gameWalletReadAt: '2026-11-28T16:00:00.000Z' } }, 'balance, readAt set');
    const history = {
      success: true,
      message: 'สำเร็จ',
      data: {
        Transaction: [
          { id: 'dep_1', Amount: 150.25, createdAt: '2026-11-28T16:00:00.000Z', Status: 1, TransType: 'DEPOSIT', reference: null },
          { id: 'wdr_1', Amount: 100, createdAt: '2026-11-28T16:00:00.000Z', Status: 3, TransType: 'WITHDRAW', reference: 'P1', rejectionReason: null, failureReason: 'ไม่พบบัญชีปลายทาง', isBeingPaid: false },
          { id: 'trf_1', Amount: 0.01, createdAt: '2026-11-28T16:00:00.000Z', Status: 1, TransType: 'BONUS_FORFEIT', reference: null, forfeitReason: 'ถอนเงิน "ก่อน" ทำยอด\n' },
        ],
        page: 1,
        pageSize: 20,
        total: 3,
      },
    };
    expectSameJson(historyResponse, history, 'history with optional fields present and absent');
    expectSameJson(withdrawalResponse, { success: true, message: 'ถอนเงินสำเร็จ', data: { withdrawalId: 'wdr_x', Amount: 100.5, Status: 1, createdAt: '2026-11-28T16:00:00.000Z' } }, 'withdrawal');
    expectSameJson(errorEnvelope, { success: false, message: 'ยอดเงินไม่พอ', code: 'INSUFFICIENT_BALANCE', data: null }, 'error envelope');
  });

  it('leave a schema JSON Schema cannot express to zod', () => {
    expect(compileResponseSerializer(z.object({ at: z.date() }))).toBeNull();
    expect(compileResponseSerializer(z.object({ n: z.string().transform((value) => value.length) }))).toBeNull();
  });

  it('compile every response schema of refresh, balance, the histories and the withdrawal', () => {
    for (const schema of [refreshResponse, balanceResponse, historyResponse, withdrawalResponse, errorEnvelope]) expect(compileResponseSerializer(schema)).not.toBeNull();
  });
});

describe('compiled response serializers on the app’s own answers', () => {
  let t: TestApp;
  const captured: Array<{ url: string; status: number; schema: z.ZodType; payload: unknown }> = [];
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        app.addHook('preSerialization', async (request, reply, payload) => {
          const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
          const schema = responses[String(reply.statusCode)] ?? responses[`${String(reply.statusCode)[0]}xx`];
          if (schema instanceof z.ZodType) captured.push({ url: request.url, status: reply.statusCode, schema, payload: structuredClone(payload) });
          return payload;
        });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('match zod byte for byte on every answer of a member’s session', async () => {
    const member = await fundedMember(t, '2500.50');
    const ip = newIp();
    const get = (url: string) => t.call({ method: 'GET', url, token: member.token, ip });
    await get('/auth-service/v1/refresh');
    await get('/user-profile-composite/v1/profile/balance');
    await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, ip, body: { Amount: 100.25, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } });
    await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, ip, body: { Amount: 10, Channel: 'BANK' } });
    await get('/user-profile-composite/v1/history/deposit');
    await get('/user-profile-composite/v1/history/withdraw');
    await get('/fund-composite/v1/withdrawal/condition');
    await get('/rolling-composite/v1/get-rolling');
    await get('/prize-composite/v1/wheel');
    await t.call({ method: 'POST', url: '/user-profile-composite/v1/deposit/promptpay', token: member.token, ip, body: { Amount: 101 } });
    await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', ip });
    const urls = new Set(captured.map((entry) => entry.url.split('?')[0]));
    expect(urls.size).toBeGreaterThanOrEqual(8);
    expect(captured.some((entry) => entry.status >= 400)).toBe(true);
    for (const entry of captured) {
      const compiled = compileResponseSerializer(entry.schema);
      if (compiled === null) continue;
      expect(compiled(entry.payload), `${entry.status} ${entry.url}`).toBe(zodSerialize(entry.schema)(entry.payload));
    }
  }, 120_000);
});
