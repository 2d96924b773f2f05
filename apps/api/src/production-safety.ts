import type { AppConfig } from './config.ts';

/**
 * Values published in this repository (defaults, the quick start, the docs). A production process
 * that uses one of them has a secret everybody knows (issue 13 §2).
 */
export const PUBLISHED_DEFAULT_SECRETS: readonly string[] = [
  'sabai-demo-admin-token-change-me',
  'sandbox-agent-secret-change-me',
  'sandbox-dev-key',
  'sandbox-feed-secret-change-me',
  'sandbox-line-channel-secret-change-me',
  'sandbox-line-access-token-change-me',
  'sandbox-sms-signing-key-change-me',
  'test-bank-token-secret-0123456789abcdef',
  'test-admin-token-0123456789abcdef',
  'test-feed-secret-0123456789',
  'test-sandbox-key',
];

/**
 * Every reason a production process must not start (issue 13 §2, "fail closed"): a secret that
 * is missing or equals a published default, and (issue 24 §2) a provider role left on the sandbox
 * without ALLOW_SANDBOX_PROVIDERS=true; `choices` lists the values each provider variable
 * accepts, so the message says what to set instead. Feed-source secrets live in the database and are
 * checked there (modules/deposits/feed-sources). Empty when `NODE_ENV` is not production.
 */
export function productionConfigProblems(
  config: AppConfig,
  env: Record<string, string | undefined>,
  choices: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secrets: Array<[name: string, value: string | undefined]> = [
    ['BANK_TOKEN_SECRET', config.BANK_TOKEN_SECRET],
    ['STAFF_TOKEN_SECRET', config.STAFF_TOKEN_SECRET],
    // These have quick-start defaults: in production they must be set explicitly. The sandbox
    // partner's agent secret only while it is the partner (Hub88 signs with keys, below).
    ...(config.GAME_PARTNER_PROVIDER === 'sandbox' ? [['GAME_PARTNER_AGENT_SECRET', env.GAME_PARTNER_AGENT_SECRET] as [string, string | undefined]] : []),
    ['SANDBOX_API_KEY', env.SANDBOX_API_KEY],
    ['SANDBOX_FEED_SECRET', env.SANDBOX_FEED_SECRET],
    ['LINE_CHANNEL_SECRET', env.LINE_CHANNEL_SECRET],
    ['LINE_CHANNEL_ACCESS_TOKEN', env.LINE_CHANNEL_ACCESS_TOKEN],
    ['OTP_SECRET', config.OTP_SECRET],
  ];
  // Issue 27 §2: the operator's phone sends SMS; its API credentials and webhook key are secrets.
  if (config.SMS_PROVIDER === 'sms-gateway') {
    secrets.push(['SMS_GATEWAY_USERNAME', config.SMS_GATEWAY_USERNAME], ['SMS_GATEWAY_PASSWORD', config.SMS_GATEWAY_PASSWORD], ['SMS_GATEWAY_SIGNING_KEY', env.SMS_GATEWAY_SIGNING_KEY]);
  }
  for (const [name, value] of secrets) {
    if (value === undefined || value === '') problems.push(`${name} is required in production`);
    else if (PUBLISHED_DEFAULT_SECRETS.includes(value)) problems.push(`${name} is a published default; set a secret of your own`);
  }
  // Issue 28 §2: a bank's slip verification needs its credentials.
  if (config.SLIP_VERIFY_PROVIDER === 'scb') {
    for (const name of ['SLIP_SCB_API_KEY', 'SLIP_SCB_API_SECRET'] as const) if (!config[name]) problems.push(`${name} is required in production with SLIP_VERIFY_PROVIDER=scb`);
  }
  if (config.SLIP_VERIFY_PROVIDER === 'kbank') {
    for (const name of ['SLIP_KBANK_CONSUMER_ID', 'SLIP_KBANK_CONSUMER_SECRET'] as const) if (!config[name]) problems.push(`${name} is required in production with SLIP_VERIFY_PROVIDER=kbank`);
  }
  // Issue 30 §4: Hub88's seamless wallet cannot verify its calls or sign ours without the keys.
  if (config.GAME_PARTNER_PROVIDER === 'hub88') {
    for (const name of ['HUB88_PUBLIC_KEY', 'HUB88_PRIVATE_KEY', 'HUB88_OPERATOR_ID', 'HUB88_API_URL'] as const) {
      if (config[name] === undefined || config[name] === '') problems.push(`${name} is required in production with GAME_PARTNER_PROVIDER=hub88`);
    }
  }
  if (!config.LINE_LINK_PAGE_URL) problems.push('LINE_LINK_PAGE_URL is required in production (the member site\'s profile page LINE users are sent to)');
  if (!config.ALLOW_SANDBOX_PROVIDERS) {
    for (const provider of sandboxProviders(config)) {
      const others = (choices[provider.variable] ?? []).filter((value) => value !== 'sandbox');
      const fix = provider.variable.endsWith('_URL')
        ? `set it to ${provider.realValue}`
        : others.length > 0
          ? `set it to ${others.join(' or ')}`
          : 'no real provider exists yet for it in this build';
      problems.push(
        `${provider.variable} is the sandbox (${provider.what}); ${fix}, or set ALLOW_SANDBOX_PROVIDERS=true on a staging site`,
      );
    }
  }
  return problems;
}

