import type { Db } from '@sabai/db';
import type { PostingBatcher } from '@sabai/ledger';
import type { AppConfig } from './config.ts';
import type { NameInquiryAdapter } from './adapters/name-inquiry/index.ts';
import type { PayoutAdapter } from './adapters/payout/index.ts';
import type { PartnerAdapter } from './adapters/partner/index.ts';
import type { SmsAdapter } from './adapters/sms/index.ts';
import type { SlipVerifyAdapter } from './adapters/slip-verify/index.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { SiteSettingsCache } from './modules/site/index.ts';

/**
 * What use cases need from the outside world, built once by buildApp and passed explicitly
 * (no globals), so routes, jobs, scripts and tests share the same use cases.
 */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /**
   * Where throughput matters (deposits, game transfers, cashback claims), units of work that post
   * run through this: those arriving together share one transaction and commit (docs/adr/0026;
   * config LEDGER_BATCHING). Close it before `db`.
   */
  postings: PostingBatcher;
  /** Null with NAME_INQUIRY_PROVIDER=declared: nobody outside names an account's holder (docs/adr/0040). */
  nameInquiry: NameInquiryAdapter | null;
  payout: PayoutAdapter;
  partner: PartnerAdapter;
  /** Sends SMS (one-time codes, account notices): SMS_PROVIDER, issue 27 §2. Called by the worker's send-sms handler only. */
  sms: SmsAdapter;
  /** Asks the sending bank for the transfer a slip names: SLIP_VERIFY_PROVIDER, issue 28 §2. Never inside a transaction. */
  slipVerify: SlipVerifyAdapter;
  rateLimiter: RateLimiter;
  siteSettings: SiteSettingsCache;
  /** HMAC secret for checkBank tokens (config; outside production, one random secret per database). */
  bankTokenSecret: string;
  /** HMAC secret of staff sign-in challenges (config STAFF_TOKEN_SECRET; outside production one per database). */
  staffTokenSecret: string;
  /** Keys one-time code hashes and sealed SMS texts (config OTP_SECRET; outside production one per database). */
  otpSecret: string;
  /** Current time; tests move it. */
  now: () => Date;
}
