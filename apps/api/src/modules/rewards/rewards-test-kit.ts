import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { requireMemberAccountId, availableCreditBalance, readAccountBalance } from '@sabai/ledger';
import { registerErrorHandling } from '../../plugins/error-handler.ts';
import type { TestApp } from '../../test/test-app.ts';
import { registerAdminGuard } from '../../plugins/admin-guard.ts';
import { expectLedgerSound } from '../../test/money-helpers.ts';
import { registerRewardRoutes } from './routes.ts';
import { reconcileRewards } from './reconcile-rewards.ts';

/**
 * Test support for the rewards module (used by its *.test.ts only). Until app.ts registers
 * `registerRewardRoutes`, the HTTP tests run on a small Fastify with only these routes, the same
 * context and the app's validation and error handling.
 */
export interface RewardsHttp {
  app: FastifyInstance;
  call(options: { method: 'GET' | 'POST'; url: string; token?: string; body?: unknown; headers?: Record<string, string>; asStaff?: boolean }): Promise<{
    status: number;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response data is checked by each test
    body: { success: boolean; message: string; code?: string; data: any };
  }>;
}

export async function buildRewardsHttp(t: TestApp): Promise<RewardsHttp> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAdminGuard(app, t.context);
  registerRewardRoutes(app, t.context);
  await app.ready();
  return {
    app,
    async call({ method, url, token, body, headers = {}, asStaff }) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(asStaff ? { authorization: `Bearer ${await t.staffToken('marketing')}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

/**
 * A signed-up, logged-in member with no money. Sign-up asks the sandbox bank for the account
 * name within PROVIDER_TIMEOUT_MS (800 ms in tests); on a loaded two-core machine that call can
 * time out, which is not what these tests are about, so it is tried up to 3 times.
 */
export async function newMember(t: TestApp): Promise<{ memberId: string; token: string }> {
  let member: Awaited<ReturnType<TestApp['signUp']>> | undefined;
  for (let attempt = 1; member === undefined; attempt += 1) {
    try {
      member = await t.signUp();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const token = await t.logIn(member.phoneNumber, member.password);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
  const memberId = rows[0]?.id;
  if (!memberId) throw new Error('member not found after sign-up');
  return { memberId, token };
}

/** Available balance of one of the member's wallets, satang. */
export async function walletSatang(t: TestApp, memberId: string, kind: 'main' | 'prize'): Promise<bigint> {
  return availableCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, kind)));
}

/** The ledger's invariants and the rewards records' agreement with it. */
export async function expectRewardsSound(t: TestApp): Promise<void> {
  await expectLedgerSound(t);
  const violations = await reconcileRewards(t.db);
  if (violations.length > 0) throw new Error(`rewards violations: ${JSON.stringify(violations)}`);
}
