import type { FastifyInstance } from 'fastify';
import { registerHub88ControlRoutes } from './control-routes.ts';
import { DEMO_HUB88_OPERATOR_ID, DEMO_HUB88_OPERATOR_PUBLIC_KEY, SANDBOX_HUB88_PRIVATE_KEY } from './demo-keys.ts';
import { registerGamesApiRoutes } from './games-api-routes.ts';
import { registerHub88GameRoutes } from './game-page-routes.ts';
import { Hub88State } from './hub88-state.ts';
import type { Hub88Fault } from './play-round.ts';
import { Hub88WalletCaller } from './wallet-caller.ts';

export {
  DEMO_HUB88_OPERATOR_ID,
  DEMO_HUB88_OPERATOR_PRIVATE_KEY,
  DEMO_HUB88_OPERATOR_PUBLIC_KEY,
  SANDBOX_HUB88_PRIVATE_KEY,
  SANDBOX_HUB88_PUBLIC_KEY,
} from './demo-keys.ts';
export { HUB88_SIGNATURE_HEADER, signHub88Body, verifyHub88Signature } from './hub88-signature.ts';
export { hub88UnitsToSatang, satangToHub88Units, HUB88_UNITS_PER_SATANG } from './hub88-units.ts';
export { Hub88State, HUB88_STATUSES, type Hub88Transaction } from './hub88-state.ts';
export { HUB88_FAULTS, playHub88Round, type Hub88Fault, type RoundInput, type RoundResult } from './play-round.ts';
export { Hub88WalletCaller, isFinal, type WalletAttempt, type WalletCallerOptions, type WalletPath } from './wallet-caller.ts';
export { HUB88_BACCARAT_CODE, HUB88_SLOT_CODE } from './hub88-catalog.ts';

export interface Hub88Options {
  /** Sabai's Wallet API base, e.g. `http://127.0.0.1:3000/seamless/hub88` (may change after start). */
  walletUrl: () => string | undefined;
  /** The sandbox's public URL (game URLs and images). */
  publicBaseUrl: () => string;
  /** Default DEMO_HUB88_OPERATOR_ID / _PUBLIC_KEY and SANDBOX_HUB88_PRIVATE_KEY. */
  operatorId?: number;
  operatorPublicKeyPem?: string;
  privateKeyPem?: string;
  /** Per wallet call attempt (default 5,000 ms). */
  timeoutMs?: number;
  now?: () => Date;
}

export interface Hub88Sandbox {
  readonly state: Hub88State;
  readonly caller: Hub88WalletCaller;
  readonly faults: { mode: Hub88Fault };
}

/** Route URLs with their own auth (operator signature, game session id): exempt from `x-sandbox-key`. */
export const isPublicHub88Route = (routeUrl: string): boolean => routeUrl.startsWith('/hub88/operator/') || routeUrl.startsWith('/games/hub88/');

/**
 * The sandbox Hub88 (see README.md): Games API and Transactions API for the operator, the game
 * pages that call the operator's Wallet API for every bet and win, fault modes, test controls.
 */
export async function registerHub88(app: FastifyInstance, options: Hub88Options): Promise<Hub88Sandbox> {
  const state = new Hub88State(options.now ?? (() => new Date()));
  const caller = new Hub88WalletCaller({ walletUrl: options.walletUrl, privateKeyPem: options.privateKeyPem ?? SANDBOX_HUB88_PRIVATE_KEY, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const faults: { mode: Hub88Fault } = { mode: 'ok' };
  await registerGamesApiRoutes(app, state, {
    operatorId: options.operatorId ?? DEMO_HUB88_OPERATOR_ID,
    operatorPublicKeyPem: options.operatorPublicKeyPem ?? DEMO_HUB88_OPERATOR_PUBLIC_KEY,
    publicBaseUrl: options.publicBaseUrl,
  });
  registerHub88GameRoutes(app, { state, caller, fault: () => faults.mode });
  registerHub88ControlRoutes(app, { state, caller, faults });
  return { state, caller, faults };
}
