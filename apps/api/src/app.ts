import secureJson from 'secure-json-parse';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { siteSettings } from '@sabai/contracts';
import type { AppConfig } from './config.ts';
import { serverTimeoutOptions } from './server-timeouts.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { AppContext } from './context.ts';
import { registerPlayAdminRoutes, registerPlayRoutes } from './modules/play/index.ts';
import { registerSeamlessHub88AdminRoutes, registerSeamlessHub88Routes } from './modules/seamless-hub88/index.ts';
import { registerCashbackRoutes } from './modules/cashback/index.ts';
import { registerAffiliateAdminRoutes, registerAffiliateRoutes } from './modules/affiliate/index.ts';
import { registerPromotionRoutes } from './modules/promotions/index.ts';
import { registerRewardRoutes } from './modules/rewards/index.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerMemberApiGuard } from './plugins/member-api-guard.ts';
import { registerIpRateLimits } from './plugins/ip-rate-limit.ts';
import { registerAdminGuard } from './plugins/admin-guard.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { registerReadyz } from './plugins/readyz.ts';
import { publicSiteSettings, registerSiteRoutes } from './modules/site/index.ts';
import { registerAuthRoutes } from './modules/auth/index.ts';
import { registerDepositRoutes, registerSlipDepositRoutes } from './modules/deposits/index.ts';
import { registerDepositAdminRoutes, registerFeedRoutes, registerFeedSourceRoutes } from './modules/deposits/index.ts';
import { registerWithdrawalAdminRoutes, registerWithdrawalRoutes } from './modules/withdrawals/index.ts';
import { registerHistoryRoutes } from './modules/history/index.ts';
import { registerEventRoutes } from './modules/events/index.ts';
import { createBalanceEvents } from './modules/events/index.ts';
import { startWorker } from './worker/start-worker.ts';
import { registerOutboxRoutes } from './modules/outbox/index.ts';
import { registerStaffRoutes } from './modules/staff/index.ts';
import { registerMemberRoutes } from './modules/members/index.ts';
import { registerApprovalRoutes } from './modules/approvals/index.ts';
import { registerResponsibleGamingRoutes } from './modules/responsible-gaming/index.ts';
import { registerDashboardRoutes } from './modules/dashboard/index.ts';
import { registerSettingsRoutes } from './modules/settings/index.ts';
import { registerSetupRoutes } from './modules/setup/index.ts';
import { registerPromotionAdminRoutes } from './modules/promotions/index.ts';
import { registerRewardAdminRoutes } from './modules/rewards/index.ts';
import { registerDepositChannelRoutes } from './modules/deposits/index.ts';
import { registerReportRoutes } from './modules/reports/index.ts';
import { createLineClient, registerLineRoutes } from './modules/line/index.ts';
import { registerSmsRoutes } from './modules/sms/index.ts';
import { createAppContext, type ContextOptions } from './create-context.ts';

const RATE_LIMIT_PRUNE_INTERVAL_MS = 60 * 60_000;
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1_024;

export interface BuildAppOptions extends ContextOptions {
  /** Fastify logger on/off (tests turn it off). Defaults to config LOG_LEVEL. */
  logger?: boolean;
  /**
   * Also run the worker in this process (outbox handlers and periodic jobs, worker/start-worker.ts):
   * the quick start's single process. Default false: `npm run api` serves HTTP only and
   * `npm run worker` runs the jobs.
   */
  runJobs?: boolean;
}

