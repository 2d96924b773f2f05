import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { ApiError, setUnauthorizedHandler } from '../lib/api.ts';
import { memberQuery } from '../lib/auth.ts';
import { sessionStore } from '../lib/session.ts';
import {
  decideAfterRefresh,
  decideOnUnauthorized,
  decideWithoutRefresh,
  type RefreshOutcome,
  type SessionAction,
} from '../lib/session-rules.ts';
import { rememberReferralCode } from './referral.ts';
import { routeNameOf, shareTokenOf } from './route-name.ts';

/**
 * Carries out the session rules (lib/session-rules.ts) after every route change, and on a 401
 * from any call (spec §4, §6). Also keeps a share token seen in the URL for registration.
 */
export function SessionWatcher() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routeName = routeNameOf(matches);
  const routeNameRef = useRef(routeName);
  routeNameRef.current = routeName;

  const applyRef = useRef((action: SessionAction) => {
    if (action.clearSession) {
      sessionStore.clear();
      queryClient.removeQueries({ queryKey: memberQuery.queryKey });
    }
    if (action.kind === 'redirect') void navigate(action.to, { replace: true });
  });

  useEffect(() => {
    setUnauthorizedHandler(() => applyRef.current(decideOnUnauthorized(routeNameRef.current)));
    return () => setUnauthorizedHandler(null);
  }, []);

  const shareToken = shareTokenOf(matches);
  useEffect(() => {
    if (sessionStore.get().token === null) rememberReferralCode(shareToken);
  }, [shareToken]);

  useEffect(() => {
    let isCurrent = true;
    const decision = decideWithoutRefresh(routeName, sessionStore.get().token !== null);
    if (decision !== 'refresh') {
      applyRef.current(decision);
      return;
    }
    queryClient
      .fetchQuery({ ...memberQuery, staleTime: SESSION_CHECK_FRESH_MS })
      .then(
        (): RefreshOutcome => 'valid',
        (error: unknown): RefreshOutcome => (isSessionRefusal(error) ? 'refused' : 'unreachable'),
      )
      .then((outcome) => {
        if (isCurrent) applyRef.current(decideAfterRefresh(routeName, outcome));
      });
    return () => {
      isCurrent = false;
    };
    // Once per navigation (routeName only changes with the pathname).
  }, [location.pathname, routeName, queryClient]);

  return null;
}

/**
 * A refresh answered this recently is this navigation's session check: the first load of
 * /user/home asks for it just before the app's first render (app/home/first-calls.ts), and asking
 * again at once would only draw the member card twice more (its busy state on and off). Any
 * later navigation asks the server again.
 */
const SESSION_CHECK_FRESH_MS = 2_000;

/** The server answered and said no (4xx). Server faults and broken replies keep the session. */
const isSessionRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
