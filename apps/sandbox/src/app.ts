import Fastify, { type FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { isPublicBankRoute, registerBankRoutes } from './bank/routes.ts';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET, isPublicPartnerRoute, registerPartner } from './partner/index.ts';
import { createSandboxBank } from './bank/sandbox-bank.ts';
import { registerNameInquiryRoutes } from './name-inquiry/routes.ts';
import { createSandboxLine, type SandboxLine } from './line/sandbox-line.ts';
import { registerLineRoutes } from './line/routes.ts';
import { isPublicLineRoute } from './line/line-api-routes.ts';
import { SANDBOX_SMS_SIGNING_KEY, SandboxSmsGateway } from './sms/sandbox-sms-gateway.ts';
import { isPublicSmsRoute, registerSmsRoutes } from './sms/routes.ts';
import { isPublicHub88Route, registerHub88, type Hub88Sandbox } from './hub88/index.ts';

export interface SandboxConfig {
  /** Shared key the API sends as `x-sandbox-key` (a real provider has its own credentials). */
  apiKey: string;
  logger?: boolean;
  /**
   * With `logger`, also a log line as each request comes in and as it is answered (Fastify's request
   * logging, at `info`; default true; false keeps the logger at `warn`). The sandbox process turns
   * it off unless asked (server.ts, SANDBOX_REQUEST_LOGS=1): under a benchmark's load the two
   * synchronous writes per request were ~30 % of the sandbox's CPU (docs/adr/0062). Warnings and
   * errors are logged either way.
   */
  requestLogs?: boolean;
  /** HMAC secret of every demo bank-feed source (Sabai's feed checks `x-feed-signature` with it). */
  feedSecret: string;
  /** Sabai's API, e.g. `http://127.0.0.1:3000`; may also be set after start with `setApiBaseUrl`. */
  apiBaseUrl?: string;
  /** How long the payout fault modes `timeout_*` hold the answer (default 30,000; short in tests). */
  faultHoldMs?: number;
  /** How long the game partner's `apply_late` transfer fault waits before applying (default 5,000; short in tests). */
  lateApplyMs?: number;
  /** The game partner's agent credentials (Sabai's GAME_PARTNER_AGENT_ID / _SECRET; default DEMO_PARTNER_AGENT_ID / _SECRET). */
  partnerAgentId?: string;
  partnerAgentSecret?: string;
  /** Where the game partner keeps its balances between runs (quick start: .data/sandbox-partner.json). */
  partnerDataFile?: string;
  /** Feed delivery tuning (defaults: 5,000 ms per attempt, 3 retries, 250 ms × retry number between). */
  feedTimeoutMs?: number;
  feedMaxRetries?: number;
  feedRetryDelayMs?: number;
  /** The sandbox LINE's channel secret (signs webhooks) and channel access token (Sabai's LINE_CHANNEL_SECRET / _ACCESS_TOKEN; default the dev values). */
  lineChannelSecret?: string;
  lineChannelAccessToken?: string;
  /** Clock of transfers (SMS dates, statement times); tests pin it. */
  now?: () => Date;
  /** Key the SMS Gateway double signs its delivery webhooks with (Sabai's SMS_GATEWAY_SIGNING_KEY; default the published sandbox one). */
  smsSigningKey?: string;
  /** The sandbox Hub88 (seamless wallet): its operator id and keys (defaults: the published demo ones, hub88/demo-keys.ts). */
  hub88OperatorId?: number;
  /** PEM verifying Sabai's Games API calls (Sabai signs with HUB88_PRIVATE_KEY). */
  hub88OperatorPublicKey?: string;
  /** PEM the sandbox Hub88 signs its Wallet API calls with (Sabai verifies with HUB88_PUBLIC_KEY). */
  hub88PrivateKey?: string;
  /** Per Wallet API call attempt (default 5,000 ms). */
  hub88TimeoutMs?: number;
}

/** The sandbox app, plus the late setting of Sabai's API URL (the quick start starts the sandbox first). */
export type SandboxApp = FastifyInstance & {
  /** Where bank notifications go: `${url}/bank-feed/v1/…`. @throws TypeError for a non-http(s) URL. */
  setApiBaseUrl(url: string): void;
  /** The sandbox LINE's state (simulated users, chats, fault switch). */
  line: SandboxLine;
  /** The SMS Gateway double's state (messages asked to be sent, registered webhooks). */
  sms: SandboxSmsGateway;
  /** The sandbox Hub88's state (transaction list, fault mode, the wallet caller's counters). */
  hub88: Hub88Sandbox;
};

/** Routes that need no `x-sandbox-key`: the index, the health check and the bank pages for people. */
const isPublicRoute = (routeUrl: string | undefined): boolean =>
  routeUrl !== undefined && (routeUrl === '/' || routeUrl === '/healthz' || isPublicBankRoute(routeUrl) || isPublicPartnerRoute(routeUrl) || isPublicLineRoute(routeUrl) || isPublicSmsRoute(routeUrl) || isPublicHub88Route(routeUrl));

