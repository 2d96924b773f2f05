import { paths } from '../config/paths.ts';
import {
  PUBLIC_ROUTES,
  ROUTES_EXEMPT_FROM_UNAUTHORIZED_REDIRECT,
  type RouteName,
} from '../config/route-names.ts';

/**
 * The session rules of spec §4 and §6 as pure decisions; the app carries them out.
 *
 * After each route change the session is refreshed:
 * - no token on a member page (the home page included) → `/`, without asking the server;
 * - valid token on the index page → `/user/home`;
 * - refresh refused outside public pages → clear the token and go to `/`; on a public page the
 *   dead token is cleared quietly;
 * - server unreachable → stay, keep the token (a network blip is not a sign-out).
 */
export type RefreshOutcome = 'valid' | 'refused' | 'unreachable';

export type SessionAction =
  | { kind: 'stay'; clearSession: boolean }
  | { kind: 'redirect'; to: string; clearSession: boolean };

const stay = (clearSession = false): SessionAction => ({ kind: 'stay', clearSession });
const redirect = (to: string, clearSession = false): SessionAction => ({ kind: 'redirect', to, clearSession });

/** Before refreshing: `refresh` when there is a token to check, otherwise the action to take. */
export function decideWithoutRefresh(route: RouteName, hasToken: boolean): SessionAction | 'refresh' {
  if (hasToken) return 'refresh';
  return PUBLIC_ROUTES.has(route) ? stay() : redirect(paths.index);
}

export function decideAfterRefresh(route: RouteName, outcome: RefreshOutcome): SessionAction {
  switch (outcome) {
    case 'valid':
      return route === 'Index' ? redirect(paths.user.home) : stay();
    case 'refused':
      return PUBLIC_ROUTES.has(route) ? stay(true) : redirect(paths.index, true);
    case 'unreachable':
      return stay();
  }
}

/** Spec §6: a 401 on a signed-in call. The session is dead either way; only some pages move. */
export function decideOnUnauthorized(route: RouteName): SessionAction {
  return ROUTES_EXEMPT_FROM_UNAUTHORIZED_REDIRECT.has(route) ? stay(true) : redirect(paths.index, true);
}
