import { isIP } from 'node:net';
import { z } from 'zod';
import { productionConfigProblems } from './production-safety.ts';

/**
 * API configuration, parsed from the environment once at boot (style.md: validate at every
 * boundary). A bad value stops the process with the list of problems.
 */

/** `192.0.2.1`, `2001:db8::1`, `10.0.0.0/8`, `2001:db8::/32`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs checkBank tokens (HMAC-SHA256); at least 32 characters in production. */
  BANK_TOKEN_SECRET: z.string().min(32).optional(),
  /** HMAC secret of staff sign-in challenges (issue 11); required in production, ≥ 32 characters. */
  STAFF_TOKEN_SECRET: z.string().min(32).optional(),
  BANK_TOKEN_TTL_MS: z.coerce.number().int().min(60_000).max(3_600_000).default(15 * 60_000),
  SESSION_TTL_MS: z.coerce.number().int().min(60_000).max(30 * 24 * 3_600_000).default(24 * 3_600_000),
  /**
   * Who names a bank account's holder at sign-up (docs/adr/0040): `sandbox` (the quick start's
   * simulated name inquiry; the account is verified at sign-up) or `declared` (no provider: the
   * member types the names, and the account stays unverified until a credited deposit from it
   * shows the same name or staff confirm it; withdrawals wait for that).
   */
  NAME_INQUIRY_PROVIDER: z.enum(['sandbox', 'declared']).default('sandbox'),
  /**
   * `true` lets a production process run with sandbox providers (a staging site); it then logs a
   * warning at start. Otherwise production refuses every provider set to `sandbox`
   * (production-safety.ts).
   */
  ALLOW_SANDBOX_PROVIDERS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  SANDBOX_URL: z.string().url().default('http://127.0.0.1:3100'),
  SANDBOX_API_KEY: z.string().min(8).default('sandbox-dev-key'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Comma-separated origins allowed by CORS; empty = same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * The proxies (load balancers) whose X-Forwarded-For is believed: a comma-separated list of
   * addresses and CIDRs (`10.0.0.0/8,127.0.0.1`), or `false`. Never "trust everything": a client
   * could then choose its own address and walk past every per-address limit (issue 13 §2).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): false | string[] => {
      const text = value.trim();
      if (text === '' || text === 'false' || text === '0') return false;
      const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrCidr(entry));
      if (bad.length > 0) {
        context.addIssue({ code: 'custom', message: `must list proxy addresses or CIDRs (never "true"): ${bad.join(', ')}` });
        return z.NEVER;
      }
      return entries;
    }),
  /**
   * Who may read `GET /metrics` besides loopback, which always may (docs/operations/monitoring.md):
   * a comma-separated list of addresses and CIDRs (`10.0.5.0/24,2001:db8::7`), matched against the
   * client address (behind a proxy of TRUST_PROXY, the address it names). Empty = loopback only.
   */
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((value, context): string[] => {
      const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrCidr(entry));
      if (bad.length > 0) {
        context.addIssue({ code: 'custom', message: `must list addresses or CIDRs: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return entries;
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1_024).max(1_048_576).default(64 * 1024),
  /**
   * How long a client may take to send a whole request, headers and body (then 408 and the socket
   * closes: slowloris protection). Never a limit on the handler's work or on an event stream:
   * server-timeouts.ts, docs/adr/0038.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /** Folder of the built member site (apps/web/dist); served at / and /user/* when present. */
  WEB_DIST_DIR: z.string().optional(),
  /** Folder of the built back office (apps/admin/dist); served at /admin/ when present. */
  ADMIN_DIST_DIR: z.string().optional(),
  /**
   * Who pays withdrawals: `sandbox` (the sandbox bank's payout API) or `manual` (finance pays from
   * the house account's banking app and records it; the house account's debit SMS or statement
   * line confirms it, docs/adr/0039).
   */
  PAYOUT_PROVIDER: z.enum(['sandbox', 'manual']).default('sandbox'),
  /** Manual payouts: a payout recorded by staff and not confirmed by a debit notification after this long is flagged in the back office. */
  MANUAL_PAYOUT_CONFIRM_WITHIN_MS: z.coerce.number().int().min(60_000).max(604_800_000).default(7_200_000),
  /**
   * Manual payouts: a debit notification confirms a recorded payout only when its time is within
   * this of the time staff recorded (bank texts print minutes; staff type the time from the app).
   */
  MANUAL_PAYOUT_MATCH_WINDOW_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(1_800_000),
  /** A payout whose outcome is unknown and that the provider still does not know after this long is failed and refunded. */
  PAYOUT_UNKNOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  /**
   * An `approved` withdrawal nobody claimed for this long was left by a process that died between
   * the approval and the claim: the payout recovery job pays it (the claim is atomic, so a late
   * claim by the original process finds nothing to do).
   */
  PAYOUT_CLAIM_GRACE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** The period of the worker's recurring jobs: recoveries, bet pull, cashback and affiliate periods (docs/adr/0017). */
  RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /**
   * An outbox job still active after this long is taken as lost (its worker died) and retried
   * (pg-boss expiry). Must exceed the longest handler: a game transfer waits PROVIDER_TIMEOUT_MS.
   */
  OUTBOX_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(60),
  /** How often pg-boss looks for expired jobs (one worker at a time). */
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Accepted clock difference of a bank-feed delivery's timestamp. */
  FEED_TIMESTAMP_WINDOW_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(300_000),
  /** Secret of the demo feed sources the seed creates (the sandbox signs with it). */
  SANDBOX_FEED_SECRET: z.string().min(16).default('sandbox-feed-secret-change-me'),
  /**
   * A monitored feed source (SMS Gateway phones are, by default) silent longer than this, counted
   * inside its active hours, raises the silence alarm (docs/adr/0013). A source may set its own.
   */
  FEED_SILENCE_ALARM_MS: z.coerce.number().int().min(60_000).max(7 * 86_400_000).default(30 * 60_000),
  /** How long a rotated feed secret keeps working when staff do not say (rotate-secret `overlapMinutes`). */
  FEED_SECRET_OVERLAP_MS: z.coerce.number().int().min(0).max(7 * 86_400_000).default(24 * 3_600_000),
  /**
   * Which game partner members play at: `sandbox` (a transfer wallet: credit moves into a game
   * account, spec GameInfo) or `hub88` (Hub88's seamless wallet: money stays in the main wallet and
   * Hub88 calls `/seamless/hub88/…` for every bet, win and rollback; docs/adr/0046).
   */
  GAME_PARTNER_PROVIDER: z.enum(['sandbox', 'hub88']).default('sandbox'),
  /** Hub88's Operator API base URL (Games and Transactions API); unset = the sandbox's Hub88 (`SANDBOX_URL/hub88`). Required in production with hub88. */
  HUB88_API_URL: z.string().url().optional(),
  /** Sabai's operator_id at Hub88 (sent with every Games API call). */
  HUB88_OPERATOR_ID: z.coerce.number().int().positive().optional(),
  /** Hub88's public key (PEM text, `\\n` allowed for newlines): verifies `X-Hub88-Signature` on Hub88's wallet calls. Missing = every call refused (RS_ERROR_INVALID_SIGNATURE). */
  HUB88_PUBLIC_KEY: z.string().min(1).optional().transform((value) => value?.replaceAll('\\n', '\n')),
  /** Sabai's operator private key (PEM text, `\\n` allowed): signs Sabai's calls to Hub88. */
  HUB88_PRIVATE_KEY: z.string().min(1).optional().transform((value) => value?.replaceAll('\\n', '\n')),
  /** A Hub88 game session (launch token) lapses after this long without a bet or balance call (RS_ERROR_TOKEN_EXPIRED for bets; wins and rollbacks still accepted). */
  HUB88_SESSION_IDLE_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(30 * 60_000),
  GAME_PARTNER_AGENT_ID: z.string().min(3).max(64).default('sabai-demo-agent'),
  GAME_PARTNER_AGENT_SECRET: z.string().min(16).default('sandbox-agent-secret-change-me'),
  /**
   * How old a game partner balance reading a member's `profile/balance` may show (ms, with the time
   * it was read): a reading is asked again once older, or at once when the member's game wallet in
   * our ledger moved since (a transfer in or out, booked rounds). 0 = ask the partner on every call.
   * Staff's member page always asks (docs/adr/0053, addendum of branch h5).
   */
  GAME_BALANCE_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Prefix of members' game usernames at the partner (the site prefix), 2–6 lowercase letters. */
  GAME_USERNAME_PREFIX: z.string().regex(/^[a-z]{2,6}$/).default('sbi'),
  /**
   * The longest the game partner may take to apply a transfer it has received (its documented
   * maximum; a late apply beyond it is the partner's fault and is caught by reconciliation).
   */
  GAME_PARTNER_MAX_APPLY_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * A game transfer the partner still reports "not found" is voided only after this long. Must be
   * longer than PROVIDER_TIMEOUT_MS + GAME_PARTNER_MAX_APPLY_MS (checked at boot, issue 15).
   */
  GAME_TRANSFER_VOID_GRACE_MS: z.coerce.number().int().min(1_000).max(7 * 86_400_000).default(600_000),
  /**
   * How long a member's launch / withdrawal waits for their other running money operation before a
   * Thai 409 MEMBER_BUSY, answered before any work (issue 24 §3: at most 3 s, so a burst of a
   * member's calls gets answers, not a queue; docs/adr/0038).
   */
  MEMBER_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(3_000).default(3_000),
  /** Length of the cashback and affiliate periods in minutes, dividing a day (1440 = daily, Bangkok days). */
  CASHBACK_PERIOD_MINUTES: z.coerce.number().int().min(1).max(1_440).refine((minutes) => 1_440 % minutes === 0, 'must divide a day').default(1_440),
  /** LINE Messaging API channel secret: signs LINE's webhook deliveries (X-Line-Signature, docs/line.md). */
  LINE_CHANNEL_SECRET: z.string().min(16).default('sandbox-line-channel-secret-change-me'),
  /** LINE Messaging API long-lived channel access token (bearer of push / reply / link-token calls). */
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(16).default('sandbox-line-access-token-change-me'),
  /** LINE Messaging API base URL; unset = the sandbox's LINE (`SANDBOX_URL`). Production: `https://api.line.me`. */
  LINE_API_BASE_URL: z.string().url().optional(),
  /**
   * How long a LINE call may take before we stop waiting and count it as unanswered (a push is
   * then retried with the same X-Line-Retry-Key, so LINE delivers it once). The SDK's fetch has
   * no timeout of its own.
   */
  LINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The staff group on LINE that hears back-office alerts (issue 25 §4, docs/adr/0052): a withdrawal
   * waiting for approval, a silent SMS phone (feed source), a failed payout. A LINE group id
   * (`C` + 32 hex); unset = no staff alerts. The bot must be a member of the group.
   */
  LINE_STAFF_GROUP_ID: z.string().regex(/^C[0-9a-f]{32}$/, 'a LINE group id: C + 32 hex').optional(),
  /** LINE's account-link dialog; unset = the sandbox's (`SANDBOX_URL/line/dialog/bot/accountLink`). Production: `https://access.line.me/dialog/bot/accountLink`. */
  LINE_ACCOUNT_LINK_URL: z.string().url().optional(),
  /**
   * The member site's page that continues the account link (`?lineLinkToken=` is appended), sent to
   * LINE users by reply. Unset = `/user/profile` on the host LINE's webhook reached (the quick
   * start serves the site from the API); required in production.
   */
  LINE_LINK_PAGE_URL: z.string().url().optional(),
  /**
   * The batched ledger posting path (issue 16 §5, docs/adr/0026): `on` lets deposits, game
   * transfers and cashback claims that arrive together share one transaction and one commit;
   * `off` gives every one its own transaction (the single path). `on` by default since the journey
   * failure first blamed on it was found to be the member stream's gap (ADR 0026 "Default").
   */
  LEDGER_BATCHING: z.enum(['on', 'off']).default('on'),
  /**
   * How answers are serialized (issue 29 §2, docs/adr/0053): `compiled` (default) by
   * fast-json-stringify from each response schema's JSON Schema; `zod` parses every answer with its
   * zod schema first (the earlier path; kept for before/after measurements).
   */
  RESPONSE_SERIALIZER: z.enum(['compiled', 'zod']).default('compiled'),
  /**
   * Who sends SMS (one-time codes, account notices; issue 27 §2, docs/adr/0042): `sms-gateway` (the
   * operator's Android phone running SMS Gateway for Android, through its API: the local server or
   * the cloud relay) or `sandbox` (the sandbox's double of that same API).
   */
  SMS_PROVIDER: z.enum(['sandbox', 'sms-gateway']).default('sandbox'),
  /** SMS Gateway for Android API base: the cloud relay (default) or the phone's local server `http://<phone>:8080`. */
  SMS_GATEWAY_URL: z.string().url().default('https://api.sms-gate.app/3rdparty/v1'),
  /** The app's API username and password (Basic authentication); required in production with sms-gateway. */
  SMS_GATEWAY_USERNAME: z.string().min(1).max(200).optional(),
  SMS_GATEWAY_PASSWORD: z.string().min(1).max(200).optional(),
  /**
   * The app's webhook signing key: the sms:sent / sms:delivered / sms:failed webhooks posted to
   * `/sms-gateway/v1/events` are signed with it (X-Signature, X-Timestamp). The app has one key
   * per device: when the sending phone also feeds bank SMS, it is that feed source's key too.
   */
  SMS_GATEWAY_SIGNING_KEY: z.string().min(16).default('sandbox-sms-signing-key-change-me'),
  /**
   * Keys the HMAC-SHA256 of one-time codes and seals an SMS text until it is sent (AES-256-GCM);
   * ≥ 32 characters, required in production (outside it, one random secret per database).
   */
  OTP_SECRET: z.string().min(32).optional(),
  /** How long a registration (checkPhone → verifyPhone → checkBank → signup) stays usable. */
  REGISTRATION_TTL_MS: z.coerce.number().int().min(5 * 60_000).max(24 * 3_600_000).default(60 * 60_000),
  /**
   * Abuse ceiling of registrations started (checkPhone), bank checks and sign-ups per client address
   * (IPv6: its /64) and hour; verifying and resending codes get three times as many. High because a
   * Thai carrier puts thousands of customers behind one NAT address (docs/adr/0042); the limits that
   * protect are per phone, per registration and per member.
   */
  REGISTRATION_ADDRESS_CEILING_PER_HOUR: z.coerce.number().int().min(10).max(100_000).default(300),
  /**
   * Who verifies a transfer slip's mini QR (issue 28 §2, docs/adr/0055): `sandbox` (the sandbox bank
   * issues slips for its transfers; production refuses it), `scb` or `kbank` (their published slip
   * verification APIs; credentials below, required in production when chosen).
   */
  SLIP_VERIFY_PROVIDER: z.enum(['sandbox', 'scb', 'kbank']).default('sandbox'),
  /** SCB Partners API base (sandbox default; production `https://api.partners.scb/partners`). */
  SLIP_SCB_API_URL: z.string().url().default('https://api-sandbox.partners.scb/partners/sandbox'),
  SLIP_SCB_API_KEY: z.string().min(8).optional(),
  SLIP_SCB_API_SECRET: z.string().min(8).optional(),
  /** KBank API base (sandbox default; production `https://openapi.kasikornbank.com`). */
  SLIP_KBANK_API_URL: z.string().url().default('https://openapi-sandbox.kasikornbank.com'),
  SLIP_KBANK_CONSUMER_ID: z.string().min(8).optional(),
  SLIP_KBANK_CONSUMER_SECRET: z.string().min(8).optional(),
  /** A slip older than this (its transfer's time) is not credited automatically: held for staff (docs/adr/0055). */
  SLIP_MAX_AGE_MS: z.coerce.number().int().min(3_600_000).max(30 * 86_400_000).default(3 * 86_400_000),
  /** The same transfer by SMS / statement and by slip: times within this of each other (SMS prints minutes; docs/adr/0055). */
  SLIP_SAME_TRANSFER_WINDOW_MS: z.coerce.number().int().min(60_000).max(3_600_000).default(180_000),
  /** Multiplies every rate limit (tests raise it; never set below 1 in production). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1_000_000).default(1),
});

export type AppConfig = z.infer<typeof configSchema>;

/** The values each `*_PROVIDER` variable accepts, read from the schema (production-safety names them). */
function providerChoices(): Record<string, readonly string[]> {
  const choices: Record<string, readonly string[]> = {};
  for (const [name, schema] of Object.entries(configSchema.shape)) {
    if (!name.endsWith('_PROVIDER')) continue;
    const inner: unknown = schema instanceof z.ZodDefault ? schema.unwrap() : schema;
    if (inner instanceof z.ZodEnum) choices[name] = inner.options.map(String);
  }
  return choices;
}

/**
 * Parses configuration from `env` (defaults to process.env).
 * @throws Error listing every invalid variable; in production also every secret that is missing or
 *   a published default (production-safety.ts), all named at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const unsafe = productionConfigProblems(parsed.data, present, providerChoices());
  if (unsafe.length > 0) throw new Error(`Invalid configuration for production: ${unsafe.join('; ')}`);
  if (parsed.data.GAME_TRANSFER_VOID_GRACE_MS <= parsed.data.PROVIDER_TIMEOUT_MS + parsed.data.GAME_PARTNER_MAX_APPLY_MS) {
    throw new Error('Invalid configuration: GAME_TRANSFER_VOID_GRACE_MS must be longer than PROVIDER_TIMEOUT_MS + GAME_PARTNER_MAX_APPLY_MS');
  }
  return parsed.data;
}

/**
 * The lease of a member's money lock (lib/member-lock.ts): longer than the longest guarded
 * operation, which makes at most a dozen partner calls, each bounded by PROVIDER_TIMEOUT_MS.
 */
export const memberLockLeaseMs = (config: Pick<AppConfig, 'PROVIDER_TIMEOUT_MS'>): number => config.PROVIDER_TIMEOUT_MS * 12 + 5_000;
