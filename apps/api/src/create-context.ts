import { openDatabase, type Db } from '@sabai/db';
import { createPostingBatcher } from '@sabai/ledger';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createNameInquiry, type NameInquiryAdapter } from './adapters/name-inquiry/index.ts';
import { createPayout, type PayoutAdapter } from './adapters/payout/index.ts';
import { createPartner, type PartnerAdapter } from './adapters/partner/index.ts';
import { createSms, type SmsAdapter } from './adapters/sms/index.ts';
import { createSlipVerify, type SlipVerifyAdapter } from './adapters/slip-verify/index.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { createSiteSettingsCache } from './modules/site/index.ts';
import { sharedDevelopmentSecret } from './lib/development-secret.ts';

export interface ContextOptions {
  /** An open database; when absent one is opened from config (the caller closes `context.db`). */
  db?: Db;
  nameInquiry?: NameInquiryAdapter | null;
  payout?: PayoutAdapter;
  partner?: PartnerAdapter;
  sms?: SmsAdapter;
  slipVerify?: SlipVerifyAdapter;
  now?: () => Date;
}

/**
 * Builds what use cases need (context.ts) from the configuration: the database, the provider
 * adapters, rate limits, site settings, secrets. Shared by the API (app.ts) and the worker
 * (worker-main.ts), so both processes run the same use cases against the same database.
 */
export async function createAppContext(config: AppConfig, options: ContextOptions = {}): Promise<AppContext> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` }));
  const context: AppContext = {
    config,
    db,
    postings: createPostingBatcher(db, { enabled: config.LEDGER_BATCHING === 'on' }),
    nameInquiry: options.nameInquiry !== undefined ? options.nameInquiry : createNameInquiry(config),
    payout: options.payout ?? createPayout(config),
    partner: options.partner ?? createPartner(config),
    sms: options.sms ?? createSms(config),
    slipVerify: options.slipVerify ?? createSlipVerify(config),
    // Read through the context, so a test that sets `context.now` moves the windows too.
    rateLimiter: new RateLimiter(db, config.RATE_LIMIT_SCALE, () => context.now()),
    siteSettings: createSiteSettingsCache(db),
    // Unset outside production: one secret per database, so a checkBank on one process and the
    // sign-up on another agree (several processes share one PostgreSQL).
    bankTokenSecret: config.BANK_TOKEN_SECRET ?? (await sharedDevelopmentSecret(db, 'bank_token')),
    staffTokenSecret: config.STAFF_TOKEN_SECRET ?? (await sharedDevelopmentSecret(db, 'staff_token')),
    otpSecret: config.OTP_SECRET ?? (await sharedDevelopmentSecret(db, 'otp')),
    now: options.now ?? (() => new Date()),
  };
  return context;
}
