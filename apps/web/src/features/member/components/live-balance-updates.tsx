import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { memberRequestHeaders } from '../../../lib/api.ts';
import { memberQuery } from '../../../lib/auth.ts';
import { runMemberEvents } from '../member-events.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.ts';

/** Server events that mean "your money changed": refetch the member card, balances and history. */
const MONEY_EVENTS = new Set(['balance']);

/**
 * While a member is signed in, listens to their event stream and refreshes what shows money, so
 * a deposit appears on the member card without a reload. Stops on sign-out (the token changes)
 * and on 401; in the latter case the refresh it triggers lets the session rules take over.
 */
export function LiveBalanceUpdates() {
  const { token } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const refreshMoney = () => {
      // 'all': the header shows the balance on every page, also where no member query is mounted.
      void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey, refetchType: 'all' });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    };
    void runMemberEvents({
      signal: controller.signal,
      getHeaders: memberRequestHeaders,
      onEvent: (event) => {
        if (MONEY_EVENTS.has(event.event)) refreshMoney();
      },
      // After a gap the stream cannot replay what was missed: refetch once.
      onOpen: (isReconnect) => {
        if (isReconnect) refreshMoney();
      },
      onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: memberQuery.queryKey }),
    });
    return () => controller.abort();
  }, [token, queryClient]);

  return null;
}