/**
 * Builds the API (fastify/demo style: the app apart from the process). Registers security
 * headers, CORS, the OpenAPI document at /docs, the wire conventions (envelope, error codes,
 * app-key guard), the member API routes, static files, /healthz, /readyz and /metrics. Does not listen and does
 * not migrate: server.ts and scripts/start.ts do.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<{ app: FastifyInstance; context: AppContext }> {
  const ownsDb = options.db === undefined;
  const context = await createAppContext(config, options);
  const { db } = context;

  const app = Fastify({
    logger:
      options.logger === false || config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.tokenbank', 'req.headers["x-registration-id"]', 'req.headers["x-api-key"]', 'req.headers.token'],
          },
    // One line per request, when it ends (plugins/request-log.ts), instead of Fastify's two.
    logController: new OneLinePerRequest(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Bound receiving a request, never the work on it nor an event stream (issue 24 §3, ADR 0038).
    ...serverTimeoutOptions(config),
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler(config.RESPONSE_SERIALIZER));
  registerErrorHandling(app);

  // JSON bodies; an empty body (clients that always send Content-Type) reads as {}. Parsed with
  // secure-json-parse, as Fastify's own parser does: `__proto__` / `constructor.prototype` keys are
  // refused (prototype poisoning), not passed on to code that might merge them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const error = Object.assign(new Error('invalid JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Game tiles come from the game partner's image host (the sandbox in the quick start).
        imgSrc: ["'self'", 'data:', 'blob:', new URL(config.SANDBOX_URL).origin],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The partner's game plays in a frame of the member site (issue 26 §2, docs/adr/0044): its
        // origin may be framed; only our own pages may frame ours (the game's way back, /game-closed.html).
        frameSrc: ["'self'", new URL(config.SANDBOX_URL).origin],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers of 1 kB or more (site settings, history pages, the back office's lists) in brotli or
  // gzip, as the client accepts (issue 14 §1). Built files are sent precompressed by
  // plugins/static-files.ts (already encoded: left alone); the event streams hijack their reply.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  const allowedOrigins = config.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean);
  await app.register(cors, {
    origin: allowedOrigins.length > 0 ? allowedOrigins : false,
    allowedHeaders: ['content-type', 'accept-language', 'x-api-key', 'authorization', 'tokenbank', 'x-registration-id', 'idempotency-key'],
    methods: ['GET', 'POST', 'PUT'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sabai member API', version: '0.1.0', description: 'The calls of the member site spec §7. Every response is { success, message, data } (refusals add code).' },
      components: {
        securitySchemes: {
          appKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          session: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // Before every route: its request histogram times them all. /metrics and /readyz are outside
  // the member API guard (not member paths) and the OpenAPI document (docs/adr/0037).
  registerMetrics(app, context);
  await registerReadyz(app, db);
  registerMemberApiGuard(app, context);
  registerIpRateLimits(app, context);
  registerAdminGuard(app, context);
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.driver };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  registerSiteRoutes(app, context);
  registerAuthRoutes(app, context);
  registerDepositRoutes(app, context);
  registerSlipDepositRoutes(app, context);
  registerWithdrawalRoutes(app, context);
  registerHistoryRoutes(app, context);
  registerPlayRoutes(app, context);
  registerSeamlessHub88Routes(app, context);
  registerCashbackRoutes(app, context);
  registerAffiliateRoutes(app, context);
  registerPromotionRoutes(app, context);
  registerRewardRoutes(app, context);
  const balanceEvents = createBalanceEvents(db);
  await balanceEvents.start();
  app.addHook('onClose', async () => balanceEvents.stop());
  registerEventRoutes(app, context, balanceEvents);
  await registerFeedRoutes(app, context);
  // The back office's money routes, each in the module that owns the action (issue 28 §1).
  registerDepositAdminRoutes(app, context);
  registerWithdrawalAdminRoutes(app, context);
  registerPlayAdminRoutes(app, context);
  registerSeamlessHub88AdminRoutes(app, context);
  registerAffiliateAdminRoutes(app, context);
  // Bank-feed sources: health and silence alarm, secret rotation, monitoring (docs/adr/0013).
  registerFeedSourceRoutes(app, context);
  registerOutboxRoutes(app, context);
  registerStaffRoutes(app, context);
  registerMemberRoutes(app, context);
  registerApprovalRoutes(app, context);
  registerResponsibleGamingRoutes(app, context);
  await registerDashboardRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerSetupRoutes(app, context);
  registerPromotionAdminRoutes(app, context);
  registerRewardAdminRoutes(app, context);
  registerDepositChannelRoutes(app, context);
  registerReportRoutes(app, context);
  await registerLineRoutes(app, context, createLineClient(config));
  await registerSmsRoutes(app, context);
  if (options.runJobs === true) {
    // The quick start's one process also runs the worker (outbox handlers, periodic jobs).
    const worker = await startWorker(context, app.log);
    app.addHook('onClose', async () => worker.stop());
  }
  // app.html comes with the site settings: the member app's first load draws with them at once
  // (docs/adr/0050 addendum). Through the contract's schema, as `GET /v2/prefix` sends them: the
  // same JSON, so the page sees the server's answer as equal to what it drew.
  const appPageSettings = async () => {
    const data = await publicSiteSettings(context);
    return data === null ? null : siteSettings.parse(data);
  };
  await registerStaticFiles(app, config.WEB_DIST_DIR, config.ADMIN_DIST_DIR, { appPageSettings });

  // Housekeeping: expired rate-limit windows are deleted hourly (any process may do it).
  const pruneTimer = setInterval(() => {
    context.rateLimiter.pruneExpired(context.now()).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit prune failed'));
  }, RATE_LIMIT_PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  // Postings waiting in the batcher are sent and answered before the database closes.
  app.addHook('onClose', async () => {
    await context.postings.close();
    if (ownsDb) await db.close();
  });
  return { app, context };
}
