import { z } from 'zod';
import { SCRIPTED_OUTCOME_KINDS, type ScriptedSlotOutcome } from './games/scripted-stops.ts';
import { signPartnerRequest } from './sign-partner-request.ts';

const SLOT_OUTCOMES_PATH = '/partner/v1/sandbox/slot-outcomes';
const DEFAULT_TIMEOUT_MS = 10_000;

/** Where the sandbox partner runs and the agent credentials it was started with. */
export interface PartnerSandboxTarget {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:3100` (only its origin is used). */
  baseUrl: string;
  /** buildSandboxApp's `partnerAgentId` (default DEMO_PARTNER_AGENT_ID, 'sabai-demo-agent'). */
  agentId: string;
  /** buildSandboxApp's `partnerAgentSecret` (default DEMO_PARTNER_AGENT_SECRET). */
  agentSecret: string;
  /** Milliseconds before the call is aborted (default 10,000). */
  timeoutMs?: number;
}

/** A member's queue of scripted slot results, next first, as the sandbox answers it. */
export interface SlotOutcomeQueueReply {
  username: string;
  outcomes: ScriptedSlotOutcome[];
}

/** The sandbox refused a call: the HTTP status and the partner's error `code` (e.g. MEMBER_NOT_FOUND). */
export class PartnerSandboxCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`sandbox partner answered ${status} ${code}`);
    this.name = 'PartnerSandboxCallError';
  }
}

/**
 * Queues scripted results for a member's next ช้างทองคำ spins, after anything already queued:
 * signed `POST /partner/v1/sandbox/slot-outcomes`. `outcomes` holds 1..100 of 'loss' (pays 0),
 * 'win' (pays more than the stake), 'stake_back' (pays the stake) or `{ stops: [a, b, c] }`
 * (each 0..27). The member must already have a game account (Sabai creates it on first play or
 * transfer). Resolves to the whole queue afterwards.
 * @throws PartnerSandboxCallError on a refusal (400 INVALID_REQUEST, 401 AUTH_FAILED, 404
 * MEMBER_NOT_FOUND, 409 SLOT_OUTCOMES_FULL); fetch's own errors when unreachable or timed out.
 */
export async function scriptSlotOutcomes(
  options: PartnerSandboxTarget & { username: string; outcomes: readonly ScriptedSlotOutcome[] },
): Promise<SlotOutcomeQueueReply> {
  return callSlotOutcomes(options, 'POST', SLOT_OUTCOMES_PATH, JSON.stringify({ username: options.username, outcomes: options.outcomes }));
}

/** What is still queued for the member: signed `GET …/slot-outcomes?username=`. @throws as scriptSlotOutcomes. */
export async function readSlotOutcomes(options: PartnerSandboxTarget & { username: string }): Promise<SlotOutcomeQueueReply> {
  return callSlotOutcomes(options, 'GET', `${SLOT_OUTCOMES_PATH}?${new URLSearchParams({ username: options.username })}`);
}

/** Empties the member's queue (later spins are random again): signed `DELETE …/slot-outcomes?username=`. @throws as scriptSlotOutcomes. */
export async function clearSlotOutcomes(options: PartnerSandboxTarget & { username: string }): Promise<SlotOutcomeQueueReply> {
  return callSlotOutcomes(options, 'DELETE', `${SLOT_OUTCOMES_PATH}?${new URLSearchParams({ username: options.username })}`);
}

const queueReply = z.object({
  username: z.string(),
  outcomes: z.array(z.union([z.enum(SCRIPTED_OUTCOME_KINDS), z.object({ stops: z.tuple([z.number(), z.number(), z.number()]) })])),
});

async function callSlotOutcomes(target: PartnerSandboxTarget, method: 'GET' | 'POST' | 'DELETE', path: string, rawBody = ''): Promise<SlotOutcomeQueueReply> {
  const url = new URL(path, target.baseUrl);
  const timestamp = String(Date.now());
  const signature = signPartnerRequest({ agentSecret: target.agentSecret, timestamp, method, pathWithQuery: `${url.pathname}${url.search}`, rawBody });
  const response = await fetch(url, {
    method,
    headers: { 'x-agent-id': target.agentId, 'x-timestamp': timestamp, 'x-signature': signature, ...(rawBody === '' ? {} : { 'content-type': 'application/json' }) },
    ...(rawBody === '' ? {} : { body: rawBody }),
    signal: AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = z.object({ code: z.string() }).safeParse(json);
    throw new PartnerSandboxCallError(response.status, code.success ? code.data.code : 'UNKNOWN');
  }
  const parsed = queueReply.safeParse(json);
  if (!parsed.success) throw new PartnerSandboxCallError(response.status, 'MALFORMED_REPLY');
  return parsed.data;
}
