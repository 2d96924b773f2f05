import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorEnvelope,
  feedSourceHealthResponse,
  feedSourceMonitoringBody,
  feedSourceMonitoringResponse,
  feedSourceParams,
  rotateFeedSecretBody,
  rotateFeedSecretResponse,
  type FeedSourceHealthWire,
} from '@sabai/contracts';
import type { AppContext } from '../../../context.ts';
import { requireStaff } from '../../../plugins/staff-auth.ts';
import { listFeedSourceHealth, type FeedSourceHealth } from './list-feed-source-health.ts';
import { rotateFeedSourceSecret } from './rotate-feed-source-secret.ts';
import { setFeedSourceMonitoring } from './set-feed-source-monitoring.ts';
import { parseClockMinutes } from './silence-rules.ts';

const MINUTE_MS = 60_000;
const TAGS = ['admin'];
const refusals = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };
const toWire = (health: FeedSourceHealth): FeedSourceHealthWire => ({
  ...health,
  lastEventAt: health.lastEventAt?.toISOString() ?? null,
  lastHeartbeatAt: health.lastHeartbeatAt?.toISOString() ?? null,
  alarmStartedAt: health.alarmStartedAt?.toISOString() ?? null,
  secretRotatedAt: health.secretRotatedAt?.toISOString() ?? null,
  previousSecretValidUntil: health.previousSecretValidUntil?.toISOString() ?? null,
});

// The wire is @sabai/contracts' (admin/feed-sources.ts); the clock check needs the API's parser.
const monitoringBody = feedSourceMonitoringBody
  .superRefine((body, check) => {
    const fromMinute = parseClockMinutes(body.activeFrom);
    const toMinute = parseClockMinutes(body.activeTo, { isEnd: true });
    if (fromMinute === null || toMinute === null || toMinute === 0 || fromMinute === toMinute) {
      check.addIssue({ code: 'custom', message: 'activeFrom / activeTo must be HH:MM (to may be 24:00) and differ' });
    }
  });

/**
 * Back-office calls for bank-feed sources (docs/adr/0013), mounted by app.ts:
 * - `GET /admin-api/v1/feed-sources/health`: each source's last delivery, last heartbeat,
 *   silence and `isAlarm` (silent during its active hours longer than its threshold);
 * - `POST /admin-api/v1/feed-sources/:sourceId/rotate-secret` `{ overlapMinutes? }`: a new secret,
 *   shown once; the old one works until `overlapUntil` (audited);
 * - `POST /admin-api/v1/feed-sources/:sourceId/monitoring` `{ isSilenceMonitored,
 *   maxSilenceMinutes?, activeFrom?, activeTo? }`: how silence is watched (audited).
 * Staff authenticate on arrival (`onRequest`), before any body or parameter is validated.
 */
export function registerFeedSourceRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const authenticateFirst = async (request: FastifyRequest) => {
    requireStaff(context, request);
  };

  routes.get('/admin-api/v1/feed-sources/health', {
    onRequest: authenticateFirst,
    schema: { tags: TAGS, summary: 'Feed sources: last delivery, heartbeat, silence alarm', response: { 200: feedSourceHealthResponse, ...refusals } },
    handler: async (request) => {
      requireStaff(context, request);
      return { success: true, message: 'ok', data: (await listFeedSourceHealth(context)).map(toWire) };
    },
  });

  routes.post('/admin-api/v1/feed-sources/:sourceId/rotate-secret', {
    onRequest: authenticateFirst,
    schema: {
      tags: TAGS,
      summary: 'New feed-source secret (shown once); the old one works until overlapUntil',
      params: feedSourceParams,
      body: rotateFeedSecretBody,
      response: { 200: rotateFeedSecretResponse, ...refusals },
    },
    handler: async (request, reply) => {
      const staff = requireStaff(context, request);
      const overlapMinutes = request.body?.overlapMinutes;
      const rotated = await rotateFeedSourceSecret(context, {
        sourceId: request.params.sourceId,
        ...staff,
        ...(overlapMinutes === undefined ? {} : { overlapMs: overlapMinutes * MINUTE_MS }),
      });
      // The secret is in this answer only: never cached anywhere on the way.
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: 'ok',
        data: { sourceId: rotated.sourceId, secret: rotated.secret, rotatedAt: rotated.rotatedAt.toISOString(), overlapUntil: rotated.overlapUntil?.toISOString() ?? null },
      };
    },
  });

  routes.post('/admin-api/v1/feed-sources/:sourceId/monitoring', {
    onRequest: authenticateFirst,
    schema: { tags: TAGS, summary: 'How a feed source’s silence is watched (active hours, threshold)', params: feedSourceParams, body: monitoringBody, response: { 200: feedSourceMonitoringResponse, ...refusals } },
    handler: async (request) => {
      const staff = requireStaff(context, request);
      const { isSilenceMonitored, maxSilenceMinutes, activeFrom, activeTo } = request.body;
      await setFeedSourceMonitoring(context, {
        sourceId: request.params.sourceId,
        ...staff,
        isSilenceMonitored,
        maxSilenceMs: maxSilenceMinutes ? maxSilenceMinutes * MINUTE_MS : null,
        // Both parse: the body schema refused anything else.
        activeHours: { fromMinute: parseClockMinutes(activeFrom) ?? 0, toMinute: parseClockMinutes(activeTo, { isEnd: true }) ?? 1_440 },
      });
      const health = (await listFeedSourceHealth(context)).find((source) => source.sourceId === request.params.sourceId);
      if (!health) throw new Error(`feed source ${request.params.sourceId} vanished after its update`);
      return { success: true, message: 'ok', data: toWire(health) };
    },
  });
}
