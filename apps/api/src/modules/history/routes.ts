import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { balanceResponse, errorEnvelope, historyQuery, historyResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireMember, requireSessionMember } from '../auth/index.ts';
import { listDepositHistory } from './list-deposit-history.ts';
import { listWithdrawHistory } from './list-withdraw-history.ts';
import { getBalance } from './get-balance.ts';
import { createPartnerBalanceReadings } from './partner-balance-readings.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope };

/** History and balance calls (spec §7; withdraw history is our path for the spec's unshown one). */
export function registerHistoryRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // This process's partner game-balance readings (one per app; GAME_BALANCE_MAX_AGE_MS).
  const partnerReadings = createPartnerBalanceReadings({ maxAgeMs: context.config.GAME_BALANCE_MAX_AGE_MS });
  routes.get('/user-profile-composite/v1/history/deposit', {
    schema: { tags: ['wallet'], summary: 'Deposit history (DEPOSIT, AFFILIATE, CASHBACK; type=cashback for CASHBACK only)', querystring: historyQuery, response: { 200: historyResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const { page, pageSize, type } = request.query;
      const result = await listDepositHistory(context.db, { memberId: session.memberId, page, pageSize, type });
      return { success: true, message: 'สำเร็จ', data: { Transaction: result.rows, page, pageSize, total: result.total } };
    },
  });
  routes.get('/user-profile-composite/v1/history/withdraw', {
    schema: { tags: ['wallet'], summary: 'Withdraw history', querystring: historyQuery.omit({ type: true }), response: { 200: historyResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const { page, pageSize } = request.query;
      const result = await listWithdrawHistory(context.db, { memberId: session.memberId, page, pageSize });
      return { success: true, message: 'สำเร็จ', data: { Transaction: result.rows, page, pageSize, total: result.total } };
    },
  });
  routes.get('/user-profile-composite/v1/profile/balance', {
    schema: { tags: ['wallet'], summary: "Wallet balances; the game wallet is the partner's live balance with the time it was read", response: { 200: balanceResponse, ...refusals } },
    handler: async (request) => {
      // The session check and the wallets in one statement (issue 29 §3): requireMember's check and 401.
      const data = await getBalance(context, requireSessionMember(context, request), { readings: partnerReadings });
      return { success: true, message: 'สำเร็จ', data };
    },
  });
}
