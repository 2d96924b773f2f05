import { gameWalletQuery } from '../../features/games/api/get-game-wallet.ts';
import { rollingQuery } from '../../features/member/api/get-rolling.ts';
import { promotionsQuery } from '../../features/promotions/api/promotions.ts';
import { memberQuery } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The calls `/user/home`'s first render reads (the member card: refresh, the partner's game
 * wallet, turnover, the promotions' titles; spec §3, §7), asked for by the first load's takeover
 * before the member app renders (app-main.tsx, docs/adr/0036). The app then draws their answers in
 * its first render, instead of drawing the stored figures and rendering again, in one blocking
 * task, as each answer lands. Resolves when all have answered or failed (a failure is the query's
 * error, shown by the page as before); never rejects.
 */
export function startHomeFirstCalls(): Promise<void> {
  return Promise.all([
    queryClient.prefetchQuery(memberQuery),
    queryClient.prefetchQuery(gameWalletQuery),
    queryClient.prefetchQuery(rollingQuery),
    queryClient.prefetchQuery(promotionsQuery),
  ]).then(() => undefined);
}
