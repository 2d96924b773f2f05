import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAgentRoutes } from './agent-routes.ts';
import { registerGameRoutes } from './game-routes.ts';
import { createPartnerAuthHook } from './partner-auth.ts';
import { createPartnerContext } from './partner-context.ts';
import { loadState, StateWriter } from './partner-persistence.ts';
import { createEmptyState } from './partner-state.ts';
import { registerSandboxToolRoutes } from './sandbox-tool-routes.ts';
import { DEFAULT_FAULT_HOLD_MS, type PartnerFaults } from './transfer-faults.ts';

export { signPartnerRequest, type PartnerRequestToSign } from './sign-partner-request.ts';
export { TRANSFER_FAULTS, type TransferFault } from './transfer-faults.ts';
export { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET } from './demo-credentials.ts';
export { SCRIPTED_OUTCOME_KINDS, type ReelStops, type ScriptedOutcomeKind, type ScriptedSlotOutcome } from './games/scripted-stops.ts';
export {
  clearSlotOutcomes,
  PartnerSandboxCallError,
  readSlotOutcomes,
  scriptSlotOutcomes,
  type PartnerSandboxTarget,
  type SlotOutcomeQueueReply,
} from './slot-outcome-client.ts';

/** Largest agent-API request body read (the biggest, a launch, is well under 3 KiB). */
const MAX_AGENT_BODY_BYTES = 16 * 1024;

export interface PartnerOptions {
  agentId: string;
  agentSecret: string;
  /** The sandbox's own public URL, e.g. `http://127.0.0.1:3100`: launch links and game images. */
  publicBaseUrl: () => string;
  /** JSON file that keeps members, balances, transfers and bet records across restarts. */
  dataFile?: string;
  /** How long `timeout_after_applying` holds a transfer answer (default 30,000 ms). */
  faultHoldMs?: number;
  /** How long `apply_late` waits before applying a transfer it answered 500 to (default 5,000 ms). */
  lateApplyMs?: number;
  now?: () => Date;
}

export interface PartnerSandbox {
  /** The transfer fault mode (also switched by POST /partner/v1/sandbox/faults). */
  readonly faults: PartnerFaults;
  /** A member's game balance in satang; undefined for an unknown username. */
  balanceOf(username: string): bigint | undefined;
  /** Writes pending changes to `dataFile` now (also done when the app closes). */
  flush(): Promise<void>;
}

/**
 * The sandbox game partner: the agent API (`/partner/v1/…`, own HMAC auth, see partner-auth.ts)
 * and the playable games (`/games/…`, authorized by launch tokens). Both need NO `x-sandbox-key`:
 * exempt them with isPublicPartnerRoute. Held fault responses end at close and late transfers
 * are dropped; the data file is flushed at close.
 */
export async function registerPartner(app: FastifyInstance, options: PartnerOptions): Promise<PartnerSandbox> {
  const state = options.dataFile ? await loadState(options.dataFile) : createEmptyState();
  const writer = options.dataFile
    ? new StateWriter({ file: options.dataFile, state, onError: (error) => app.log.error({ err: error }, 'partner data file write failed') })
    : undefined;
  const now = options.now ?? (() => new Date());
  const context = createPartnerContext({
    state,
    persist: () => writer?.schedule(),
    now,
    publicBaseUrl: options.publicBaseUrl,
    faultHoldMs: options.faultHoldMs ?? DEFAULT_FAULT_HOLD_MS,
    lateApplyMs: options.lateApplyMs,
  });
  // Late transfers die with the app, like a crashed partner's work queue; their timers must not fire after close.
  app.addHook('preClose', async () => {
    context.held.releaseAll();
    context.lateTransfers.dropAll();
  });
  app.addHook('onClose', async () => writer?.flush());

  await app.register(async (scope) => {
    // The signature covers the body byte for byte, so keep it: every content type is read as text.
    const rawBodies = new WeakMap<FastifyRequest, string>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_AGENT_BODY_BYTES }, (request, body, done) => {
      const raw = String(body);
      rawBodies.set(request, raw);
      done(null, parseJsonOrUndefined(raw));
    });
    scope.addHook('preValidation', createPartnerAuthHook({ agentId: options.agentId, agentSecret: options.agentSecret, now, rawBodyOf: (request) => rawBodies.get(request) ?? '' }));
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'partner agent API error');
        return reply.code(500).send({ code: 'INTERNAL_ERROR' });
      }
      return reply.code(status).send({ code: 'INVALID_REQUEST' });
    });
    registerAgentRoutes(scope, context);
    registerSandboxToolRoutes(scope, context);
  });
  await app.register(async (scope) => registerGameRoutes(scope, context));

  return {
    faults: context.faults,
    balanceOf: (username) => state.members.get(username)?.balanceSatang,
    flush: async () => writer?.flush(),
  };
}

/** Routes that need no `x-sandbox-key` (give the sandbox's onRequest hook `request.routeOptions.url`). */
export function isPublicPartnerRoute(routeUrl: string): boolean {
  return routeUrl.startsWith('/partner/v1/') || routeUrl.startsWith('/games/');
}

/** A body that is not JSON becomes undefined, and the route's validation answers 400 after auth. */
function parseJsonOrUndefined(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