/**
 * The sandbox: plays every outside provider over real HTTP for the demo and the tests: bank
 * account name inquiry, the sandbox bank (member transfers that notify Sabai's bank feed; payouts).
 * the game partner, and LINE (Messaging API subset, simulated LINE users, the /line chat page).
 */
export async function buildSandboxApp(config: SandboxConfig): Promise<SandboxApp> {
  // Fastify logs each request and answer at `info`: without request logs the logger keeps `warn` and up.
  const app = Fastify({ logger: config.logger ? { level: config.requestLogs === false ? 'warn' : 'info' } : false, bodyLimit: 64 * 1024 });
  const bank = createSandboxBank({
    feed: {
      feedSecret: config.feedSecret,
      apiBaseUrl: config.apiBaseUrl,
      timeoutMs: config.feedTimeoutMs,
      maxRetries: config.feedMaxRetries,
      retryDelayMs: config.feedRetryDelayMs,
    },
    faultHoldMs: config.faultHoldMs,
    now: config.now,
  });
  const expectedKey = Buffer.from(config.apiKey, 'utf8');
  app.addHook('onRequest', async (request, reply) => {
    if (isPublicRoute(request.routeOptions.url)) return;
    const given = Buffer.from(String(request.headers['x-sandbox-key'] ?? ''), 'utf8');
    if (given.length !== expectedKey.length || !timingSafeEqual(given, expectedKey)) {
      return reply.code(401).send({ error: 'bad sandbox key' });
    }
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Sabai sandbox</title><h1>Sabai sandbox</h1>' +
          '<p>Simulated providers: name inquiry (POST /name-inquiry/v1/lookup), ' +
          '<a href="/bank">Sandbox Bank</a> (member transfers → Sabai bank feed; payouts POST /bank/v1/payouts), ' +
          'game partner agent API (/partner/v1/…) with playable games (/games/…), ' +
          'Hub88 seamless wallet (Games API /operator/generic/v2/…, games /games/hub88/…, calls Sabai /seamless/hub88/…), ' +
          '<a href="/line">LINE จำลอง</a> (Messaging API /v2/bot/…, simulated LINE users and their chats), ' +
          '<a href="/sms">SMS จำลอง</a> (SMS Gateway for Android API /sms-gateway/3rdparty/v1/…; GET /sms/v1/messages?to=).</p>',
      ),
  );
  registerNameInquiryRoutes(app);
  await registerBankRoutes(app, bank);
  const line = createSandboxLine({ channelSecret: config.lineChannelSecret, channelAccessToken: config.lineChannelAccessToken, apiBaseUrl: config.apiBaseUrl });
  await registerLineRoutes(app, line);
  const sms = new SandboxSmsGateway({ signingKey: config.smsSigningKey ?? SANDBOX_SMS_SIGNING_KEY, apiBaseUrl: config.apiBaseUrl, ...(config.now ? { now: config.now } : {}) });
  registerSmsRoutes(app, sms, { password: config.apiKey });
  let publicBaseUrl = 'http://127.0.0.1:3100';
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') publicBaseUrl = `http://${address.address === '::' ? '127.0.0.1' : address.address}:${address.port}`;
  });
  await registerPartner(app, {
    agentId: config.partnerAgentId ?? DEMO_PARTNER_AGENT_ID,
    agentSecret: config.partnerAgentSecret ?? DEMO_PARTNER_AGENT_SECRET,
    publicBaseUrl: () => publicBaseUrl,
    ...(config.partnerDataFile ? { dataFile: config.partnerDataFile } : {}),
    ...(config.faultHoldMs !== undefined ? { faultHoldMs: config.faultHoldMs } : {}),
    ...(config.lateApplyMs !== undefined ? { lateApplyMs: config.lateApplyMs } : {}),
    ...(config.now ? { now: config.now } : {}),
  });
  let apiBaseUrl = config.apiBaseUrl;
  const hub88 = await registerHub88(app, {
    walletUrl: () => (apiBaseUrl ? `${apiBaseUrl.replace(/\/+$/, '')}/seamless/hub88` : undefined),
    publicBaseUrl: () => publicBaseUrl,
    ...(config.hub88OperatorId !== undefined ? { operatorId: config.hub88OperatorId } : {}),
    ...(config.hub88OperatorPublicKey ? { operatorPublicKeyPem: config.hub88OperatorPublicKey } : {}),
    ...(config.hub88PrivateKey ? { privateKeyPem: config.hub88PrivateKey } : {}),
    ...(config.hub88TimeoutMs ? { timeoutMs: config.hub88TimeoutMs } : {}),
    ...(config.now ? { now: config.now } : {}),
  });
  const setApiBaseUrl = (url: string): void => {
    apiBaseUrl = url;
    bank.feed.setApiBaseUrl(url);
    line.setApiBaseUrl(url);
    sms.setApiBaseUrl(url);
  };
  app.decorate('setApiBaseUrl', setApiBaseUrl);
  app.decorate('line', line);
  app.decorate('sms', sms);
  app.decorate('hub88', hub88);
  // Awaiting the instance runs ready() (as returning it from this async function always did);
  // decorate() does not change the static type, hence the narrowing cast.
  const ready: FastifyInstance = await app;
  return ready as SandboxApp;
}
