import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { processPendingFeedEvents } from '../modules/deposits/process-feed-event.ts';
import { recoverPayouts } from '../modules/withdrawals/recover-payouts.ts';
import { reconcileGameTransfers } from '../modules/play/reconcile-game-transfers.ts';
import { pullBetRecords } from '../modules/play/pull-bet-records.ts';
import { detectRecentGameDifferences } from '../modules/play/detect-game-difference.ts';
import { computeDueCashback } from '../modules/cashback/compute-cashback.ts';
import { computeDueAffiliateCommissions } from '../modules/affiliate/compute-affiliate-commissions.ts';
import { startSilenceAlarms } from '../modules/feed-sources/start-silence-alarms.ts';

/**
 * Recovery after a crash, run at start and every RECOVERY_INTERVAL_MS in every API process
 * (docs/adr/0007): bank events stored but not processed, withdrawals approved but not paid or
 * paid with an unknown outcome, game transfers with an unknown outcome; plus the bet-records pull
 * (turnover and game results) and a look at recently active game wallets (cases for staff). Each step is idempotent and claims its rows, so several processes
 * running it at once is safe. One round at a time per process.
 */
export function startRecoveryJobs(context: AppContext, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = async () => {
    try {
      const events = await processPendingFeedEvents(context);
      const payouts = await recoverPayouts(context);
      const gameTransfers = await reconcileGameTransfers(context);
      const betRecords = await pullBetRecords(context).catch((error: unknown) => {
        log.warn({ err: error }, 'bet records pull failed');
        return 0;
      });
      const cashbackMembers = await computeDueCashback(context);
      const affiliateCommissions = await computeDueAffiliateCommissions(context);
      const gameDifferences = await detectRecentGameDifferences(context);
      if (events + payouts + gameTransfers + cashbackMembers + affiliateCommissions > 0) log.info({ events, payouts, gameTransfers, betRecords, cashbackMembers, affiliateCommissions }, 'recovery round settled work');
      if (gameDifferences > 0) log.warn({ gameDifferences }, 'game wallets differ from the partner in ways nothing explains: see the open game cases');
      // A bank-feed source silent in its active hours (a dead house phone): deposits are not arriving (docs/adr/0013).
      for (const source of await startSilenceAlarms(context)) {
        log.warn({ sourceId: source.sourceId, channelId: source.channelId, lastEventAt: source.lastEventAt, lastHeartbeatAt: source.lastHeartbeatAt, silentForMs: source.silentForMs }, 'bank feed source silent during its active hours: deposits may not be arriving (GET /admin-api/v1/feed-sources/health)');
      }
    } catch (error) {
      log.error({ err: error }, 'recovery round failed');
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = round().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, context.config.RECOVERY_INTERVAL_MS);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
