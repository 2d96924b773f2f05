import type { FastifyInstance, FastifyReply } from 'fastify';
import { satangToDecimalString } from '@sabai/money';
import { z } from 'zod';
import { betRecordToWire, decodeCursor, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, readBetPage } from './bet-feed.ts';
import { createMember, USERNAME_PATTERN } from './create-member.ts';
import { findGame, GAME_CATEGORIES, listGames } from './games/game-catalog.ts';
import { answerForQueuedReference, queueLateTransfer } from './late-transfers.ts';
import type { PartnerContext } from './partner-context.ts';
import { partnerError, type PartnerErrorCode } from './partner-errors.ts';
import type { StoredTransfer } from './partner-state.ts';
import { transferCredit, type TransferCreditInput } from './transfer-credit.ts';
import { SLOW_TRANSFER_MS } from './transfer-faults.ts';

export const REFERENCE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

const username = z.string().regex(USERNAME_PATTERN);
const memberBody = z.object({ username });
const transferBody = z.object({
  reference: z.string().regex(REFERENCE_PATTERN),
  username,
  direction: z.enum(['in', 'out']),
  amount: z.string().max(32),
});
const launchBody = z.object({
  username,
  gameCode: z.string().min(1).max(64),
  returnUrl: z.url({ protocol: /^https?$/ }).max(2_000),
});
const gamesQuery = z.object({ category: z.enum(GAME_CATEGORIES).optional() });
const betsQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT)).optional(),
});

export function sendPartnerError(reply: FastifyReply, code: PartnerErrorCode) {
  const { status, body } = partnerError(code);
  return reply.code(status).send(body);
}

/** The agent API Sabai's partner adapter calls (authenticated by the scope's hook). */
export function registerAgentRoutes(app: FastifyInstance, context: PartnerContext): void {
  app.post('/partner/v1/members', async (request, reply) => {
    const parsed = memberBody.safeParse(request.body);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    const { member, created } = createMember(context, parsed.data.username);
    return { username: member.username, password: member.password, created };
  });

  app.get<{ Params: { username: string } }>('/partner/v1/members/:username/balance', async (request, reply) => {
    const member = context.state.members.get(request.params.username);
    if (!member) return sendPartnerError(reply, 'MEMBER_NOT_FOUND');
    return { username: member.username, balance: satangToDecimalString(member.balanceSatang) };
  });

  app.post('/partner/v1/transfers', async (request, reply) => {
    const parsed = transferBody.safeParse(request.body);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    const fault = context.faults.transfer;
    const errorFirst = errorBeforeApplying(context, parsed.data);
    if (errorFirst) return sendPartnerError(reply, errorFirst);
    const result = transferCredit(context, parsed.data, { times: fault === 'apply_twice' ? 2 : 1 });
    if (result.kind === 'conflict') return sendPartnerError(reply, 'REFERENCE_CONFLICT');
    if (fault === 'duplicate_delivery') context.feed.isDuplicateArmed = true;
    if (fault === 'timeout_after_applying') await context.held.hold(context.faultHoldMs);
    if (fault === 'slow') await context.held.hold(SLOW_TRANSFER_MS);
    return transferToWire(result.transfer);
  });

  app.get<{ Params: { reference: string } }>('/partner/v1/transfers/:reference', async (request) => {
    const transfer = context.state.transfers.get(request.params.reference);
    return transfer ? transferToWire(transfer) : { reference: request.params.reference, status: 'not_found' };
  });

  app.get('/partner/v1/games', async (request, reply) => {
    const parsed = gamesQuery.safeParse(request.query);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    return { games: listGames(context.publicBaseUrl(), parsed.data.category) };
  });

  app.post('/partner/v1/launch', async (request, reply) => {
    const parsed = launchBody.safeParse(request.body);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    if (!context.state.members.has(parsed.data.username)) return sendPartnerError(reply, 'MEMBER_NOT_FOUND');
    if (!findGame(parsed.data.gameCode)) return sendPartnerError(reply, 'GAME_NOT_FOUND');
    const token = context.sessions.issue(parsed.data);
    return { url: `${context.publicBaseUrl().replace(/\/+$/, '')}/games/play/${token}` };
  });

  app.get('/partner/v1/bets', async (request, reply) => {
    const parsed = betsQuery.safeParse(request.query);
    if (!parsed.success) return sendPartnerError(reply, 'INVALID_REQUEST');
    const afterSequence = decodeCursor(context, parsed.data.cursor);
    if (afterSequence === null) return sendPartnerError(reply, 'INVALID_CURSOR');
    const page = readBetPage(context, afterSequence, parsed.data.limit ?? DEFAULT_PAGE_LIMIT);
    return { records: page.records.map(betRecordToWire), nextCursor: page.nextCursor };
  });
}

/**
 * The error a transfer gets before anything is applied, if any. A reference waiting under
 * `apply_late` answers as its first POST did (or 409 for other content) in every mode, so no
 * retry applies it early or twice. Under `apply_late` a new reference is queued (nothing when the
 * queue is full) and answered 500; a stored one gets its outcome as always.
 */
function errorBeforeApplying(context: PartnerContext, input: TransferCreditInput): PartnerErrorCode | undefined {
  const queued = answerForQueuedReference(context, input);
  if (queued !== 'not_queued') return queued === 'conflict' ? 'REFERENCE_CONFLICT' : 'INTERNAL_ERROR';
  const fault = context.faults.transfer;
  if (fault === 'error_before_applying') return 'INTERNAL_ERROR';
  if (fault !== 'apply_late' || context.state.transfers.has(input.reference)) return undefined;
  queueLateTransfer(context, input);
  return 'INTERNAL_ERROR';
}

/** A stored outcome as the agent API sends it. */
export function transferToWire(transfer: StoredTransfer) {
  return transfer.outcome.status === 'succeeded'
    ? { reference: transfer.reference, status: 'succeeded', balanceAfter: satangToDecimalString(transfer.outcome.balanceAfterSatang) }
    : { reference: transfer.reference, status: 'failed', reason: transfer.outcome.reason };
}