/** A provider role answered by apps/sandbox under this configuration. */
export interface SandboxProvider {
  variable: string;
  what: string;
  /** For the URL variables: the production address to set instead. */
  realValue?: string;
}

/**
 * Which provider roles this configuration points at the sandbox (issue 24 §2): the provider
 * variables whose value is the literal `sandbox` (their defaults, so a production configuration
 * must name real ones), and LINE's API and account-link dialog when their URL is unset (then
 * they are the sandbox's LINE). Compares to the literal so providers added later (`manual`, a
 * bank's) are real by construction.
 */
export function sandboxProviders(config: AppConfig): SandboxProvider[] {
  const found: SandboxProvider[] = [];
  const roles: Array<[variable: string, value: string, what: string]> = [
    ['NAME_INQUIRY_PROVIDER', config.NAME_INQUIRY_PROVIDER, 'simulated bank-account holder names'],
    ['PAYOUT_PROVIDER', config.PAYOUT_PROVIDER, 'simulated payouts: withdrawals would never reach a bank'],
    ['GAME_PARTNER_PROVIDER', config.GAME_PARTNER_PROVIDER, 'the simulated game partner'],
    ['SMS_PROVIDER', config.SMS_PROVIDER, 'simulated SMS: one-time codes would reach nobody'],
    ['SLIP_VERIFY_PROVIDER', config.SLIP_VERIFY_PROVIDER, 'simulated slip verification: any sandbox slip would credit'],
  ];
  for (const [variable, value, what] of roles) if (value === 'sandbox') found.push({ variable, what });
  if (!config.LINE_API_BASE_URL) found.push({ variable: 'LINE_API_BASE_URL', what: 'unset: the sandbox\'s LINE', realValue: 'https://api.line.me' });
  if (!config.LINE_ACCOUNT_LINK_URL) {
    found.push({ variable: 'LINE_ACCOUNT_LINK_URL', what: 'unset: the sandbox\'s account-link dialog', realValue: 'https://access.line.me/dialog/bot/accountLink' });
  }
  return found;
}

/**
 * The line the API and the worker log at start when a production process runs with sandbox
 * providers because ALLOW_SANDBOX_PROVIDERS=true (a staging site); null otherwise.
 */
export function sandboxProvidersWarning(config: AppConfig): string | null {
  if (config.NODE_ENV !== 'production' || !config.ALLOW_SANDBOX_PROVIDERS) return null;
  const sandboxed = sandboxProviders(config);
  if (sandboxed.length === 0) return null;
  return `staging: sandbox providers in use (ALLOW_SANDBOX_PROVIDERS=true): ${sandboxed.map((provider) => provider.variable).join(', ')}; not for real members or real money`;
}
